import { businessToday, formatItalianDate, type Language, type OrderHistoryLine } from '@ricambi/domain';
import type { storicoOrdineRiga } from '../../db/schema/index.ts';
import { csvFormatOf } from '../../platform/csv.ts';
import { type CsvTexts, serverTexts } from '../../platform/texts.ts';

export type HistoryLineRow = typeof storicoOrdineRiga.$inferSelect & {
  nroOrdTxt: string;
  rifVsNroOrd: string | null;
  portale: boolean;
  cliente: string;
};

/** What the term filter looks in: code, description, serial and the order, shipment and invoice numbers. */
export const historySearchText = (line: {
  codArt: string;
  descRiga: string;
  matricola?: string | null;
  nroOrdTxt: string;
  rifVsNroOrd?: string | null;
  nroSpedTxt?: string | null;
  nroFattTxt?: string | null;
  wayBill?: string | null;
}) =>
  [
    line.codArt,
    line.descRiga,
    line.matricola,
    line.nroOrdTxt,
    line.rifVsNroOrd,
    line.nroSpedTxt,
    line.nroFattTxt,
    line.wayBill,
  ]
    .filter((v): v is string => Boolean(v))
    .join(' ')
    .toLowerCase();

/** A stored line as the history shows it; the amount only where the user sees prices. */
export const toHistoryLine = (r: HistoryLineRow, pricesVisible: boolean): OrderHistoryLine => ({
  id: r.id,
  idOrdine: r.storicoId,
  tiporichiesta: r.tiporichiesta,
  cliente: r.cliente,
  codArt: r.codArt,
  descRiga: r.descRiga,
  unitaMisura: r.unitaMisura,
  matricola: r.matricola,
  wayBill: r.wayBill,
  wayBillTxt: r.wayBillTxt,
  isAftership: r.isAftership,
  codAftership: r.codAftership,
  dataIns: r.dataIns.toISOString(),
  nroOrdTxt: r.nroOrdTxt,
  rifVsNroOrd: r.rifVsNroOrd,
  seEvasa: r.seEvasa,
  qtaOrdinata: r.qtaOrdinata,
  qtaSpedita: r.qtaSpedita,
  importo: pricesVisible ? r.importo : null,
  dataSpediz: r.dataSpediz,
  nroSpedTxt: r.nroSpedTxt,
  nroFattTxt: r.nroFattTxt,
  portale: r.portale,
});

type CsvColumn =
  | 'dataIns'
  | 'nroOrdTxt'
  | 'rifVsNroOrd'
  | 'cliente'
  | 'codArt'
  | 'descRiga'
  | 'matricola'
  | 'qtaOrdinata'
  | 'qtaSpedita'
  | 'stato'
  | 'importo'
  | 'dataSpediz'
  | 'nroSpedTxt'
  | 'nroFattTxt'
  | 'wayBill'
  | 'portale';
type CsvValues = Record<'evasa' | 'parziale' | 'daEvadere' | 'portale' | 'erp', string>;

/**
 * The history's CSV columns as the screen shows them (the customer for subdealers' requests, the
 * amount where prices are seen), in the separator and decimal mark of the language's spreadsheets.
 */
export const historyCsv = (lang: Language, options: { pricesVisible: boolean; withCustomer: boolean }) => {
  const texts = serverTexts<Record<string, CsvTexts<CsvColumn> & { values: CsvValues }>>('csv', lang)
    .storicoOrdine as CsvTexts<CsvColumn> & { values: CsvValues };
  const { separator, decimal } = csvFormatOf(lang);
  const columns: CsvColumn[] = [
    'dataIns',
    'nroOrdTxt',
    'rifVsNroOrd',
    ...(options.withCustomer ? (['cliente'] as const) : []),
    'codArt',
    'descRiga',
    'matricola',
    'qtaOrdinata',
    'qtaSpedita',
    'stato',
    ...(options.pricesVisible ? (['importo'] as const) : []),
    'dataSpediz',
    'nroSpedTxt',
    'nroFattTxt',
    'wayBill',
    'portale',
  ];
  const number = (value: number | null, digits?: number) =>
    value === null ? '' : (digits === undefined ? String(value) : value.toFixed(digits)).replace('.', decimal);
  const state = (l: OrderHistoryLine) =>
    l.seEvasa ? texts.values.evasa : l.qtaSpedita > 0 ? texts.values.parziale : texts.values.daEvadere;
  const row = (l: OrderHistoryLine) => {
    const values: Record<CsvColumn, string | null> = {
      dataIns: formatItalianDate(businessToday(new Date(l.dataIns))),
      nroOrdTxt: l.nroOrdTxt,
      rifVsNroOrd: l.rifVsNroOrd,
      cliente: l.cliente,
      codArt: l.codArt,
      descRiga: l.descRiga,
      matricola: l.matricola,
      qtaOrdinata: number(l.qtaOrdinata),
      qtaSpedita: number(l.qtaSpedita),
      stato: state(l),
      importo: number(l.importo, 2),
      dataSpediz: formatItalianDate(l.dataSpediz),
      nroSpedTxt: l.nroSpedTxt,
      nroFattTxt: l.nroFattTxt,
      wayBill: l.wayBillTxt ?? l.wayBill,
      portale: l.portale ? texts.values.portale : texts.values.erp,
    };
    return columns.map((c) => values[c]);
  };
  return {
    separator,
    fileName: (kind: string, today: string) => `${texts.fileName}-${kind}-${today}.csv`,
    header: columns.map((c) => texts.columns[c]),
    row,
  };
};
