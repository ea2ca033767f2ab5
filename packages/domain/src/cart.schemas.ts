import { z } from 'zod';
import { AVAILABILITY_LABELS } from './availability.rules.ts';
import { ADDRESS_LIMITS, CART_LIMITS, DEFAULT_ADDRESS_TYPE } from './cart.rules.ts';
import { LANGUAGES } from './i18n.constants.ts';
import { fieldErrorSchema } from './problem.schemas.ts';

const money = z.number().nullable();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'cart.error.dateInvalid');
const quantityInput = z.union([z.number(), z.string().max(CART_LIMITS.quantitaText)]);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'validation.maxlength')
    .nullish()
    .transform((v) => (v ? v : null));

/** Where a line was added from (spec 1 §3 "origine"). */
export const CART_ORIGINS = ['R', 'M', 'C', 'Q', 'I', 'S'] as const;
/** R article page / search, M machine article, C parts catalogue, Q quick order, I imported order, S saved cart. */
export type CartOrigin = (typeof CART_ORIGINS)[number];

export const langKeyQuerySchema = z.object({ langKey: z.enum(LANGUAGES).optional() });

/** POST /api/cartitem: add an article (merged into an equal line: same article, date and serial). */
export const cartItemAddSchema = z.object({
  idArticolo: z.number().int().positive(),
  quantita: quantityInput,
  dataRichiesta: isoDate.nullish(),
  serialNumber: optionalText(CART_LIMITS.serialNumber),
  origine: z.enum(CART_ORIGINS).default('R'),
  /** The user confirmed a quantity above availability (spec 1 §4, tipoArticoloOrig 0). */
  confermaSuperamento: z.boolean().default(false),
});
export type CartItemAdd = z.input<typeof cartItemAddSchema>;
/** A validated add row (defaults applied): what the server's addCartLines takes. */
export type CartItemAddParsed = z.output<typeof cartItemAddSchema>;

/** PUT /api/cartitem: change a line's quantity, requested date and serial. */
export const cartItemUpdateSchema = z.object({
  id: z.number().int().positive(),
  quantita: quantityInput,
  dataRichiesta: isoDate.nullish(),
  serialNumber: optionalText(CART_LIMITS.serialNumber),
  confermaSuperamento: z.boolean().default(false),
});
export type CartItemUpdate = z.input<typeof cartItemUpdateSchema>;

/** POST /api/cartutil/cartall: several lines at once, all or nothing. */
export const cartAllSchema = z.object({ righe: z.array(cartItemAddSchema).min(1).max(CART_LIMITS.righeMax) });

