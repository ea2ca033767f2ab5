export * from './audit.schema.ts';
export * from './banners.schema.ts';
export * from './catalogue.schema.ts';
export * from './i18n.schema.ts';
export * from './outbox.schema.ts';
export * from './sessions.schema.ts';
export * from './themes.schema.ts';
export * from './users.schema.ts';
