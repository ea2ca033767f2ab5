import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@ricambi/domain';
import { REPO_ROOT } from '../config.ts';

// The server's own texts (mails, PDFs, CSV titles) live with every other translation, one
// namespace file per language under apps/web/src/i18n, read once and kept.
const I18N_DIR = path.join(REPO_ROOT, 'apps/web/src/i18n');
const cache = new Map<string, Record<string, unknown>>();

/** The whole namespace file (`mail`, `pdf`, `csv`, ...) of a language; the default language when unknown. */
export const serverTexts = <T = Record<string, unknown>>(namespace: string, lang: string): T => {
  const language: Language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  const key = `${language}/${namespace}`;
  let found = cache.get(key);
  if (!found) {
    found = JSON.parse(fs.readFileSync(path.join(I18N_DIR, language, `${namespace}.json`), 'utf8')) as Record<
      string,
      unknown
    >;
    cache.set(key, found);
  }
  return found as T;
};

/** Column titles and file name of one CSV export (a top-level key of csv.json). */
export type CsvTexts<C extends string> = { fileName: string; columns: Record<C, string> };
export const csvTexts = <C extends string>(
  exportName: 'cart' | 'whereused' | 'visibility' | 'storicoOrdine',
  lang: string,
) => serverTexts<Record<string, CsvTexts<C>>>('csv', lang)[exportName] as CsvTexts<C>;