/** One cart line as the user sees it (spec 1 §3 "Cart line"); prices null when hidden. */
export const cartLineSchema = z.object({
  id: z.number().int(),
  idArticolo: z.number().int(),
  articolo: z.string(),
  idTestata: z.number().int(),
  descrizione: z.string(),
  disponibile: z.enum(AVAILABILITY_LABELS),
  dataRichiesta: z.string().nullable(),
  origine: z.string(),
  /** Line weight in kg (unit weight × quantity). */
  peso: z.number(),
  /** List unit price. */
  prezzo: money,
  quantita: z.number(),
  /** Quantity as it goes to the ERP (the same number; kept for the ERP contract). */
  quantitaOrdine: z.number(),
  /** Net unit price after the customer's discount. */
  sconto: money,
  scontoPerc: money,
  total: money,
  serialNumber: z.string().nullable(),
  tipo: z.string(),
  tipoArticolo: z.string(),
  tipoArticoloOrig: z.string(),
  unitaMisura: z.string(),
  lingua: z.string(),
  ordinabile: z.boolean(),
  /** The line asks more than in stock of a kind-0 article and the user confirmed it. */
  confermaSuperamento: z.boolean(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** GET /api/cartitem and the answer of every cart change. */
export const cartViewSchema = z.object({
  idTestata: z.number().int().nullable(),
  righe: z.array(cartLineSchema),
  count: z.number().int(),
  pesoTotale: z.number(),
  totale: money,
  prezziVisibili: z.boolean(),
  scontoVisibile: z.boolean(),
});
export type CartView = z.infer<typeof cartViewSchema>;

/** GET /api/cartkind: what the cart holds; decides the free-shipping notice (spec 1 §5). */
export const CART_KINDS = ['VUOTO', 'RICAMBI', 'CINGOLI', 'MISTO'] as const;
export type CartKind = (typeof CART_KINDS)[number];
export const cartKindSchema = z.object({
  kind: z.enum(CART_KINDS),
  /** Set when the free-shipping notice applies to this user and cart: the net total that earns it. */
  spedizioneGratuitaDa: z.number().nullable(),
});

/** Free shipping for Italian customers' rubber-track carts from this net total (decisions.md). */
export const FREE_SHIPPING = { kind: 'CINGOLI' as CartKind, stato: 'ITA', langKey: 'it', minNetto: 1500 } as const;

/** A shipping address (spec 1 §3 cartAddress). */
export const cartAddressSchema = z.object({
  RAGSOC: z.string(),
  INDIRIZZO: z.string(),
  CAP: z.string(),
  CITTA: z.string(),
  PROV: z.string().nullable(),
  STATO: z.string().nullable(),
  TIPO_INDIRIZZO: z.string(),
});
export type CartAddress = z.infer<typeof cartAddressSchema>;

const addressText = (max: number) => z.string().trim().min(1, 'validation.required').max(max, 'validation.maxlength');

const addressBase = z.object({
  RAGSOC: addressText(ADDRESS_LIMITS.RAGSOC),
  INDIRIZZO: addressText(ADDRESS_LIMITS.INDIRIZZO),
  CAP: z.string().trim().max(ADDRESS_LIMITS.CAP, 'validation.maxlength').default(''),
  CITTA: addressText(ADDRESS_LIMITS.CITTA),
  PROV: z.string().trim().max(ADDRESS_LIMITS.PROV, 'validation.maxlength').nullish(),
  STATO: z.string().trim().max(ADDRESS_LIMITS.STATO, 'validation.maxlength').nullish(),
  TIPO_INDIRIZZO: z.string().max(3).default(DEFAULT_ADDRESS_TYPE),
});

/**
 * Spec 1 §5: STATO required (checkout) or optional (request); PROV required only for a country with
 * provinces (ITA) and cleared otherwise.
 */
export const addressInputSchema = (stateRequired: boolean) =>
  addressBase
    .superRefine((a, ctx) => {
      if (stateRequired && !a.STATO) ctx.addIssue({ code: 'custom', path: ['STATO'], message: 'validation.required' });
      if (a.STATO === 'ITA' && !a.PROV)
        ctx.addIssue({ code: 'custom', path: ['PROV'], message: 'validation.required' });
    })
    .transform((a) => ({ ...a, STATO: a.STATO || null, PROV: a.STATO === 'ITA' ? (a.PROV ?? null) : null }));

/** Shipping choice (spec 1 §5): Ex-Works (default), Carriage Paid To with the computed cost, or to be defined. */
export const SHIPPING_MODES = ['EXW', 'CPT', 'TBD'] as const;
export type ShippingMode = (typeof SHIPPING_MODES)[number];

/** Send modes (spec 1 §4): order, quote, warranty order; REQ is a subdealer's request. */
export const ORDER_KINDS = ['ORD', 'PREV', 'ORDCG', 'REQ'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

const checkoutBase = {
  rifOrdine: optionalText(CART_LIMITS.rifOrdine),
  rifData: isoDate.nullish(),
  nota: z
    .string()
    .max(CART_LIMITS.nota, 'jricambiApp.checkout.note_too_long')
    .nullish()
    .transform((v) => v?.trim() || null),
  spedizione: z.enum(SHIPPING_MODES).default('EXW'),
  dataRichiesta: isoDate.nullish(),
  privacy: z.literal(true, { error: 'checkout.error.privacy' }),
  /** The active checkout banner the user acknowledged (required when one is active). */
  bannerId: z.number().int().nullish(),
  /** The ids of the lines the user saw: only these are ordered; anything added since stays. */
  linee: z.array(z.number().int()).min(1, 'cart.error.empty').max(CART_LIMITS.righeMax),
  /** The total the user saw; a different server total answers 409 cart.error.pricesChanged. */
  totaleVisto: z.number().nullish(),
};

/** POST /api/cart/send (ORD, PREV, ORDCG). */
export const checkoutSchema = z.object({
  ...checkoutBase,
  tiporichiesta: z.enum(['ORD', 'PREV', 'ORDCG']).default('ORD'),
  cartAddress: addressInputSchema(true),
});
export type CheckoutInput = z.input<typeof checkoutSchema>;

/** POST /api/cart/sendrequest: a subdealer's request, STATO optional. */
export const requestSchema = z.object({ ...checkoutBase, cartAddress: addressInputSchema(false) });
export type RequestInput = z.input<typeof requestSchema>;

/** The answer of a send: the order id parts joined by '§' on screen (spec 1 §4). */
export const sendResultSchema = z.object({
  id: z.number().int(),
  parti: z.tuple([z.string(), z.string(), z.string()]),
  numeroOrdine: z.string(),
  tiporichiesta: z.enum(ORDER_KINDS),
  email: z.string().nullable(),
  /** Lines still in the cart after the send (the leftover-cart marker of spec 1 §7). */
  carrelloResiduo: z.number().int(),
});
export type SendResult = z.infer<typeof sendResultSchema>;

/** PUT /api/cart/update: the cart checked again line by line, with what blocks sending. */
export const cartCheckSchema = z.object({
  cart: cartViewSchema,
  problemi: z.array(z.object({ id: z.number().int(), field: z.string(), message: z.string() })),
});
export type CartCheck = z.infer<typeof cartCheckSchema>;

/** GET /api/cart/spesespedizione?stato&cap&id */
export const shippingQuerySchema = z.object({
  stato: z.string().trim().min(1).max(ADDRESS_LIMITS.STATO),
  cap: z.string().trim().max(ADDRESS_LIMITS.CAP).default(''),
  id: z.coerce.number().int().optional(),
});
export const shippingCostSchema = z.object({
  /**
   * Euro; below 0 = not computable (spec 1 §5); null = computable, but the user does not see prices
   * (a subdealer without vedePrezzi, spec 1 §6).
   */
  costo: z.number().nullable(),
  spedizioneGratuita: z.boolean(),
  pesoTotale: z.number(),
});
export type ShippingCost = z.infer<typeof shippingCostSchema>;

/** GET /api/cart/import?nOrdine */
export const importQuerySchema = z.object({
  nOrdine: z.string().trim().min(1, 'validation.required').max(CART_LIMITS.nOrdine, 'validation.maxlength'),
});
export const importResultSchema = z.object({
  nOrdine: z.string(),
  righe: z.number().int(),
  /** Codes of the ERP order that are not in the catalogue (not added). */
  scartati: z.array(z.string()),
  cart: cartViewSchema,
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** GET /api/combovoci/stati and /api/combovoci/provincie/{c} (spec 1 §3). */
export const comboVoceSchema = z.object({
  id: z.object({ chiaveDue: z.string() }),
  descrizione: z.partialRecord(z.enum(LANGUAGES), z.string()),
  province: z.boolean(),
});
export type ComboVoce = z.infer<typeof comboVoceSchema>;

/** Shipping tariff rows: country, postcode range, weight band, cost (issue: shipping tariffs). */
export const tariffRowSchema = z.object({
  stato: z.string().trim().min(2, 'validation.required').max(ADDRESS_LIMITS.STATO, 'validation.maxlength'),
  capDa: z.string().trim().max(ADDRESS_LIMITS.CAP, 'validation.maxlength').default(''),
  capA: z.string().trim().max(ADDRESS_LIMITS.CAP, 'validation.maxlength').default(''),
  pesoDa: z.number().min(0, 'validation.min'),
  pesoA: z.number().positive('validation.min'),
  costo: z.number().min(0, 'validation.min'),
});
export type TariffRow = z.infer<typeof tariffRowSchema>;

/** Quick order (beyond the spec): pasted "code quantity" lines or a CSV/XLSX file, resolved first. */
export const QUICK_ORDER_STATES = ['OK', 'SCONOSCIUTO', 'NON_ORDINABILE', 'SOSTITUITO', 'QUANTITA'] as const;
export const quickOrderTextSchema = z.object({ testo: z.string().min(1, 'validation.required').max(50_000) });
export const quickOrderRowSchema = z.object({
  riga: z.number().int(),
  codice: z.string(),
  quantitaTesto: z.string(),
  quantita: z.number().nullable(),
  stato: z.enum(QUICK_ORDER_STATES),
  idArticolo: z.number().int().nullable(),
  descrizione: z.string().nullable(),
  unitaMisura: z.string().nullable(),
  /** The article that replaces a superseded code, offered instead. */
  sostituto: z.object({ id: z.number().int(), articolo: z.string(), descrizione: z.string() }).nullable(),
  messaggio: z.string().nullable(),
});
export type QuickOrderRow = z.infer<typeof quickOrderRowSchema>;

/** Saved carts: the current cart under a name, to load again later. */
export const savedCartInputSchema = z.object({
  nome: z.string().trim().min(1, 'validation.required').max(CART_LIMITS.savedCartName, 'validation.maxlength'),
});
export const savedCartSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  righe: z.number().int(),
  createdDate: z.string(),
});
export type SavedCart = z.infer<typeof savedCartSchema>;
export const savedCartLoadSchema = z.object({ modo: z.enum(['sostituisci', 'aggiungi']).default('aggiungi') });

/** Shipping-tariff upload (CSV/XLSX): at most this size and this many rows. */
export const TARIFF_LIMITS = { maxBytes: 5 * 1024 * 1024, maxRows: 5_000 } as const;
/** The columns of the tariff file, in the order of the download. */
export const TARIFF_COLUMNS = ['stato', 'capDa', 'capA', 'pesoDa', 'pesoA', 'costo'] as const;

/** POST /api/speseSpedizione/tariffario/preview: every row of the file as read and checked; nothing stored. */
export const tariffPreviewSchema = z.object({
  format: z.enum(['csv', 'xlsx']),
  columns: z.array(z.string()),
  ignoredColumns: z.array(z.string()),
  rows: z.array(
    z.object({
      /** Line of the file (the header is line 1). */
      line: z.number().int(),
      cells: z.record(z.string(), z.string()),
      values: tariffRowSchema.nullable(),
      errors: z.array(fieldErrorSchema),
    }),
  ),
  errorCount: z.number().int(),
});
export type TariffPreview = z.infer<typeof tariffPreviewSchema>;

/** POST /api/speseSpedizione/tariffario: the rows now in use. */
export const tariffApplyResultSchema = z.object({ rows: z.number().int() });
