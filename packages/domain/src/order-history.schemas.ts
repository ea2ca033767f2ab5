import { z } from 'zod';
import { LANGUAGES } from './i18n.constants.ts';
import { pageQuerySchema, type SortParam } from './paging.schemas.ts';

/** Spec 2 §3, §5, §9 and issue 16: the order history's limits. */
export const ORDER_HISTORY_LIMITS = {
  term: 100,
  /** Spec 2 §5: the reorder request's note. */
  nota: 4000,
  descrizione: 255,
  quantitaMax: 999_999,
  /** Lines put back into the cart at once by "order again". */
  riordinaMax: 200,
  /** ERP hand-back: one document's orders, lines per order and tracking events per waybill. */
  erpOrders: 5_000,
  erpLines: 2_000,
  erpEvents: 200,
  /** ERP hand-back: a document's size as it arrives (file or HTTP body). */
  erpBytes: 20 * 1024 * 1024,
  code: 40,
  text: 255,
  waybill: 40,
} as const;

/** Spec 2 §9: 20 lines a page; months 1 to 12, default 12. */
export const ORDER_HISTORY_PAGE_SIZE = 20;
export const ORDER_HISTORY_MONTHS = { min: 1, max: 12, default: 12 } as const;
/** Spec 2 §9: the state filter (default tutti: every line; daEvadere: lines still to fulfil). */
export const ORDER_HISTORY_STATES = ['tutti', 'daEvadere'] as const;
export type OrderHistoryState = (typeof ORDER_HISTORY_STATES)[number];

/**
 * The {idRichiesta} of /storicoOrdine/{idRichiesta}: which requests the history lists (docs/decisions.md
 * "Order history"). ORD: orders (warranty orders ORDCG and orders handed back by the ERP among them);
 * PREV: quotes; REQ: subdealers' requests to their dealer.
 */
export const ORDER_HISTORY_KINDS = ['ORD', 'PREV', 'REQ'] as const;
export type OrderHistoryKind = (typeof ORDER_HISTORY_KINDS)[number];
/** The request types (tiporichiesta) each history kind holds. */
export const ORDER_HISTORY_KIND_TYPES: Record<OrderHistoryKind, readonly string[]> = {
  ORD: ['ORD', 'ORDCG'],
  PREV: ['PREV'],
  REQ: ['REQ'],
};

/** Spec 2 §3: the tracking dialog's timing (100 steps of 100 ms; a failure closes after 5 s). */
export const TRACKING_PROGRESS = { steps: 100, stepMs: 100, errorCloseMs: 5000 } as const;

/** Custom header of the history list (spec 2 §7): lines still to fulfil under the same filter. */
export const ORDER_HISTORY_HEADERS = { totalDaEvadere: 'X-Total-DeEvadere' } as const;

export const ORDER_HISTORY_SORT_FIELDS = [
  'dataIns',
  'codArt',
  'descRiga',
  'matricola',
  'nroOrdTxt',
  'rifVsNroOrd',
  'qtaOrdinata',
  'qtaSpedita',
  'importo',
  'dataSpediz',
  'nroSpedTxt',
  'nroFattTxt',
  'seEvasa',
] as const;
export type OrderHistorySortField = (typeof ORDER_HISTORY_SORT_FIELDS)[number];
export const ORDER_HISTORY_DEFAULT_SORT: readonly SortParam<OrderHistorySortField>[] = ['dataIns,desc'];

const trimmedTerm = z
  .string('validation.invalid')
  .trim()
  .max(ORDER_HISTORY_LIMITS.term, 'validation.maxlength')
  .optional()
  .transform((v) => (v ? v : undefined));

/** The filter of the list and of its CSV (spec 2 §7: mese, stato, term). */
export const orderHistoryFilterSchema = z.object({
  mese: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(ORDER_HISTORY_MONTHS.min, 'validation.invalid')
    .max(ORDER_HISTORY_MONTHS.max, 'validation.invalid')
    .default(ORDER_HISTORY_MONTHS.default),
  stato: z.enum(ORDER_HISTORY_STATES, 'validation.invalid').default('tutti'),
  term: trimmedTerm,
});
export type OrderHistoryFilter = z.output<typeof orderHistoryFilterSchema>;

