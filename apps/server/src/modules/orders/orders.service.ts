import {
  businessToday,
  type CartCheck,
  type CartItemAddParsed,
  cartLineErrors,
  type checkoutSchema,
  earliestRequestDate,
  type FieldError,
  formatOrderId,
  hasAnyAuthority,
  type ImportResult,
  isCountryCode,
  isItalianProvince,
  type Language,
  needsOverAvailabilityConfirmation,
  type OrderKind,
  requestDateError,
  type requestSchema,
  requiresRequestDate,
  roundEuro,
  roundKg,
  type SendResult,
  SHIPPING_NOT_CALCULABLE,
  type ShippingCalculation,
  type ShippingCost,
} from '@ricambi/domain';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { type ErpImport, ErpUnavailableError, orderOrderingKey, queueErpExport } from '../../platform/erp.ts';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { queueMail } from '../../platform/mail.ts';
import type { Principal } from '../../platform/sessions.ts';
import { findActiveBanners } from '../banners/banners.contract.ts';
import { addCartLines, lockCart, type PricedLine, readPricedCart, removeCartLines } from '../cart/cart.contract.ts';
import { recordPortalOrder } from '../order-history/order-history.contract.ts';
import type { ThemesService } from '../themes/themes.contract.ts';
import { orderMail } from './orders.mails.ts';
import { orderParts, toErpDocument, toOrderLine, toSendResult } from './orders.mapper.ts';
import * as repo from './orders.repository.ts';
import { computeShipping, tariffCost } from './orders.shipping.ts';

type CheckoutBody = z.output<typeof checkoutSchema>;
type RequestBody = z.output<typeof requestSchema>;
/** What a send needs: the checkout body (ORD, PREV, ORDCG) or a subdealer's request (REQ). */
export type SendInput = (CheckoutBody | (RequestBody & { tiporichiesta: 'REQ' })) & { tiporichiesta: OrderKind };

export type OrdersDeps = {
  db: Db;
  themes: ThemesService;
  erpImport: ErpImport;
  /** Wakes the outbox worker after a commit, so the mail and the ERP document leave at once. */
  kickOutbox: () => void;
};

type Problem = { field: string; message: string };

/**
 * What blocks sending a line (spec 1 §5): not orderable any more, the line rules (quantity, requested
 * date now in the past or missing, serial length), a kind-0 quantity above availability without the
 * user's confirmation, and for a warranty order a missing serial.
 */
const lineProblems = (line: PricedLine, today: string, serialRequired: boolean): Problem[] => {
  const problems: Problem[] = [];
  if (!line.ordinabile) problems.push({ field: 'idArticolo', message: 'cart.error.notOrderable' });
  for (const [field, message] of Object.entries(cartLineErrors(line, line, today))) problems.push({ field, message });
  if (
    !line.confermaSuperamento &&
    needsOverAvailabilityConfirmation(line.tipoArticoloOrig, line.stock, line.quantita)
  ) {
    problems.push({ field: 'quantita', message: 'cart.error.overAvailability' });
  }
  if (serialRequired && !line.serialNumber?.trim()) {
    problems.push({ field: 'serialNumber', message: 'jricambiApp.checkout.matricola_required' });
  }
  return problems;
};

const validation = (fieldErrors: FieldError[]) => new AppError(400, 'error.validation', undefined, fieldErrors);

/** The address fields the schema cannot check alone: a known country, an Italian province for ITA. */
const addressErrors = (address: SendInput['cartAddress']): FieldError[] => {
  const errors: FieldError[] = [];
  if (address.STATO && !isCountryCode(address.STATO)) {
    errors.push({ field: 'cartAddress.STATO', message: 'validation.invalid' });
  }
  if (address.STATO === 'ITA' && address.PROV && !isItalianProvince(address.PROV.toUpperCase())) {
    errors.push({ field: 'cartAddress.PROV', message: 'validation.invalid' });
  }
  return errors;
};

/** The unique index that makes a repeated send one order; its violation means "already sent". */
const isIdempotencyConflict = (error: unknown) => {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, constraint, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (
      code === '23505' &&
      (constraint === 'ordine_user_idempotency_uq' ||
        (typeof message === 'string' && message.includes('ordine_user_idempotency_uq')))
    ) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};

