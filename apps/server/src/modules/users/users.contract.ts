/** What other modules may use of the users module: the user search conditions and summary columns. */
export { holdsAuthority, userMatches, userSummaryColumns } from './users.repository.ts';