/** GET /api/storicoordine/{idRichiesta}: the filter, a page of 20, sortable by the line's fields. */
export const orderHistoryQuerySchema = orderHistoryFilterSchema.extend(
  pageQuerySchema(ORDER_HISTORY_SORT_FIELDS, { defaultSize: ORDER_HISTORY_PAGE_SIZE, maxSize: 100 }).shape,
);
export type OrderHistoryQuery = z.output<typeof orderHistoryQuerySchema>;

export const orderHistoryKindParamsSchema = z.object({
  idRichiesta: z.enum(ORDER_HISTORY_KINDS, 'validation.invalid'),
});

/** Spec 2 §3 "Order history line", with the order it belongs to and the customer who placed it. */
export const orderHistoryLineSchema = z.object({
  id: z.number(),
  /** The order (GET /api/storicoordine/pdf/{lang}/{idRichiesta}/{idOrdine}). */
  idOrdine: z.number(),
  tiporichiesta: z.string(),
  /** The customer's login (a dealer sees its subdealers' requests too). */
  cliente: z.string(),
  codArt: z.string(),
  descRiga: z.string(),
  unitaMisura: z.string().nullable(),
  matricola: z.string().nullable(),
  wayBill: z.string().nullable(),
  wayBillTxt: z.string().nullable(),
  isAftership: z.boolean(),
  codAftership: z.string().nullable(),
  /** When the order was placed (ISO date-time). */
  dataIns: z.string(),
  nroOrdTxt: z.string(),
  rifVsNroOrd: z.string().nullable(),
  seEvasa: z.boolean(),
  qtaOrdinata: z.number(),
  qtaSpedita: z.number(),
  /** The line's amount; null where the user does not see prices. */
  importo: z.number().nullable(),
  dataSpediz: z.string().nullable(),
  nroSpedTxt: z.string().nullable(),
  nroFattTxt: z.string().nullable(),
  /** Whether the order was placed through the portal (otherwise handed back by the ERP). */
  portale: z.boolean(),
});
export type OrderHistoryLine = z.infer<typeof orderHistoryLineSchema>;

/** POST /api/storicoordine/id: one line by id (the request page and the tracking dialog read it). */
export const orderHistoryIdSchema = z.object({
  id: z
    .number('validation.invalid')
    .int()
    .positive()
    .max(2 ** 53 - 1),
});

/** GET /api/storicoordine/isArticoloGestito/?id: whether the line's part can be ordered from the cart. */
export const articoloGestitoQuerySchema = z.object({
  id: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .positive('validation.invalid')
    .max(2 ** 53 - 1),
});
/** Y: orderable from the cart; N: it must be requested from the back office. */
export const articoloGestitoSchema = z.enum(['Y', 'N']);

/** POST /api/storicoordine/sendrequest?langKey: ask the back office for a part (spec 2 §3, §5). */
export const reorderRequestSchema = z.object({
  id: z
    .number('validation.invalid')
    .int()
    .positive()
    .max(2 ** 53 - 1),
  descrizione: z
    .string('validation.required')
    .trim()
    .min(1, 'validation.required')
    .max(ORDER_HISTORY_LIMITS.descrizione, 'validation.maxlength'),
  quantita: z
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.min')
    .max(ORDER_HISTORY_LIMITS.quantitaMax, 'validation.max'),
  nota: z
    .string('validation.invalid')
    .max(ORDER_HISTORY_LIMITS.nota, 'validation.maxlength')
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null)),
});
export type ReorderRequest = z.input<typeof reorderRequestSchema>;
export const reorderRequestQuerySchema = z.object({ langKey: z.enum(LANGUAGES).optional() });
/** The answer: the request went to the back office; a reminder was mailed to `email` when the user has one. */
export const reorderRequestResultSchema = z.object({ inviata: z.literal(true), email: z.string().nullable() });

/** POST /api/storicoordine/riordina: the lines of an order (or the chosen lines) back into the cart. */
export const orderAgainSchema = z
  .object({
    idOrdine: z
      .number('validation.invalid')
      .int()
      .positive()
      .max(2 ** 53 - 1)
      .optional(),
    ids: z
      .array(
        z
          .number('validation.invalid')
          .int()
          .positive()
          .max(2 ** 53 - 1),
      )
      .min(1, 'validation.required')
      .max(ORDER_HISTORY_LIMITS.riordinaMax, 'validation.max')
      .optional(),
  })
  .refine((v) => (v.idOrdine === undefined) !== (v.ids === undefined), {
    message: 'storicoOrdine.riordina.oneOf',
    path: ['ids'],
  });
