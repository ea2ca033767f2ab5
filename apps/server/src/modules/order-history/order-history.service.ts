import {
  hasAnyAuthority,
  type Language,
  ORDER_HISTORY_KIND_TYPES,
  type OrderAgainResult,
  type OrderHistoryFilter,
  type OrderHistoryKind,
  type OrderHistoryLine,
  type OrderHistoryQuery,
  orderHistoryKindsFor,
  priceVisibility,
  type ReorderRequest,
  reorderRequestSchema,
} from '@ricambi/domain';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { queueMail } from '../../platform/mail.ts';
import type { Principal } from '../../platform/sessions.ts';
import { loadArticoli, loadPriceProfile } from '../articolo/articolo.contract.ts';
import { lockCart, putBackLines } from '../cart/cart.contract.ts';
import { reorderRequestMails } from './order-history.mails.ts';
import { historySearchText, toHistoryLine } from './order-history.mapper.ts';
import { renderOrderHistoryPdf } from './order-history.pdf.tsx';
import * as repo from './order-history.repository.ts';
import type { Carrier } from './order-history.tracking.ts';

export type OrderHistoryDeps = {
  db: Db;
  carrier: Carrier;
  /** The back office's mailbox for reorder requests (BACKOFFICE_EMAIL). */
  backOffice: string;
  baseUrl: string;
  kickOutbox: () => void;
};

/** A dealer sees its subdealers' requests too (issue 16 §2); everyone else only its own. */
const withSubdealers = (principal: Principal, kind: OrderHistoryKind) =>
  kind === 'REQ' && !principal.authorities.includes('ROLE_CR_SUBDEALER');

const requireKind = (principal: Principal, kind: OrderHistoryKind) => {
  if (!orderHistoryKindsFor(principal.authorities).includes(kind)) throw forbidden();
};

/** Every customer whose lines the user may open one by one (its own, and its subdealers'). */
const visibleUserIds = (db: DbOrTx, principal: Principal) =>
  repo.findScopeUserIds(db, principal.userId, !principal.authorities.includes('ROLE_CR_SUBDEALER'));

const pricesVisible = async (db: DbOrTx, principal: Principal) =>
  priceVisibility(await loadPriceProfile(db, principal.userId)).prices;

const lineNotFound = () => notFound('storicoOrdine.error.lineNotFound');

/**
 * The order history (spec 2 §2–§9, issue 16): what the customer ordered — through the portal or
 * handed back by the ERP — with what is shipped and invoiced, its CSV and PDFs, tracking, reorder
 * requests and "order again". The principal is the effective customer (staff acting as one see what
 * the customer sees).
 */
