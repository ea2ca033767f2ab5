import type { CartLine, CheckoutInput } from '@ricambi/domain';
import { describe, expect, it } from 'vitest';
import {
  clearWarrantyOrder,
  linesOfOrder,
  readWarrantyOrder,
  serialsOf,
  storeWarrantyOrder,
  warrantyOrderKey,
} from './warranty.order.ts';

const memory = () => {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
};

const checkout: CheckoutInput = {
  rifOrdine: null,
  nota: null,
  spedizione: 'EXW',
  privacy: true,
  bannerId: null,
  linee: [11, 12],
  totaleVisto: 120,
  tiporichiesta: 'ORDCG',
  cartAddress: {
    RAGSOC: 'Officina',
    INDIRIZZO: 'Via Roma 1',
    CAP: '20100',
    CITTA: 'Milano',
    STATO: 'ITA',
    PROV: 'MI',
    TIPO_INDIRIZZO: '000',
  },
};
const KEY = '6f1c2a5e-7d4b-4c3a-9e8f-0a1b2c3d4e5f';

const line = (id: number, serialNumber: string | null) => ({ id, serialNumber }) as CartLine;

// Spec 2 §4: the checkout's warranty-order button hands the send body to the request page.
describe('warranty order hand-over', () => {
  it('stores the body under ricambi.warrantyOrder.<idTestata>, reads it back and clears it', () => {
    const store = memory();
    storeWarrantyOrder(5, { checkout, idempotencyKey: KEY }, store);
    expect([...store.map.keys()]).toEqual(['ricambi.warrantyOrder.5']);
    expect(warrantyOrderKey(5)).toBe('ricambi.warrantyOrder.5');
    expect(readWarrantyOrder('5', store)).toEqual({ checkout, idempotencyKey: KEY });
    expect(readWarrantyOrder(6, store)).toBeUndefined();
    clearWarrantyOrder(5, store);
    expect(readWarrantyOrder(5, store)).toBeUndefined();
  });

  it('ignores what is not a warranty order body', () => {
    const store = memory();
    store.setItem(warrantyOrderKey(1), '{not json');
    store.setItem(
      warrantyOrderKey(2),
      JSON.stringify({ checkout: { ...checkout, tiporichiesta: 'ORD' }, idempotencyKey: KEY }),
    );
    store.setItem(warrantyOrderKey(3), JSON.stringify({ checkout: { ...checkout, linee: [] }, idempotencyKey: KEY }));
    store.setItem(warrantyOrderKey(4), JSON.stringify({ checkout }));
    for (const id of [1, 2, 3, 4]) expect(readWarrantyOrder(id, store)).toBeUndefined();
  });

  it('shows the lines the body sends and prefills the first serial', () => {
    const lines = [line(10, 'X'), line(11, ' ab1 '), line(12, 'CD2'), line(13, 'ZZ')];
    const sent = linesOfOrder({ checkout, idempotencyKey: KEY }, lines);
    expect(sent.map((l) => l.id)).toEqual([11, 12]);
    expect(serialsOf(sent)).toEqual(['AB1', 'CD2']);
    expect(serialsOf([line(1, 'AB1'), line(2, 'ab1'), line(3, null), line(4, ' ')])).toEqual(['AB1']);
  });
});