export const ORDER_AGAIN_SKIP_REASONS = ['notFound', 'notOrderable'] as const;
export type OrderAgainSkipReason = (typeof ORDER_AGAIN_SKIP_REASONS)[number];
export const orderAgainResultSchema = z.object({
  /** Lines now in the cart (added or merged into a line of the same article). */
  aggiunte: z.array(z.object({ codArt: z.string(), quantita: z.number() })),
  /** Lines left out, with why. */
  escluse: z.array(z.object({ codArt: z.string(), descRiga: z.string(), motivo: z.enum(ORDER_AGAIN_SKIP_REASONS) })),
});
export type OrderAgainResult = z.infer<typeof orderAgainResultSchema>;

/** GET /api/storicoordine/tracking/{wayBill}?slug: the carrier's events, newest first. */
export const trackingParamsSchema = z.object({
  wayBill: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(ORDER_HISTORY_LIMITS.waybill, 'validation.maxlength')
    .regex(/^[A-Za-z0-9._/-]+$/, 'validation.invalid'),
});
export const trackingQuerySchema = z.object({
  slug: z
    .string()
    .trim()
    .max(ORDER_HISTORY_LIMITS.code, 'validation.maxlength')
    .regex(/^[a-z0-9-]*$/, 'validation.invalid')
    .optional(),
});
export const TRACKING_STATES = ['INFO', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED', 'EXCEPTION'] as const;
export type TrackingState = (typeof TRACKING_STATES)[number];
export const trackingEventSchema = z.object({
  data: z.iso.datetime({ offset: true }),
  luogo: z.string().max(ORDER_HISTORY_LIMITS.text).nullable(),
  stato: z.enum(TRACKING_STATES),
  descrizione: z.string().max(ORDER_HISTORY_LIMITS.text),
});
export type TrackingEvent = z.infer<typeof trackingEventSchema>;
export const trackingSchema = z.object({
  wayBill: z.string(),
  corriere: z.string().nullable(),
  /** The newest event's state. */
  stato: z.enum(TRACKING_STATES),
  eventi: z.array(trackingEventSchema),
});
export type Tracking = z.infer<typeof trackingSchema>;

// ---------------------------------------------------------------------------------------------
// ERP hand-back (issue 16 §1): what the ERP shipped and invoiced, per order line

const code = (max: number = ORDER_HISTORY_LIMITS.code) => z.string().trim().min(1).max(max);
const optionalCode = (max: number = ORDER_HISTORY_LIMITS.code) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));
const amount = z.number().finite().min(-1e9).max(1e9);
/** Quantities are numeric(12, 3): at most 9 digits before the point. */
const quantity = z.number().finite().min(0).max(999_999_999);
const isoDay = z.iso.date();

export const erpHistoryLineSchema = z.object({
  riga: z.number().int().min(1).max(100_000),
  codArt: code(),
  descRiga: z.string().trim().max(ORDER_HISTORY_LIMITS.text).default(''),
  unitaMisura: optionalCode(5),
  matricola: optionalCode(30),
  qtaOrdinata: quantity,
  qtaSpedita: quantity.default(0),
  importo: amount.nullish().transform((v) => v ?? null),
  seEvasa: z.boolean().default(false),
  dataSpediz: isoDay.nullish().transform((v) => v ?? null),
  nroSpedTxt: optionalCode(),
  nroFattTxt: optionalCode(),
  wayBill: optionalCode(ORDER_HISTORY_LIMITS.waybill).refine(
    (v) => v === null || /^[A-Za-z0-9._/-]+$/.test(v),
    'a waybill holds letters, digits and . _ / - only',
  ),
  wayBillTxt: optionalCode(100),
  isAftership: z.boolean().default(false),
  codAftership: optionalCode(),
});

export const erpHistoryOrderSchema = z.object({
  /** The order number: the portal's for orders sent through it, the ERP's own otherwise. */
  nroOrdTxt: code(),
  /** The customer's login. */
  cliente: code(50),
  tiporichiesta: z.enum(['ORD', 'ORDCG', 'PREV', 'REQ']).default('ORD'),
  rifVsNroOrd: optionalCode(100),
  dataIns: z.iso.datetime({ offset: true }),
  portale: z.boolean().default(false),
  righe: z.array(erpHistoryLineSchema).min(1).max(ORDER_HISTORY_LIMITS.erpLines),
});

