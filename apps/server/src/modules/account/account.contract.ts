/** What other modules may use of the account module: the account-created mail of user management. */
export { queueAccountCreatedMail } from './account.service.ts';
