import type { Language } from '@ricambi/domain';
import { localizedText } from '@ricambi/domain';
import { csvDocument } from '../../platform/csv.ts';
import { csvTexts } from '../../platform/texts.ts';
import type { VisibilitaJoined } from './visibility.repository.ts';

/** The row as the API shows it (the machine description in the user's language). */
export const toVisibilita = (j: VisibilitaJoined, lang: Language) => {
  const person = [j.firstName, j.lastName].filter(Boolean).join(' ');
  return {
    id: j.row.id,
    dealerLogin: j.row.dealerLogin,
    login: j.row.login,
    subdealerName: j.company?.trim() || person || null,
    matricola: j.row.matricola,
    mtDescr: j.descrizione ? localizedText(j.descrizione, lang) || null : null,
    note: j.row.note,
    createdBy: j.row.createdBy,
    createdDate: j.row.createdDate.toISOString(),
    lastModifiedBy: j.row.lastModifiedBy,
    lastModifiedDate: j.row.lastModifiedDate?.toISOString() ?? null,
  };
};

type Column = 'dealer' | 'login' | 'name' | 'matricola' | 'descr' | 'note' | 'createdBy' | 'createdDate';
const COLUMNS: Column[] = ['dealer', 'login', 'name', 'matricola', 'descr', 'note', 'createdBy', 'createdDate'];

/** yyyy-MM-dd HH:mm in the portal's time zone. */
const csvDate = (iso: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Rome',
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(iso));

/** The rows as CSV, titles and file name from csv.json in the user's language. */
export const toVisibilitaCsv = (items: readonly VisibilitaJoined[], dealer: string | undefined, lang: Language) => {
  const texts = csvTexts<Column>('visibility', lang);
  const rows = items.map((j) => {
    const row = toVisibilita(j, lang);
    const values: Record<Column, string | null> = {
      dealer: row.dealerLogin,
      login: row.login,
      name: row.subdealerName,
      matricola: row.matricola,
      descr: row.mtDescr,
      note: row.note,
      createdBy: row.createdBy,
      createdDate: csvDate(row.createdDate),
    };
    return COLUMNS.map((c) => values[c]);
  });
  return {
    fileName: `${texts.fileName}-${dealer ?? 'all'}.csv`,
    body: csvDocument(
      COLUMNS.map((c) => texts.columns[c]),
      rows,
    ),
  };
};