export const erpTrackingSchema = z.object({
  wayBill: code(ORDER_HISTORY_LIMITS.waybill),
  corriere: optionalCode(),
  eventi: z.array(trackingEventSchema).max(ORDER_HISTORY_LIMITS.erpEvents),
});

/** One hand-back document (a JSON file in DATA_DIR/erp/inbox/history or POST /api/erp/storicoordine). */
export const erpHistoryDocumentSchema = z
  .object({
    /** The ERP's id of this document: the same id twice is applied once. */
    documentId: code(100),
    /** When the ERP produced it: an order already updated by a newer document keeps the newer state. */
    generatedAt: z.iso.datetime({ offset: true }),
    ordini: z.array(erpHistoryOrderSchema).max(ORDER_HISTORY_LIMITS.erpOrders).default([]),
    spedizioni: z.array(erpTrackingSchema).max(ORDER_HISTORY_LIMITS.erpOrders).default([]),
  })
  .superRefine((doc, ctx) => {
    const seen = new Set<string>();
    doc.ordini.forEach((o, i) => {
      if (seen.has(o.nroOrdTxt))
        ctx.addIssue({ code: 'custom', path: ['ordini', i, 'nroOrdTxt'], message: 'the order appears twice' });
      seen.add(o.nroOrdTxt);
      const rows = new Set<number>();
      o.righe.forEach((r, j) => {
        if (rows.has(r.riga))
          ctx.addIssue({ code: 'custom', path: ['ordini', i, 'righe', j, 'riga'], message: 'the line appears twice' });
        rows.add(r.riga);
      });
    });
  });
export type ErpHistoryDocument = z.output<typeof erpHistoryDocumentSchema>;
export type ErpHistoryDocumentInput = z.input<typeof erpHistoryDocumentSchema>;

export const ERP_HISTORY_OUTCOMES = ['APPLIED', 'UNCHANGED', 'STALE', 'REJECTED'] as const;
export type ErpHistoryOutcome = (typeof ERP_HISTORY_OUTCOMES)[number];
export const erpHistoryResultSchema = z.object({
  outcome: z.enum(ERP_HISTORY_OUTCOMES),
  reason: z.string().nullable(),
  ordini: z.number(),
  righe: z.number(),
});
export type ErpHistoryResult = z.infer<typeof erpHistoryResultSchema>;

/**
 * The histories a user has (docs/decisions.md "Order history"): a subdealer its own requests; a
 * machine-area dealer its orders, quotes and its subdealers' requests; a parts-only customer its orders.
 */
export const orderHistoryKindsFor = (authorities: readonly string[]): OrderHistoryKind[] => {
  if (authorities.includes('ROLE_CR_SUBDEALER')) return ['REQ'];
  if (authorities.includes('ROLE_CR_USER')) return ['ORD', 'PREV', 'REQ'];
  return ['ORD'];
};

// ---------------------------------------------------------------------------------------------
// The hand-back log (issue 16 §1): every document received with its outcome, read by administrators

/** Where a hand-back document came from: the inbox folder or POST /api/erp/storicoordine. */
export const ERP_HISTORY_SOURCES = ['file', 'http'] as const;
export type ErpHistorySource = (typeof ERP_HISTORY_SOURCES)[number];

/** GET /api/erpStoricoLogs (ROLE_ADMIN): one document received, as the log keeps it. */
export const erpStoricoLogRowSchema = z.object({
  id: z.number().int(),
  /** When the portal received it (ISO date-time). */
  receivedAt: z.string(),
  source: z.enum(ERP_HISTORY_SOURCES),
  /** The file's name, or the HTTP client's address. */
  name: z.string(),
  /** The ERP's id of the document, when it could be read. */
  documentId: z.string().nullable(),
  /** When the ERP produced it (ISO date-time), when it could be read. */
  generatedAt: z.string().nullable(),
  outcome: z.enum(ERP_HISTORY_OUTCOMES),
  /** Why it was rejected or found stale. */
  reason: z.string().nullable(),
  /** Orders and lines it wrote. */
  ordini: z.number().int(),
  righe: z.number().int(),
});
export type ErpStoricoLogRow = z.infer<typeof erpStoricoLogRowSchema>;
export const ERP_STORICO_LOG_SORT_FIELDS = ['id', 'receivedAt', 'outcome', 'documentId'] as const;
export type ErpStoricoLogSortField = (typeof ERP_STORICO_LOG_SORT_FIELDS)[number];
