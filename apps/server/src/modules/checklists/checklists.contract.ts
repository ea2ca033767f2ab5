/**
 * What others may use of the checklists: the administration's line edits recompute their checklist's
 * state and score in their own transaction, as the dealer's answers do.
 */
export { recomputeChecklist } from './checklists.service.ts';
