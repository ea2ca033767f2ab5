export * from './account.schemas.ts';
export * from './i18n.constants.ts';
export * from './limits.constants.ts';
export * from './password.rules.ts';
export * from './problem.schemas.ts';
export * from './roles.constants.ts';
export * from './routing.rules.ts';
export * from './theme.schemas.ts';
