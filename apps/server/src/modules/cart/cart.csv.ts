import { businessToday, type CartView, type Language } from '@ricambi/domain';
import { csvCell as cell, csvFormatOf } from '../../platform/csv.ts';
import { csvTexts } from '../../platform/texts.ts';

type Column = 'codice' | 'descrizione' | 'data' | 'matricola' | 'quantita' | 'unita' | 'kg' | PriceColumn;
type PriceColumn = 'prezzo' | 'scontoPerc' | 'netto' | 'totale';

/**
 * The cart as CSV for Excel (UTF-8 with BOM, CRLF): code, description, requested date, serial,
 * quantity, unit, kg and, when the user sees prices, price, discount % (when shown), net price and total.
 * Column titles and the file name (`cart-2026-11-25.csv`, `carrello-…`) come from csv.json of the language.
 */
export const cartCsv = (view: CartView, lang: Language, today: string = businessToday()) => {
  const texts = csvTexts<Column>('cart', lang);
  const { separator, decimal } = csvFormatOf(lang);
  const number = (value: number | null, digits?: number) =>
    value === null ? '' : (digits === undefined ? String(value) : value.toFixed(digits)).replace('.', decimal);
  const columns: Column[] = ['codice', 'descrizione', 'data', 'matricola', 'quantita', 'unita', 'kg'];
  if (view.prezziVisibili) {
    columns.push('prezzo');
    if (view.scontoVisibile) columns.push('scontoPerc');
    columns.push('netto', 'totale');
  }
  const rows = view.righe.map((l) => {
    const values: Record<Column, string> = {
      codice: cell(l.articolo, separator),
      descrizione: cell(l.descrizione, separator),
      data: l.dataRichiesta ?? '',
      matricola: cell(l.serialNumber ?? '', separator),
      quantita: number(l.quantita),
      unita: cell(l.unitaMisura, separator),
      kg: number(l.peso),
      prezzo: number(l.prezzo, 2),
      scontoPerc: number(l.scontoPerc, 2),
      netto: number(l.sconto, 2),
      totale: number(l.total, 2),
    };
    return columns.map((c) => values[c]).join(separator);
  });
  const header = columns.map((c) => cell(texts.columns[c], separator)).join(separator);
  return { fileName: `${texts.fileName}-${today}.csv`, body: `\uFEFF${[header, ...rows].join('\r\n')}\r\n` };
};
