import type { WhereUsedType } from '@ricambi/domain';
import { csvDocument } from '../../platform/csv.ts';
import { csvTexts } from '../../platform/texts.ts';
import type { WhereUsedMatch } from './whereused.repository.ts';

type Column = 'mtMatricola' | 'crCod' | 'rigIdTav';

/** The rows as CSV: serial and catalogue code, and the plate for artTavola; titles and file name from csv.json. */
export const toWhereUsedCsv = (rows: readonly WhereUsedMatch[], type: WhereUsedType, term: string, lang: string) => {
  const texts = csvTexts<Column>('whereused', lang);
  const columns: Column[] = type === 'artTavola' ? ['mtMatricola', 'crCod', 'rigIdTav'] : ['mtMatricola', 'crCod'];
  return {
    fileName: `${texts.fileName}-${type}-${term}.csv`,
    body: csvDocument(
      columns.map((c) => texts.columns[c]),
      rows.map((row) => columns.map((c) => row[c])),
    ),
  };
};
