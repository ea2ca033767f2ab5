import {
  COUNTRIES,
  type ComboVoce,
  customerDiscountPercent,
  ITALIAN_PROVINCES,
  LANGUAGES,
  type OrderKind,
  type PriceProfile,
  type SendResult,
} from '@ricambi/domain';
import type { ErpOrderDocument } from '../../platform/erp.ts';
import type { PricedLine } from '../cart/cart.contract.ts';
import type { NewOrderLine, OrderRow } from './orders.repository.ts';

/** The three parts of the order id (spec 1 §4): kind, year, number on six digits. */
export const orderParts = (o: Pick<OrderRow, 'tiporichiesta' | 'anno' | 'numero'>): [string, string, string] => [
  o.tiporichiesta,
  String(o.anno),
  String(o.numero).padStart(6, '0'),
];

export const toSendResult = (o: OrderRow, email: string | null, carrelloResiduo: number): SendResult => ({
  id: o.id,
  parti: orderParts(o),
  numeroOrdine: o.numeroOrdine,
  tiporichiesta: o.tiporichiesta as OrderKind,
  email,
  carrelloResiduo,
});

const DESCRIPTION_MAX = 255;

/**
 * A cart line as an order line: code, description and the real prices of the moment of sending. The
 * discount is the customer's (as the article page shows it), never recomputed from rounded prices.
 */
export const toOrderLine = (line: PricedLine, riga: number, profile: PriceProfile): NewOrderLine => ({
  riga,
  articoloId: line.idArticolo,
  articolo: line.articolo,
  descrizione: line.descrizione.slice(0, DESCRIPTION_MAX),
  unitaMisura: line.unitaMisura,
  tipoArticolo: line.tipoArticolo,
  tipoArticoloOrig: line.tipoArticoloOrig,
  quantita: line.quantita,
  dataRichiesta: line.dataRichiesta,
  serialNumber: line.serialNumber,
  origine: line.origine,
  prezzo: line.listPrice,
  netto: line.netPrice,
  scontoPerc: customerDiscountPercent(profile),
  totale: line.lineTotal,
  peso: line.peso,
  disponibile: line.disponibile,
});

/** The ERP's document of a stored order and its lines. */
export const toErpDocument = (
  o: OrderRow,
  lines: readonly NewOrderLine[],
  customer: { login: string; company: string | null; email: string | null },
): ErpOrderDocument => ({
  numeroOrdine: o.numeroOrdine,
  tiporichiesta: o.tiporichiesta,
  anno: o.anno,
  numero: o.numero,
  createdAt: o.createdAt.toISOString(),
  customer,
  sentBy: o.sentBy,
  langKey: o.langKey,
  rifOrdine: o.rifOrdine,
  rifData: o.rifData,
  dataRichiesta: o.dataRichiesta,
  address: {
    tipoIndirizzo: o.tipoIndirizzo,
    ragsoc: o.ragsoc,
    indirizzo: o.indirizzo,
    cap: o.cap,
    citta: o.citta,
    prov: o.prov,
    stato: o.stato,
  },
  shipping: { mode: o.spedizione, cost: o.speseSpedizione },
  nota: o.nota,
  totale: o.totale ?? 0,
  pesoTotale: o.pesoTotale,
  lines: lines.map((l) => ({
    riga: l.riga,
    articoloId: l.articoloId,
    articolo: l.articolo,
    descrizione: l.descrizione,
    unitaMisura: l.unitaMisura,
    quantita: l.quantita,
    dataRichiesta: l.dataRichiesta ?? null,
    serialNumber: l.serialNumber ?? null,
    prezzo: l.prezzo ?? 0,
    netto: l.netto ?? 0,
    scontoPerc: l.scontoPerc ?? 0,
    totale: l.totale ?? 0,
    peso: l.peso,
  })),
});

/** GET /api/combovoci/stati: every country with its names; `province` tells whether PROV applies. */
export const countryCombos = (): ComboVoce[] =>
  COUNTRIES.map((c) => ({ id: { chiaveDue: c.code }, descrizione: { ...c.names }, province: c.provinces }));

const ITALIAN_PROVINCE_COMBOS: ComboVoce[] = ITALIAN_PROVINCES.map((p) => ({
  id: { chiaveDue: p.sigla },
  descrizione: Object.fromEntries(LANGUAGES.map((lang) => [lang, p.nome])),
  province: false,
}));

/** GET /api/combovoci/provincie/{c}: the provinces of a country (only Italy's are used). */
export const provinceCombos = (country: string): ComboVoce[] =>
  COUNTRIES.find((c) => c.code === country.toUpperCase())?.provinces ? ITALIAN_PROVINCE_COMBOS : [];