export const createOrderHistoryService = ({ db, carrier, backOffice, baseUrl, kickOutbox }: OrderHistoryDeps) => {
  const scopeOf = async (principal: Principal, kind: OrderHistoryKind): Promise<repo.HistoryScope> => {
    requireKind(principal, kind);
    return {
      userIds: await repo.findScopeUserIds(db, principal.userId, withSubdealers(principal, kind)),
      tipi: ORDER_HISTORY_KIND_TYPES[kind],
    };
  };

  return {
    /** GET /api/storicoordine/{idRichiesta}: a page, the total and the lines still to fulfil. */
    list: async (principal: Principal, kind: OrderHistoryKind, query: OrderHistoryQuery) => {
      const { page, size, sort, ...filter } = query;
      const scope = await scopeOf(principal, kind);
      const [rows, totals, visible] = await Promise.all([
        repo.findHistoryPage(db, scope, filter, { page, size, sort }),
        repo.countHistory(db, scope, filter),
        pricesVisible(db, principal),
      ]);
      return { items: rows.map((row) => toHistoryLine(row, visible)), ...totals };
    },

    /** The lines of the CSV, a batch at a time, with whether prices are shown. */
    stream: async (principal: Principal, kind: OrderHistoryKind, filter: OrderHistoryFilter) => {
      const scope = await scopeOf(principal, kind);
      const visible = await pricesVisible(db, principal);
      return {
        visible,
        batches: (async function* () {
          for await (const batch of repo.streamHistory(db, scope, filter))
            yield batch.map((r) => toHistoryLine(r, visible));
        })(),
      };
    },

    /** POST /api/storicoordine/id: one line of the user (or of its subdealers). */
    line: async (principal: Principal, id: number): Promise<OrderHistoryLine> => {
      const userIds = await visibleUserIds(db, principal);
      const row = await repo.findLine(db, userIds, id);
      if (!row) throw lineNotFound();
      return toHistoryLine(row, await pricesVisible(db, principal));
    },

    /**
     * GET /api/storicoordine/isArticoloGestito/: Y when the line's part is in the catalogue, orderable,
     * and the user has a cart to order it from; otherwise it must be requested.
     */
    isArticoloGestito: async (principal: Principal, id: number): Promise<'Y' | 'N'> => {
      const row = await repo.findLine(db, await visibleUserIds(db, principal), id);
      if (!row) throw lineNotFound();
      if (row.articoloId === null || !hasAnyAuthority(principal.authorities, ['ROLE_CART'])) return 'N';
      const [article] = await loadArticoli(db, [row.articoloId]);
      return article?.a.ordinabile ? 'Y' : 'N';
    },

    /** POST /api/storicoordine/sendrequest: the request mailed to the back office, a reminder to the user. */
    sendRequest: async (principal: Principal, input: ReorderRequest, lang: Language) => {
      const request = reorderRequestSchema.parse(input);
      const result = await db.transaction(async (tx) => {
        const row = await repo.findLine(tx, await visibleUserIds(tx, principal), request.id);
        if (!row) throw lineNotFound();
        const customer = await repo.findCustomer(tx, principal.userId);
        if (!customer) throw notFound();
        const line = toHistoryLine(row, await pricesVisible(tx, principal));
        const mails = reorderRequestMails({
          backOffice,
          customer: { ...customer, langKey: lang },
          line,
          request: { descrizione: request.descrizione, quantita: request.quantita, nota: request.nota },
          baseUrl,
        });
        for (const mail of mails) await queueMail(tx, mail);
        return { inviata: true as const, email: customer.email };
      });
      kickOutbox();
      return result;
    },

    /**
     * POST /api/storicoordine/riordina: the lines of an order (or the chosen lines) back into the cart
     * at today's price and availability; lines whose part is gone or no longer orderable are left out.
     */
    orderAgain: (principal: Principal, input: { idOrdine?: number; ids?: number[] }): Promise<OrderAgainResult> =>
      db.transaction(async (tx: Tx) => {
        if (!hasAnyAuthority(principal.authorities, ['ROLE_CART'])) throw forbidden();
        const userIds = await visibleUserIds(tx, principal);
        let lines: Awaited<ReturnType<typeof repo.findLines>>;
        if (input.idOrdine !== undefined) {
          const order = await repo.findOrder(tx, userIds, input.idOrdine);
          if (!order) throw notFound('storicoOrdine.error.orderNotFound');
          lines = order.lines;
        } else {
          const ids = [...new Set(input.ids ?? [])];
          lines = await repo.findLines(tx, userIds, ids);
          if (lines.length !== ids.length) throw lineNotFound();
        }
        const known = lines.filter((l) => l.articoloId !== null);
        const cartId = await lockCart(tx, principal.userId);
        const { added, skipped } = await putBackLines(
          tx,
          cartId,
          known.map((l) => ({
            articoloId: l.articoloId as number,
            quantita: l.qtaOrdinata,
            dataRichiesta: null,
            serialNumber: l.matricola,
          })),
        );
        const codeOf = new Map(known.map((l) => [l.articoloId as number, l]));
        const reason = new Map(skipped.map((s) => [s.line.articoloId, s.reason]));
        return {
          aggiunte: added.map((a) => ({ codArt: codeOf.get(a.articoloId)?.codArt ?? '', quantita: a.quantita })),
          escluse: [
            ...lines
              .filter((l) => l.articoloId === null)
              .map((l) => ({ codArt: l.codArt, descRiga: l.descRiga, motivo: 'notFound' as const })),
            ...known
              .filter((l) => reason.has(l.articoloId as number))
              .map((l) => ({
                codArt: l.codArt,
                descRiga: l.descRiga,
                motivo: reason.get(l.articoloId as number) ?? ('notFound' as const),
              })),
          ],
        };
      }),

    /** GET /api/storicoordine/pdf/{lang}/{idRichiesta}/{id}: one order of the user. */
    pdf: async (principal: Principal, kind: OrderHistoryKind, id: number, lang: Language) => {
      const scope = await scopeOf(principal, kind);
      const order = await repo.findOrder(db, scope.userIds, id);
      if (!order || !scope.tipi.includes(order.order.tiporichiesta))
        throw notFound('storicoOrdine.error.orderNotFound');
      const visible = await pricesVisible(db, principal);
      const bytes = await renderOrderHistoryPdf(
        {
          nroOrdTxt: order.order.nroOrdTxt,
          rifVsNroOrd: order.order.rifVsNroOrd,
          dataIns: order.order.dataIns,
          portale: order.order.portale,
          tiporichiesta: order.order.tiporichiesta,
          cliente: order.cliente,
          company: order.company,
        },
        order.lines.map((l) => toHistoryLine(l, visible)),
        lang,
        visible,
      );
      return { fileName: `${order.order.nroOrdTxt.replace(/[^\w.-]+/g, '_')}.pdf`, bytes };
    },

    /** GET /api/storicoordine/tracking/{wayBill}: the carrier's events of one of the user's shipments. */
    tracking: async (principal: Principal, wayBill: string, slug: string | undefined) => {
      if (!(await repo.hasWaybill(db, await visibleUserIds(db, principal), wayBill)))
        throw notFound('storicoOrdine.tracking.notFound');
      return carrier.track(wayBill, slug);
    },
  };
};

