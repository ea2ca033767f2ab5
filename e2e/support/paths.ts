import path from 'node:path';

/** The port of the app under test; E2E_PORT lets two runs share a machine. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18181);
export const E2E_TMP = path.resolve(import.meta.dirname, `../../.tmp/e2e-${E2E_PORT}`);
export const MAIL_DIR = path.join(E2E_TMP, 'mail');
export const DATA_DIR = path.join(E2E_TMP, 'data');
