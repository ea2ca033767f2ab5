import {
  type CartKind,
  FREE_SHIPPING,
  roundEuro,
  roundKg,
  type ShippingCost,
  shippingComputable,
} from '@ricambi/domain';
import type { DbOrTx } from '../../db/client.ts';
import type { PricedLine } from '../cart/cart.contract.ts';
import { findTariffRows, findTrackIds, type TariffRowRecord } from './orders.repository.ts';

/** Below 0: not computable (spec 1 §5). */
const NOT_COMPUTABLE = -1;

type Bound = string;

/**
 * Compares a postcode with a range bound as strings of the bound's length (so "20" covers every
 * 20xxx code and "20100".."20199" compares digit by digit, which is the numeric order for codes of
 * equal length). Undefined when the postcode is shorter than the bound: it cannot be placed.
 */
const compareCap = (cap: string, bound: Bound): number | undefined => {
  const head = cap.slice(0, bound.length).toUpperCase();
  if (head.length < bound.length) return undefined;
  const b = bound.toUpperCase();
  return head < b ? -1 : head > b ? 1 : 0;
};

const covers = (row: Pick<TariffRowRecord, 'capDa' | 'capA'>, cap: string) => {
  if (!row.capDa && !row.capA) return true;
  if (!cap) return false;
  const from = row.capDa ? compareCap(cap, row.capDa) : 1;
  const to = row.capA ? compareCap(cap, row.capA) : -1;
  return from !== undefined && to !== undefined && from >= 0 && to <= 0;
};

const CAP_DIGITS = 10;

/** How narrow a postcode range is: a closed range before a half-open one before "any postcode". */
const breadth = (row: Pick<TariffRowRecord, 'capDa' | 'capA'>) => {
  if (!row.capDa && !row.capA) return Number.POSITIVE_INFINITY;
  if (!row.capDa || !row.capA) return Number.MAX_SAFE_INTEGER;
  const digits = /^\d+$/;
  if (digits.test(row.capDa) && digits.test(row.capA)) {
    // On a common length: "20".."29" spans as many codes as "20000".."29999".
    return Number(row.capA.padEnd(CAP_DIGITS, '9')) - Number(row.capDa.padEnd(CAP_DIGITS, '0'));
  }
  return Number.MAX_SAFE_INTEGER - 1;
};

/** The tariff row for a postcode among the rows of its country and weight: the most specific range wins. */
export const pickTariffRow = <T extends Pick<TariffRowRecord, 'id' | 'capDa' | 'capA' | 'pesoDa' | 'pesoA'>>(
  rows: readonly T[],
  cap: string,
): T | undefined =>
  rows
    .filter((row) => covers(row, cap.trim()))
    .sort((a, b) => breadth(a) - breadth(b) || a.pesoA - a.pesoDa - (b.pesoA - b.pesoDa) || a.id - b.id)[0];

/**
 * The tariff's cost (euro) of shipping this weight to this country and postcode: the row that covers
 * them (pickTariffRow), or NOT_COMPUTABLE (-1) when none does. `stato` is the stored code (upper case).
 */
export const tariffCost = async (db: DbOrTx, stato: string, cap: string, weight: number): Promise<number> => {
  const row = pickTariffRow(await findTariffRows(db, stato, weight), cap);
  return row ? row.costo : NOT_COMPUTABLE;
};

/** The cost as computed, always with its amount (the answer may hide it, see ShippingCost). */
type ComputedShipping = ShippingCost & { costo: number };

type ShippingInput = {
  lines: readonly Pick<PricedLine, 'idArticolo' | 'tipoArticoloOrig' | 'peso' | 'lineTotal'>[];
  stato: string | null | undefined;
  cap: string | null | undefined;
  /** The customer's language: free shipping is for Italian customers (FREE_SHIPPING.langKey). */
  langKey: string;
  /** Free shipping counts the net total the customer sees. */
  pricesVisible: boolean;
};

/**
 * The shipping cost of these lines to a country and postcode (spec 1 §5), for the cost lookup of the
 * checkout and for the send alike: not computable (-1) without a country, when a kind-0 line weighs
 * 10 kg or less, or when no tariff row covers the postcode and the total weight; free for an Italian
 * customer's rubber-track order to Italy from FREE_SHIPPING.minNetto net; else the tariff's cost.
 */
export const computeShipping = async (db: DbOrTx, input: ShippingInput): Promise<ComputedShipping> => {
  const pesoTotale = roundKg(input.lines.reduce((sum, l) => sum + l.peso, 0));
  const result = (costo: number, spedizioneGratuita = false): ComputedShipping => ({
    costo,
    spedizioneGratuita,
    pesoTotale,
  });
  const stato = input.stato?.trim().toUpperCase();
  if (!stato || !shippingComputable(input.lines)) return result(NOT_COMPUTABLE);

  if (input.pricesVisible && input.langKey === FREE_SHIPPING.langKey && stato === FREE_SHIPPING.stato) {
    const net = roundEuro(input.lines.reduce((sum, l) => sum + l.lineTotal, 0));
    if (net >= FREE_SHIPPING.minNetto) {
      const tracks = await findTrackIds(
        db,
        input.lines.map((l) => l.idArticolo),
      );
      const trackLines = input.lines.filter((l) => tracks.has(l.idArticolo)).length;
      const kind: CartKind = trackLines === input.lines.length ? 'CINGOLI' : trackLines === 0 ? 'RICAMBI' : 'MISTO';
      if (kind === FREE_SHIPPING.kind) return result(0, true);
    }
  }
  return result(await tariffCost(db, stato, input.cap ?? '', pesoTotale));
};
