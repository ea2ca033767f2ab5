// The dealer's checklist pages, one chunk loaded with the first of them (checklists.routes.ts).
export { ChecklistDetailPage } from './ChecklistDetailPage.tsx';
export { ChecklistListPage } from './ChecklistListPage.tsx';
