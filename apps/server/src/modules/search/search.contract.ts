/** What other modules may use of the search module: the search log and the reindexing of articles. */

export { type ReindexResult, reindexAll, reindexArticles, reindexChanged } from './search.indexer.ts';
export { createSearchLog, type SearchKind, type SearchLog, type SearchOrigin, searchOriginOf } from './search.log.ts';
