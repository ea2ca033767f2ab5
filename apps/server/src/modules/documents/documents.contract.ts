// The technical documents' public surface: what the app and the seed may use.
export { searchTextOf } from './documents.repository.ts';
export { createDocumentAdmin, type DocumentAdmin, documentView } from './documents.service.ts';
