import { config } from 'zod/v4/core';

// The portal's policy forbids eval (script-src 'self'), yet zod probes for it with `new Function`
// when its first object schema is built: a policy violation on every page. Every `zod` import of the
// web build resolves to this module (vite.config.ts), so the probe is turned off before any schema.
config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
