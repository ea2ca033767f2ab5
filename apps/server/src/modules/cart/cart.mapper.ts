import {
  articoloDescrizione,
  availabilityLabel,
  type CartAddress,
  type CartView,
  customerNetPrice,
  customerPrice,
  DEFAULT_ADDRESS_TYPE,
  type Language,
  type PriceProfile,
  priceVisibility,
  roundEuro,
  roundKg,
  type SavedCart,
  type StockFigures,
} from '@ricambi/domain';
import type { indirizzoCliente } from '../../db/schema/index.ts';
import type { ArticoloRow } from '../articolo/articolo.contract.ts';
import type { PricedCart, PricedLine } from './cart.contract.ts';
import type { CartLineRow } from './cart.repository.ts';

type Article = { a: ArticoloRow; stock: StockFigures };

/** A stored line with its article's current price, weight, description and availability for this user. */
export const toPricedLine = (
  line: CartLineRow,
  { a, stock }: Article,
  cartId: number,
  profile: PriceProfile,
  lang: Language,
): PricedLine => {
  const quantita = line.quantita;
  const netPrice = customerNetPrice(a.prezzo, profile);
  const lineTotal = roundEuro(netPrice * quantita);
  const shown = customerPrice(a.prezzo, profile);
  return {
    id: line.id,
    idArticolo: a.id,
    articolo: a.articolo,
    idTestata: cartId,
    descrizione: articoloDescrizione(a, lang),
    disponibile: availabilityLabel(stock, quantita),
    dataRichiesta: line.dataRichiesta,
    origine: line.origine,
    peso: roundKg(a.peso * quantita),
    prezzo: shown.prezzo,
    quantita,
    quantitaOrdine: quantita,
    sconto: shown.netto,
    scontoPerc: shown.scontoPerc,
    total: shown.netto === null ? null : lineTotal,
    serialNumber: line.serialNumber,
    tipo: a.tipoArticolo,
    tipoArticolo: a.tipoArticolo,
    tipoArticoloOrig: a.tipoArticoloOrig,
    unitaMisura: a.unitaMisura,
    lingua: lang,
    ordinabile: a.ordinabile,
    confermaSuperamento: line.confermaSuperamento,
    listPrice: a.prezzo,
    netPrice,
    lineTotal,
    unitWeight: a.peso,
    stock,
  };
};

/** The priced lines without the real figures: what the user may see. */
const toView = (cartId: number | null, lines: readonly PricedLine[], profile: PriceProfile): CartView => {
  const visible = priceVisibility(profile);
  return {
    idTestata: cartId,
    righe: lines.map(({ listPrice, netPrice, lineTotal, unitWeight, stock, ...line }) => line),
    count: lines.length,
    pesoTotale: roundKg(lines.reduce((sum, l) => sum + l.peso, 0)),
    totale: visible.prices ? roundEuro(lines.reduce((sum, l) => sum + l.lineTotal, 0)) : null,
    prezziVisibili: visible.prices,
    scontoVisibile: visible.discount,
  };
};

export const toPricedCart = (cartId: number | null, lines: PricedLine[], profile: PriceProfile): PricedCart => ({
  cartId,
  lines,
  profile,
  view: toView(cartId, lines, profile),
});

export const toCartAddress = (r: typeof indirizzoCliente.$inferSelect): CartAddress => ({
  RAGSOC: r.ragsoc,
  INDIRIZZO: r.indirizzo,
  CAP: r.cap,
  CITTA: r.citta,
  PROV: r.prov,
  STATO: r.stato,
  TIPO_INDIRIZZO: r.tipoIndirizzo,
});

/** The account's own address (a subdealer's) as the default address, when it has one. */
export const toAccountAddress = (u: {
  company: string | null;
  indirizzo: string | null;
  cap: string | null;
  citta: string | null;
  stato: string | null;
}): CartAddress | undefined =>
  u.indirizzo?.trim() || u.citta?.trim()
    ? {
        RAGSOC: u.company ?? '',
        INDIRIZZO: u.indirizzo ?? '',
        CAP: u.cap ?? '',
        CITTA: u.citta ?? '',
        PROV: null,
        STATO: u.stato || null,
        TIPO_INDIRIZZO: DEFAULT_ADDRESS_TYPE,
      }
    : undefined;

export const toSavedCart = (r: { id: number; nome: string; righe: number; createdAt: Date }): SavedCart => ({
  id: r.id,
  nome: r.nome,
  righe: r.righe,
  createdDate: r.createdAt.toISOString(),
});
