import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@ricambi/domain';
import { describe, expect, it } from 'vitest';

const I18N = path.resolve(import.meta.dirname);
const WEB_SRC = path.resolve(I18N, '..');
const SERVER_SRC = path.resolve(WEB_SRC, '../../server/src');
const DOMAIN_SRC = path.resolve(WEB_SRC, '../../../packages/domain/src');

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): Map<string, string> =>
  new Map(
    Object.entries(tree).flatMap(([k, v]) =>
      typeof v === 'string' ? [[`${prefix}${k}`, v] as const] : [...flatten(v, `${prefix}${k}.`)],
    ),
  );

const namespaces = fs.readdirSync(path.join(I18N, 'it')).filter((f) => f.endsWith('.json'));
const load = (lang: string, file: string) => flatten(JSON.parse(fs.readFileSync(path.join(I18N, lang, file), 'utf8')));
const italian = new Map(namespaces.filter((f) => f !== 'mail.json').flatMap((f) => [...load('it', f)]));

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });

describe('translations', () => {
  it.each(LANGUAGES.filter((l) => l !== 'it'))('%s has exactly the keys of Italian, none empty', (lang) => {
    for (const file of namespaces) {
      const it = load('it', file);
      const other = load(lang, file);
      expect([...other.keys()].sort(), `${lang}/${file}`).toEqual([...it.keys()].sort());
      for (const [key, value] of other) {
        expect(value.trim(), `${lang}/${file} ${key}`).not.toBe('');
        const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
        expect(placeholders(value), `${lang}/${file} ${key}`).toEqual(placeholders(it.get(key) ?? ''));
      }
    }
  });

  it('has every key the web uses', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(WEB_SRC)) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z][\w-]*(?:\.[\w-]+)+)'/g)) used.add(m[1] as string);
      for (const m of text.matchAll(/(?:titleKey|fallbackKey|errorKey):\s*'([\w.-]+)'/g)) used.add(m[1] as string);
    }
    // Keys built from values at run time.
    for (const lang of LANGUAGES) used.add(`global.language.${lang}`);
    for (const level of ['veryWeak', 'weak', 'fair', 'good', 'strong'])
      used.add(`global.messages.validate.newpassword.level.${level}`);
    for (const cookie of ['session', 'rememberme', 'xsrf', 'language']) used.add(`privacy.cookies.${cookie}`);
    for (const status of [400, 401, 403, 404, 405, 413, 415, 429, 500, 503]) used.add(`error.http.${status}`);
    const missing = [...used].filter((key) => !italian.has(key));
    expect(missing).toEqual([]);
  });

  it('has every message key the server sends', () => {
    const used = new Set<string>();
    for (const file of [...sourceFiles(SERVER_SRC), ...sourceFiles(DOMAIN_SRC)]) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(
        /'((?:error|validation|activate|reset|settings|password|sessions|login|register|actas|userManagement|cart|checkout|importOrder|tariff|jricambiApp|storicoOrdine|crDar|crDarTemplate|upload)\.[\w.-]+)'/g,
      ))
        used.add(m[1] as string);
    }
    for (const key of [
      'validation.required',
      'validation.minlength',
      'validation.maxlength',
      'validation.min',
      'validation.max',
      'validation.email',
      'validation.pattern',
      'validation.invalid',
    ])
      used.add(key);
    const missing = [...used].filter((key) => !italian.has(key) && !key.endsWith('.'));
    expect(missing).toEqual([]);
  });
});