export type OrderHistoryService = ReturnType<typeof createOrderHistoryService>;

/**
 * Issue 16 §1: an order sent from the portal is in the history at once, as not shipped, written in
 * the send's transaction (orders.service.ts through order-history.contract.ts).
 */
export const recordPortalOrder = async (
  tx: DbOrTx,
  order: {
    id: number;
    userId: number;
    tiporichiesta: string;
    numeroOrdine: string;
    rifOrdine: string | null;
    createdAt: Date;
  },
  lines: readonly {
    riga: number;
    articoloId: number;
    articolo: string;
    descrizione: string;
    unitaMisura: string;
    quantita: number;
    serialNumber?: string | null;
    totale?: number | null;
  }[],
) => {
  await repo.insertHistoryOrder(
    tx,
    {
      userId: order.userId,
      tiporichiesta: order.tiporichiesta,
      nroOrdTxt: order.numeroOrdine,
      ordineId: order.id,
      rifVsNroOrd: order.rifOrdine,
      portale: true,
      dataIns: order.createdAt,
    },
    lines.map((l) => ({
      userId: order.userId,
      tiporichiesta: order.tiporichiesta,
      dataIns: order.createdAt,
      riga: l.riga,
      articoloId: l.articoloId,
      codArt: l.articolo,
      descRiga: l.descrizione,
      unitaMisura: l.unitaMisura,
      matricola: l.serialNumber ?? null,
      qtaOrdinata: l.quantita,
      importo: l.totale ?? null,
      searchText: historySearchText({
        codArt: l.articolo,
        descRiga: l.descrizione,
        matricola: l.serialNumber,
        nroOrdTxt: order.numeroOrdine,
        rifVsNroOrd: order.rifOrdine,
      }),
    })),
  );
};