/**
 * Checkout, subdealer request, cart check before sending, order import, shipping cost (spec 1 §4,
 * §5, §7; issue 5 §3–5). The principal is the effective customer (the dealer while staff act as one).
 */
export const createOrdersService = ({ db, themes, erpImport, kickOutbox }: OrdersDeps) => {
  /** The answer of an order already stored: the same id and number, the cart as it is now. */
  const replay = async (tx: Db | Tx, order: repo.OrderRow, cartId: number | null): Promise<SendResult> => {
    const [customer, residuo] = await Promise.all([
      repo.findCustomer(tx, order.userId),
      cartId === null ? 0 : repo.countCartLines(tx, cartId),
    ]);
    return toSendResult(order, customer?.email ?? null, residuo);
  };

  const checkoutBanner = async (tx: Tx, principal: Principal, hostName: string | undefined) => {
    const ambiente = themes.resolve(hostName, principal.tema)?.name;
    if (!ambiente) return undefined;
    const [banner] = await findActiveBanners(tx, {
      userId: principal.userId,
      ambiente,
      type: 'CHECKOUT',
      now: new Date(),
    });
    return banner;
  };

  /**
   * The send use case inside the caller's transaction: authorisation, the cart locked, every rule,
   * the order with its mail and ERP document in the outbox. `created` is false when the key had
   * already sent an order (its answer is replayed).
   */
  const placeOrder = async (
    tx: Tx,
    principal: Principal,
    input: SendInput,
    idempotencyKey: string,
    lang: Language,
    hostName: string | undefined,
  ): Promise<{ result: SendResult; created: boolean }> => {
    // Authorisation first (spec 1 §2.1, §6): subdealers send requests, quotes and warranty orders
    // need ROLE_CR_USER and a theme with parts access.
    const subdealer = principal.authorities.includes('ROLE_CR_SUBDEALER');
    if (input.tiporichiesta !== 'REQ' && subdealer) throw forbidden('checkout.error.subdealer');
    if (input.tiporichiesta === 'PREV' || input.tiporichiesta === 'ORDCG') {
      const theme = themes.resolve(hostName, principal.tema);
      if (!hasAnyAuthority(principal.authorities, ['ROLE_CR_USER']) || !theme?.canAccessParts) {
        throw forbidden('checkout.error.quoteNotAllowed');
      }
    }
    const invalidAddress = addressErrors(input.cartAddress);
    if (invalidAddress.length > 0) throw validation(invalidAddress);

    const userId = principal.userId;
    const cartId = await lockCart(tx, userId);
    const existing = await repo.findOrderByKey(tx, userId, idempotencyKey);
    if (existing) return { result: await replay(tx, existing, cartId), created: false };

    const [cart, customer] = await Promise.all([readPricedCart(tx, userId, lang), repo.findCustomer(tx, userId)]);
    if (!customer) throw notFound();
    const byId = new Map(cart.lines.map((l) => [l.id, l]));
    const wanted = [...new Set(input.linee)];
    if (wanted.some((id) => !byId.has(id))) throw new AppError(409, 'cart.error.changed');
    const lines = wanted.map((id) => byId.get(id) as PricedLine);

    const realTotal = roundEuro(lines.reduce((sum, l) => sum + l.lineTotal, 0));
    if (input.totaleVisto != null && cart.view.prezziVisibili && Math.abs(input.totaleVisto - realTotal) >= 0.005) {
      throw new AppError(409, 'cart.error.pricesChanged', { totale: realTotal });
    }

    const today = businessToday();
    const problems = lines.flatMap((line) =>
      lineProblems(line, today, input.tiporichiesta === 'ORDCG').map((p) => ({
        field: `linee.${line.id}.${p.field}`,
        message: p.message,
      })),
    );
    // The order's requested date follows the line dates' rule (spec 1 §3, §5, §9).
    const headerDateError = input.dataRichiesta ? requestDateError(input.dataRichiesta, today) : undefined;
    if (headerDateError) problems.unshift({ field: 'dataRichiesta', message: headerDateError });
    if (problems.length > 0) throw validation(problems);

    const banner = await checkoutBanner(tx, principal, hostName);
    if (banner && input.bannerId !== banner.id) throw badRequest('checkout.error.banner');

    const address = input.cartAddress;
    let speseSpedizione: number | null = null;
    let spedizioneGratuita = false;
    if (input.spedizione === 'CPT') {
      const cost = await computeShipping(tx, {
        lines,
        stato: address.STATO,
        cap: address.CAP,
        langKey: principal.langKey,
        pricesVisible: cart.view.prezziVisibili,
      });
      if (cost.costo < 0) throw badRequest('checkout.error.shippingNotComputable');
      speseSpedizione = cost.costo;
      spedizioneGratuita = cost.spedizioneGratuita;
    }

    const numero = await repo.nextOrderNumber(tx);
    const anno = Number(today.slice(0, 4));
    const numbering = { tiporichiesta: input.tiporichiesta, anno, numero };
    const orderLines = lines.map((line, i) => toOrderLine(line, i + 1, cart.profile));
    const order = await repo.insertOrder(
      tx,
      {
        userId,
        sentBy: principal.actor?.login ?? principal.login,
        ...numbering,
        numeroOrdine: formatOrderId(orderParts(numbering)),
        idempotencyKey,
        rifOrdine: input.rifOrdine,
        rifData: input.rifData ?? null,
        dataRichiesta: input.dataRichiesta ?? null,
        nota: input.nota,
        spedizione: input.spedizione,
        speseSpedizione,
        tipoIndirizzo: address.TIPO_INDIRIZZO || null,
        ragsoc: address.RAGSOC,
        indirizzo: address.INDIRIZZO,
        cap: address.CAP,
        citta: address.CITTA,
        prov: address.PROV ? address.PROV.toUpperCase() : null,
        stato: address.STATO ? address.STATO.toUpperCase() : null,
        langKey: lang,
        totale: realTotal,
        pesoTotale: roundKg(lines.reduce((sum, l) => sum + l.peso, 0)),
        bannerId: banner?.id ?? null,
      },
      orderLines,
    );
    await removeCartLines(tx, cart.cartId ?? cartId, wanted);
    await recordPortalOrder(tx, order, orderLines);

    if (customer.email) {
      await queueMail(
        tx,
        orderMail({
          to: customer.email,
          recipient: customer,
          numeroOrdine: order.numeroOrdine,
          tiporichiesta: input.tiporichiesta,
          date: today,
          sentBy: principal.actor?.login ?? null,
          pricesVisible: cart.view.prezziVisibili,
          lines: orderLines.map((l) => ({
            articolo: l.articolo,
            descrizione: l.descrizione,
            quantita: l.quantita,
            unitaMisura: l.unitaMisura,
            dataRichiesta: l.dataRichiesta ?? null,
            netto: l.netto ?? 0,
            totale: l.totale ?? 0,
          })),
          totale: realTotal,
          pesoTotale: order.pesoTotale,
          address: order,
          rifOrdine: order.rifOrdine,
          rifData: order.rifData,
          nota: order.nota,
          spedizione: input.spedizione,
          speseSpedizione,
          spedizioneGratuita,
        }),
        { orderingKey: orderOrderingKey(order.numeroOrdine) },
      );
    }
    await queueErpExport(
      tx,
      toErpDocument(order, orderLines, { login: customer.login, company: customer.company, email: customer.email }),
    );
    return {
      result: toSendResult(order, customer.email, cart.lines.length - wanted.length),
      created: true,
    };
  };

  const send = async (
    principal: Principal,
    input: SendInput,
    idempotencyKey: string,
    lang: Language,
    hostName: string | undefined,
  ): Promise<SendResult> => {
    const userId = principal.userId;
    try {
      const result = await db.transaction((tx) => placeOrder(tx, principal, input, idempotencyKey, lang, hostName));
      if (result.created) kickOutbox();
      return result.result;
    } catch (error) {
      // Two sends with one key that were not serialised by the cart lock: the first one won.
      if (!isIdempotencyConflict(error)) throw error;
      const existing = await repo.findOrderByKey(db, userId, idempotencyKey);
      if (!existing) throw error;
      const cart = await readPricedCart(db, userId, lang);
      return replay(db, existing, cart.cartId);
    }
  };

  return {
    send,

    /**
     * A send that is one step of another use case (the warranty order, spec 2 §4): it runs in the
     * caller's transaction, so a failure of either step leaves nothing. The caller wakes the outbox after its commit.
     */
    placeOrder,

    /** PUT /api/cart/update: the cart again, with every problem that would block sending it. */
    check: async (principal: Principal, lang: Language): Promise<CartCheck> => {
      const cart = await readPricedCart(db, principal.userId, lang);
      const today = businessToday();
      return {
        cart: cart.view,
        problemi: cart.lines.flatMap((line) => lineProblems(line, today, false).map((p) => ({ id: line.id, ...p }))),
      };
    },

    /** GET /api/cart/spesespedizione: the cost of shipping the whole cart there. */
    /** The cost lookup of the checkout and request forms: the amount only for a user who sees prices. */
    shipping: async (principal: Principal, query: { stato: string; cap: string }): Promise<ShippingCost> => {
      const lang: Language = 'it';
      const cart = await readPricedCart(db, principal.userId, lang);
      const cost = await computeShipping(db, {
        lines: cart.lines,
        stato: query.stato,
        cap: query.cap,
        langKey: principal.langKey,
        pricesVisible: cart.view.prezziVisibili,
      });
      const hidden = !cart.view.prezziVisibili && cost.costo >= 0;
      return hidden ? { ...cost, costo: null } : cost;
    },

    /**
     * GET /api/speseSpedizione (spec 2 §2, §5): the shipping calculator of internal staff (the route
     * checks ROLE_INTERNAL and the theme's tracks access). The tariff's cost for a bare weight: no
     * cart, so neither the free-shipping rule nor the kind-0 weight threshold applies (decisions.md).
     */
    shippingCalculator: async (query: { stato: string; cap: string; peso: number }): Promise<ShippingCalculation> => {
      const spese = await tariffCost(db, query.stato.toUpperCase(), query.cap, roundKg(query.peso));
      return spese < 0
        ? { spese: SHIPPING_NOT_CALCULABLE, calcolabile: false }
        : { spese: roundEuro(spese), calcolabile: true };
    },

    /**
     * GET /api/cart/import: the lines of an order the ERP handed back go into the superdealer's cart
     * (origin I) — every known, orderable code; the others are listed as discarded.
     */
    importOrder: async (principal: Principal, nOrdine: string, lang: Language): Promise<ImportResult> => {
      let order: Awaited<ReturnType<ErpImport['fetchOrder']>>;
      try {
        order = await erpImport.fetchOrder(nOrdine);
      } catch (error) {
        if (error instanceof ErpUnavailableError) throw new AppError(502, 'importOrder.error.unavailable');
        throw error;
      }
      if (!order) throw notFound('importOrder.error.notFound');
      const articles = new Map(
        (
          await repo.findArticlesByCodes(
            db,
            order.righe.map((r) => r.articolo.trim()),
          )
        ).map((a) => [a.articolo, a]),
      );
      const today = businessToday();
      const scartati: string[] = [];
      const rows: CartItemAddParsed[] = [];
      for (const riga of order.righe) {
        const code = riga.articolo.trim();
        const article = articles.get(code);
        if (!article?.visibile || !article.ordinabile) {
          if (!scartati.includes(code)) scartati.push(code);
          continue;
        }
        const given = riga.dataRichiesta?.trim() || null;
        const dataRichiesta =
          given && !requestDateError(given, today)
            ? given
            : given || requiresRequestDate(article.tipoArticoloOrig)
              ? earliestRequestDate(today)
              : null;
        rows.push({
          idArticolo: article.id,
          quantita: riga.quantita,
          dataRichiesta,
          serialNumber: riga.serialNumber?.trim() || null,
          origine: 'I',
          confermaSuperamento: article.tipoArticoloOrig === '0',
        });
      }
      const cart =
        rows.length > 0
          ? await db.transaction((tx) => addCartLines(tx, principal.userId, rows, lang))
          : (await readPricedCart(db, principal.userId, lang)).view;
      return { nOrdine: order.nOrdine || nOrdine, righe: rows.length, scartati, cart };
    },
  };
};

export type OrdersService = ReturnType<typeof createOrdersService>;
