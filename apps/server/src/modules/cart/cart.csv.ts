import type { CartView, Language } from '@ricambi/domain';

type Column = 'codice' | 'descrizione' | 'data' | 'matricola' | 'quantita' | 'unita' | 'kg' | PriceColumn;
type PriceColumn = 'prezzo' | 'scontoPerc' | 'netto' | 'totale';

/** Column titles of the export, in the language asked for. */
const TITLES: Record<Language, Record<Column, string>> = {
  it: {
    codice: 'Codice',
    descrizione: 'Descrizione',
    data: 'Data richiesta',
    matricola: 'Matricola',
    quantita: 'Quantità',
    unita: 'Unità di misura',
    kg: 'Kg',
    prezzo: 'Prezzo',
    scontoPerc: 'Sconto %',
    netto: 'Prezzo netto',
    totale: 'Totale',
  },
  en: {
    codice: 'Code',
    descrizione: 'Description',
    data: 'Requested date',
    matricola: 'Serial number',
    quantita: 'Quantity',
    unita: 'Unit',
    kg: 'Kg',
    prezzo: 'Price',
    scontoPerc: 'Discount %',
    netto: 'Net price',
    totale: 'Total',
  },
  fr: {
    codice: 'Code',
    descrizione: 'Description',
    data: 'Date demandée',
    matricola: 'Numéro de série',
    quantita: 'Quantité',
    unita: 'Unité',
    kg: 'Kg',
    prezzo: 'Prix',
    scontoPerc: 'Remise %',
    netto: 'Prix net',
    totale: 'Total',
  },
  de: {
    codice: 'Artikelnummer',
    descrizione: 'Beschreibung',
    data: 'Wunschtermin',
    matricola: 'Seriennummer',
    quantita: 'Menge',
    unita: 'Einheit',
    kg: 'Kg',
    prezzo: 'Preis',
    scontoPerc: 'Rabatt %',
    netto: 'Nettopreis',
    totale: 'Gesamt',
  },
  es: {
    codice: 'Código',
    descrizione: 'Descripción',
    data: 'Fecha solicitada',
    matricola: 'Número de serie',
    quantita: 'Cantidad',
    unita: 'Unidad',
    kg: 'Kg',
    prezzo: 'Precio',
    scontoPerc: 'Descuento %',
    netto: 'Precio neto',
    totale: 'Total',
  },
};

/** Spreadsheet programs set for English read ',' and '.', the others ';' and a decimal comma. */
const csvFormatOf = (lang: Language) =>
  lang === 'en' ? { separator: ',', decimal: '.' } : { separator: ';', decimal: ',' };

/**
 * A cell as text: quoted when it holds the separator, a quote or a line break; text that a
 * spreadsheet would run as a formula (= + - @ at the start) gets a leading apostrophe.
 */
const cell = (value: string, separator: string) => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return safe.includes(separator) || /["\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/**
 * The cart as CSV for Excel (UTF-8 with BOM, CRLF): code, description, requested date, serial,
 * quantity, unit, kg and, when the user sees prices, price, discount % (when shown), net price and total.
 */
export const cartCsv = (view: CartView, lang: Language) => {
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
  const header = columns.map((c) => cell(TITLES[lang][c], separator)).join(separator);
  return `\uFEFF${[header, ...rows].join('\r\n')}\r\n`;
};
