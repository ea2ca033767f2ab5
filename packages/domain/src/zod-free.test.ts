import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The web's shell (route table, header, cart dropdown, ticket count) and the sign-in page read these
// files on every page; one import of a schema file would put all of zod (~26 KB gzip) in every
// page's first script (docs/decisions.md, "A light first page").
const SHELL_FILES = [
  'roles.constants.ts',
  'limits.constants.ts',
  'headers.constants.ts',
  'i18n.constants.ts',
  'uploads.constants.ts',
  'tickets.constants.ts',
  'theme.rules.ts',
  'act-as.rules.ts',
  'banners.rules.ts',
  'cart.rules.ts',
  'units.rules.ts',
  'shipping-calculator.rules.ts',
];

const DIR = import.meta.dirname;
const IMPORT = /^import\s+(type\s+)?[^'"]*from\s+'([^']+)';/gm;

/** The modules a file loads at run time, followed through relative imports (type imports skipped). */
const runtimeImports = (file: string, seen = new Set<string>()): Set<string> => {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = fs.readFileSync(path.join(DIR, file), 'utf8');
  for (const [, typeOnly, target] of text.matchAll(IMPORT)) {
    if (typeOnly || !target) continue;
    if (target.startsWith('./')) runtimeImports(target.slice(2), seen);
    else seen.add(target);
  }
  return seen;
};

describe('the files the web shell reads take no zod along', () => {
  it.each(SHELL_FILES)('%s', (file) => {
    expect([...runtimeImports(file)].filter((m) => m === 'zod' || m.endsWith('.schemas.ts'))).toEqual([]);
  });
});
