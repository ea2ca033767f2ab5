import type { I18nText } from '@ricambi/domain';
import type { i18nText } from '../../db/schema/index.ts';

type Row = typeof i18nText.$inferSelect;

export const toI18nText = (row: Record<string, unknown>): I18nText => {
  const r = row as Row;
  return {
    textId: r.textId,
    localeId: r.localeId,
    text: r.text,
    createdBy: r.createdBy,
    createdDate: r.createdDate.toISOString(),
    lastModifiedBy: r.lastModifiedBy,
    lastModifiedDate: r.lastModifiedDate?.toISOString() ?? null,
  };
};

/** The stored texts of one language as the web lays them over its bundle: text id -> text. */
export const toOverrides = (rows: readonly { textId: string; text: string }[]): Record<string, string> =>
  Object.fromEntries(rows.map((r) => [r.textId, r.text]));
