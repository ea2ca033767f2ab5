import {
  ADDRESS_LIMITS,
  type CartAddress,
  type CartLine,
  type CheckoutInput,
  DEFAULT_ADDRESS_TYPE,
  type FieldError,
  type RequestInput,
  type ShippingMode,
} from '@ricambi/domain';
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/http.ts';

export type CheckoutMode = 'order' | 'request';
export type SendKind = 'ORD' | 'PREV' | 'ORDCG';

/** The choice "type a different address" of the address radio group. */
export const TYPED_ADDRESS = 'typed';

export type AddressValues = {
  RAGSOC?: string;
  INDIRIZZO?: string;
  CAP?: string;
  CITTA?: string;
  STATO?: string;
  PROV?: string;
};

export type CheckoutValues = {
  rifOrdine?: string;
  /** TIPO_INDIRIZZO of a saved address, or TYPED_ADDRESS. */
  addressChoice: string;
  cartAddress: AddressValues;
  spedizione: ShippingMode;
  nota?: string;
  privacy?: boolean;
  banner?: boolean;
};

export type AddressField = keyof typeof ADDRESS_LIMITS;

/**
 * A UUID v4 for the Idempotency-Key. `crypto.randomUUID` exists only in secure contexts (HTTPS,
 * localhost); `getRandomValues` everywhere.
 */
export const newIdempotencyKey = (): string => {
  if (typeof globalThis.crypto?.randomUUID === 'function') return globalThis.crypto.randomUUID();
  const b = globalThis.crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

const text = (v: string | null | undefined) => (v ?? '').trim();

/** The address that goes with the order: the saved one chosen, or the typed one. */
export const chosenAddress = (values: CheckoutValues, saved: readonly CartAddress[]) => {
  if (values.addressChoice !== TYPED_ADDRESS) {
    const address = saved.find((a) => a.TIPO_INDIRIZZO === values.addressChoice);
    if (address) {
      return {
        RAGSOC: address.RAGSOC,
        INDIRIZZO: address.INDIRIZZO,
        CAP: address.CAP ?? '',
        CITTA: address.CITTA,
        STATO: address.STATO || null,
        PROV: address.STATO === 'ITA' ? address.PROV || null : null,
        TIPO_INDIRIZZO: address.TIPO_INDIRIZZO,
      };
    }
  }
  const a = values.cartAddress ?? {};
  const stato = text(a.STATO);
  return {
    RAGSOC: text(a.RAGSOC),
    INDIRIZZO: text(a.INDIRIZZO),
    CAP: text(a.CAP),
    CITTA: text(a.CITTA),
    STATO: stato || null,
    PROV: stato === 'ITA' ? text(a.PROV) || null : null,
    // A typed address is none of the saved ones: no address type.
    TIPO_INDIRIZZO: '',
  };
};

/** The body of POST /api/cart/send or /api/cart/sendrequest. */
export const buildSendBody = (
  mode: CheckoutMode,
  kind: SendKind,
  values: CheckoutValues,
  ctx: { saved: readonly CartAddress[]; lines: readonly CartLine[]; total: number | null; bannerId?: number },
): CheckoutInput | RequestInput => {
  const common = {
    rifOrdine: text(values.rifOrdine) || null,
    nota: text(values.nota) || null,
    spedizione: values.spedizione,
    privacy: values.privacy === true,
    bannerId: ctx.bannerId ?? null,
    linee: ctx.lines.map((l) => l.id),
    totaleVisto: ctx.total,
    cartAddress: chosenAddress(values, ctx.saved),
  };
  return (mode === 'request' ? common : { ...common, tiporichiesta: kind }) as CheckoutInput | RequestInput;
};

/** The lines a warranty order cannot go with: every line needs a serial (spec 1 §5). */
export const linesWithoutSerial = (lines: readonly CartLine[]) => lines.filter((l) => !text(l.serialNumber));

/** Where a field error of the send answer goes on the form. */
const FORM_FIELD: Record<string, (string | number)[]> = {
  rifOrdine: ['rifOrdine'],
  nota: ['nota'],
  privacy: ['privacy'],
  bannerId: ['banner'],
  spedizione: ['spedizione'],
  ...Object.fromEntries(Object.keys(ADDRESS_LIMITS).map((f) => [`cartAddress.${f}`, ['cartAddress', f]])),
};

/** The maximum length a field error's message may need (the server's maxlength carries no params). */
const LIMIT: Record<string, number> = {
  rifOrdine: 30,
  ...Object.fromEntries(Object.entries(ADDRESS_LIMITS).map(([f, max]) => [`cartAddress.${f}`, max])),
};

export const fieldErrorText = (t: TFunction, e: FieldError) =>
  t(e.message, { max: LIMIT[e.field], ...(e.params ?? {}) });

/**
 * The server's field errors split into those that have a field on screen and the rest. Typed
 * address fields are on screen only while the typed address is chosen.
 */
export const splitFieldErrors = (error: unknown, typedAddress: boolean) => {
  const onForm: { name: (string | number)[]; errors: FieldError[] }[] = [];
  const other: FieldError[] = [];
  if (!(error instanceof ApiError)) return { onForm, other };
  for (const e of error.problem?.fieldErrors ?? []) {
    const name = FORM_FIELD[e.field];
    if (name && (typedAddress || name[0] !== 'cartAddress')) {
      const existing = onForm.find((f) => f.name.join('.') === name.join('.'));
      if (existing) existing.errors.push(e);
      else onForm.push({ name, errors: [e] });
    } else other.push(e);
  }
  return { onForm, other };
};

/** 409 answers that mean "the cart is not what you saw": the summary is read again. */
export const isCartChanged = (error: unknown) =>
  error instanceof ApiError &&
  error.status === 409 &&
  (error.problem?.message === 'cart.error.changed' || error.problem?.message === 'cart.error.pricesChanged');

export const DEFAULT_ADDRESS = DEFAULT_ADDRESS_TYPE;
