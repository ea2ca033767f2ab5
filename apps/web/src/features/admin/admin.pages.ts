// The monitoring pages in one chunk, loaded when one of them opens (admin.routes.ts).
export * from './AuditsPage.tsx';
export * from './ConfigurationPage.tsx';
export * from './DocsPage.tsx';
export * from './HealthPage.tsx';
export * from './LogsPage.tsx';
export * from './MetricsPage.tsx';
export * from './OutboxPage.tsx';
