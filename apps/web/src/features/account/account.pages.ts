// The account pages but login in one chunk (account.routes.ts); login, the first page, loads alone.
export * from './ActivatePage.tsx';
export * from './PasswordPage.tsx';
export * from './RegisterPage.tsx';
export * from './ResetFinishPage.tsx';
export * from './ResetRequestPage.tsx';
export * from './SessionsPage.tsx';
export * from './SettingsPage.tsx';
