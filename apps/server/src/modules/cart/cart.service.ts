import {
  articoloDescrizione,
  businessToday,
  CART_LIMITS,
  type CartItemAddParsed,
  type CartKind,
  type CartView,
  type cartItemUpdateSchema,
  cartLineErrors,
  earliestRequestDate,
  type FieldError,
  FREE_SHIPPING,
  type Language,
  needsOverAvailabilityConfirmation,
  parseQuantity,
  type QuickOrderRow,
  requestDateError,
  requiresRequestDate,
  roundKg,
  type SavedCart,
} from '@ricambi/domain';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { SavedCartLine } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import type { Principal } from '../../platform/sessions.ts';
import type { UploadedFile } from '../../platform/spreadsheet.ts';
import { loadArticoli, loadPriceProfile } from '../articolo/articolo.contract.ts';
import type { PricedCart } from './cart.contract.ts';
import { cartCsv } from './cart.csv.ts';
import { toAccountAddress, toCartAddress, toPricedCart, toPricedLine, toSavedCart } from './cart.mapper.ts';
import { parseQuickText, type QuickLine, readQuickFile } from './cart.quick.ts';
import type { CartLineRow } from './cart.repository.ts';
import * as repo from './cart.repository.ts';

export type { CartItemAddParsed } from '@ricambi/domain';

type Articles = Awaited<ReturnType<typeof loadArticoli>>;
type Article = Articles[number];

const articlesById = async (db: DbOrTx, ids: readonly number[]) =>
  new Map((await loadArticoli(db, [...new Set(ids)])).map((found) => [found.a.id, found] as const));

/** Get-or-create the user's carrello row and lock it (SELECT ... FOR UPDATE) in tx; returns its id. Serialises all cart changes and sends of one user. */
export const lockCart = (tx: Tx, userId: number): Promise<number> => repo.lockCartRow(tx, userId);

/** The cart with real and visible prices, availability labels, descriptions in lang (PricedCart of cart.contract.ts). */
export const readPricedCart = async (db: DbOrTx, userId: number, lang: Language): Promise<PricedCart> => {
  const { cartId, lines } = await repo.findCartWithLines(db, userId);
  const profile = await loadPriceProfile(db, userId);
  if (cartId === null) return toPricedCart(null, [], profile);
  const articles = await articlesById(
    db,
    lines.map((l) => l.articoloId),
  );
  return toPricedCart(
    cartId,
    lines.flatMap((line) => {
      const article = articles.get(line.articoloId);
      return article ? [toPricedLine(line, article, cartId, profile, lang)] : [];
    }),
    profile,
  );
};

const validationError = (fieldErrors: FieldError[]) => new AppError(400, 'error.validation', undefined, fieldErrors);

/** One line to add, already read: the quantity is a number. */
type Addition = {
  articoloId: number;
  quantita: number;
  dataRichiesta: string | null;
  serialNumber: string | null;
  origine: string;
  confermaSuperamento: boolean;
};

const keyOf = (l: { articoloId: number; dataRichiesta: string | null; serialNumber: string | null }) =>
  JSON.stringify([l.articoloId, l.dataRichiesta ?? null, l.serialNumber ?? null]);

type Target = { quantita: number; confermaSuperamento: boolean; lineId?: number; addition?: Addition };

/**
 * Where each addition goes: into an equal line of the cart (same article, date and serial), into an
 * equal addition before it, or into a new line. Answers the targets with their final quantities and
 * the target of every addition.
 */
const planAdditions = (existing: readonly CartLineRow[], additions: readonly Addition[]) => {
  const targets = new Map<string, Target>(
    existing.map((l) => [
      keyOf(l),
      { quantita: l.quantita, confermaSuperamento: l.confermaSuperamento, lineId: l.id } satisfies Target,
    ]),
  );
  const targetOf = additions.map((add) => {
    const key = keyOf(add);
    const target = targets.get(key);
    if (target) {
      target.quantita = roundKg(target.quantita + add.quantita);
      target.confermaSuperamento ||= add.confermaSuperamento;
      return target;
    }
    const created: Target = { quantita: add.quantita, confermaSuperamento: add.confermaSuperamento, addition: add };
    targets.set(key, created);
    return created;
  });
  return { targets, targetOf };
};

/** Writes a plan: new quantities of the merged lines (one statement), the new lines (one statement). */
const applyPlan = async (tx: Tx, cartId: number, targets: Map<string, Target>) => {
  const values = [...targets.values()];
  await repo.updateLineQuantities(
    tx,
    cartId,
    values.flatMap((t) =>
      t.lineId === undefined
        ? []
        : [{ id: t.lineId, quantita: t.quantita, confermaSuperamento: t.confermaSuperamento }],
    ),
  );
  await repo.insertLines(
    tx,
    values.flatMap((t) =>
      t.addition
        ? [{ ...t.addition, carrelloId: cartId, quantita: t.quantita, confermaSuperamento: t.confermaSuperamento }]
        : [],
    ),
  );
};

const tooManyLines = () => badRequest('cart.error.tooManyLines', { max: CART_LIMITS.righeMax });

/**
 * Validates the rows with every line rule and adds them, merging equal lines; all or nothing. The
 * field errors are named by `field(index, name)`.
 */
const addValidated = async (
  tx: Tx,
  userId: number,
  rows: readonly CartItemAddParsed[],
  field: (index: number, name: string) => string,
) => {
  const cartId = await lockCart(tx, userId);
  const [articles, existing] = await Promise.all([
    articlesById(
      tx,
      rows.map((r) => r.idArticolo),
    ),
    repo.findLines(tx, cartId),
  ]);
  const today = businessToday();
  const errors: FieldError[] = [];
  const error = (index: number, name: string, message: string, params?: FieldError['params']) => {
    errors.push({ field: field(index, name), message, ...(params ? { params } : {}) });
  };
  const accepted: { index: number; article: Article; addition: Addition }[] = [];
  rows.forEach((row, index) => {
    const article = articles.get(row.idArticolo);
    if (!article) {
      error(index, 'idArticolo', 'cart.error.articleNotFound');
      return;
    }
    if (!article.a.ordinabile) {
      error(index, 'idArticolo', 'cart.error.notOrderable');
      return;
    }
    const lineErrors = Object.entries(cartLineErrors(row, article.a, today));
    for (const [name, message] of lineErrors) error(index, name, message);
    const quantity = parseQuantity(row.quantita, article.a.unitaMisura);
    if (lineErrors.length > 0 || !quantity.ok) return;
    accepted.push({
      index,
      article,
      addition: {
        articoloId: article.a.id,
        quantita: quantity.value,
        dataRichiesta: row.dataRichiesta?.trim() || null,
        serialNumber: row.serialNumber ?? null,
        origine: row.origine,
        confermaSuperamento: row.confermaSuperamento,
      },
    });
  });
  const { targets, targetOf } = planAdditions(
    existing,
    accepted.map((a) => a.addition),
  );
  // The merged quantity is what the line will ask for: the maximum and the availability apply to it.
  accepted.forEach(({ index, article }, n) => {
    const target = targetOf[n] as Target;
    if (target.quantita > CART_LIMITS.quantitaMax) error(index, 'quantita', 'cart.error.quantityMax');
    else if (
      !target.confermaSuperamento &&
      needsOverAvailabilityConfirmation(article.a.tipoArticoloOrig, article.stock, target.quantita)
    ) {
      error(index, 'quantita', 'cart.error.overAvailability', {
        disponibile: article.stock.magazzino,
        quantita: target.quantita,
      });
    }
  });
  if (errors.length > 0) throw validationError(errors);
  const newLines = [...targets.values()].filter((t) => t.addition).length;
  if (existing.length + newLines > CART_LIMITS.righeMax) throw tooManyLines();
  await applyPlan(tx, cartId, targets);
};

/** Validates every row with the domain rules (cartLineErrors, parseQuantity, over-availability for tipoArticoloOrig '0' unless confermaSuperamento, ordinabile, article exists), then adds them (merging equal lines) — all or nothing: throws the standard 400 validation error (fieldErrors `righe.N.<field>`) when any row is bad. Caller passes a tx. */
export const addCartLines = async (
  tx: Tx,
  userId: number,
  rows: CartItemAddParsed[],
  lang: Language,
): Promise<CartView> => {
  await addValidated(tx, userId, rows, (i, name) => `righe.${i}.${name}`);
  return (await readPricedCart(tx, userId, lang)).view;
};

/** Deletes these line ids of that cart (after an order was stored). */
export const removeCartLines = async (tx: Tx, cartId: number, lineIds: readonly number[]): Promise<void> => {
  await repo.deleteLines(tx, cartId, lineIds);
};

const lineNotFound = () => notFound('cart.error.lineNotFound');

/** A saved line as it can go back into the cart today: a requested date now past moves to the earliest allowed. */
const fromSaved = (line: SavedCartLine, article: Article, today: string): Addition => {
  const date = line.dataRichiesta && !requestDateError(line.dataRichiesta, today) ? line.dataRichiesta : null;
  return {
    articoloId: article.a.id,
    quantita: line.quantita,
    dataRichiesta:
      date ??
      (line.dataRichiesta || requiresRequestDate(article.a.tipoArticoloOrig) ? earliestRequestDate(today) : null),
    serialNumber: line.serialNumber,
    origine: 'S',
    confermaSuperamento: false,
  };
};

/**
 * Lines of the past (a saved cart, an order of the history) back into the locked cart `cartId`,
 * merged into a line of the same article: those whose article is gone or no longer orderable are left
 * out and returned; a requested date now past moves to the earliest allowed day.
 */
export const putBackLines = async (
  tx: Tx,
  cartId: number,
  lines: readonly SavedCartLine[],
): Promise<{ added: SavedCartLine[]; skipped: { line: SavedCartLine; reason: 'notFound' | 'notOrderable' }[] }> => {
  const [articles, existing] = await Promise.all([
    articlesById(
      tx,
      lines.map((l) => l.articoloId),
    ),
    repo.findLines(tx, cartId),
  ]);
  const today = businessToday();
  const added: SavedCartLine[] = [];
  const skipped: { line: SavedCartLine; reason: 'notFound' | 'notOrderable' }[] = [];
  const additions = lines.flatMap((line) => {
    const article = articles.get(line.articoloId);
    if (!article) skipped.push({ line, reason: 'notFound' });
    else if (!article.a.ordinabile) skipped.push({ line, reason: 'notOrderable' });
    else {
      added.push(line);
      return [fromSaved(line, article, today)];
    }
    return [];
  });
  const { targets } = planAdditions(existing, additions);
  const newLines = [...targets.values()].filter((t) => t.addition).length;
  if (existing.length + newLines > CART_LIMITS.righeMax) throw tooManyLines();
  await applyPlan(tx, cartId, targets);
  return { added, skipped };
};

/** The quick-order rows resolved against the catalogue in one query. */
const resolveQuickLines = async (db: DbOrTx, lines: readonly QuickLine[], lang: Language): Promise<QuickOrderRow[]> => {
  const today = businessToday();
  const found = await repo.findArticlesByCodes(
    db,
    lines.map((l) => l.codice),
    today,
  );
  const byCode = new Map(found.map((f) => [f.articolo.toLowerCase(), f]));
  return lines.map((line): QuickOrderRow => {
    const a = byCode.get(line.codice.toLowerCase());
    const base = { riga: line.riga, codice: line.codice, quantitaTesto: line.quantitaTesto, sostituto: null };
    if (!a?.visibile) {
      return {
        ...base,
        quantita: null,
        stato: 'SCONOSCIUTO',
        idArticolo: null,
        descrizione: null,
        unitaMisura: null,
        messaggio: 'cart.error.articleNotFound',
      };
    }
    const quantity = parseQuantity(line.quantitaTesto, a.unitaMisura);
    const known = {
      ...base,
      quantita: quantity.ok ? quantity.value : null,
      idArticolo: Number(a.id),
      descrizione: articoloDescrizione(a, lang),
      unitaMisura: a.unitaMisura,
    };
    if (a.superseded) {
      return {
        ...known,
        stato: 'SOSTITUITO',
        sostituto:
          a.altId === null
            ? null
            : {
                id: Number(a.altId),
                articolo: a.altArticolo ?? '',
                descrizione: articoloDescrizione(
                  { descrizione: a.altDescrizione, localizedDescrizione: a.altLocalizedDescrizione },
                  lang,
                ),
              },
        messaggio: null,
      };
    }
    if (!a.ordinabile) return { ...known, stato: 'NON_ORDINABILE', messaggio: 'cart.error.notOrderable' };
    if (!quantity.ok) return { ...known, stato: 'QUANTITA', messaggio: quantity.error };
    if (quantity.value <= 0) return { ...known, stato: 'QUANTITA', messaggio: 'cart.error.quantityPositive' };
    return { ...known, stato: 'OK', messaggio: null };
  });
};

type CartUpdateInput = z.output<typeof cartItemUpdateSchema>;

/**
 * The cart use cases of the routes. The principal is the effective user: the dealer while staff act
 * as one, so every change lands in the dealer's cart. Every change locks the cart row first.
 */
export const createCartService = (db: Db) => {
  const view = async (userId: number, lang: Language, tx: DbOrTx = db) => (await readPricedCart(tx, userId, lang)).view;

  return {
    get: (principal: Principal, lang: Language) => view(principal.userId, lang),

    add: (principal: Principal, row: CartItemAddParsed, lang: Language) =>
      db.transaction(async (tx) => {
        await addValidated(tx, principal.userId, [row], (_, name) => name);
        return view(principal.userId, lang, tx);
      }),

    addAll: (principal: Principal, rows: CartItemAddParsed[], lang: Language) =>
      db.transaction((tx) => addCartLines(tx, principal.userId, rows, lang)),

    /** New quantity, requested date and serial of a line of the user's own cart. */
    update: (principal: Principal, input: CartUpdateInput, lang: Language) =>
      db.transaction(async (tx) => {
        const cartId = await lockCart(tx, principal.userId);
        const line = await repo.findLine(tx, cartId, input.id);
        if (!line) throw lineNotFound();
        const article = (await articlesById(tx, [line.articoloId])).get(line.articoloId) as Article;
        const errors = cartLineErrors(input, article.a);
        const quantity = parseQuantity(input.quantita, article.a.unitaMisura);
        const confirmed = input.confermaSuperamento;
        if (
          !errors.quantita &&
          quantity.ok &&
          !confirmed &&
          needsOverAvailabilityConfirmation(article.a.tipoArticoloOrig, article.stock, quantity.value)
        ) {
          errors.quantita = 'cart.error.overAvailability';
        }
        const fieldErrors = Object.entries(errors).map(([field, message]) => ({ field, message }));
        if (fieldErrors.length > 0 || !quantity.ok) throw validationError(fieldErrors);
        await repo.updateLine(tx, cartId, line.id, {
          quantita: quantity.value,
          dataRichiesta: input.dataRichiesta?.trim() || null,
          serialNumber: input.serialNumber,
          confermaSuperamento: confirmed,
        });
        return view(principal.userId, lang, tx);
      }),

    remove: (principal: Principal, lineId: number, lang: Language) =>
      db.transaction(async (tx) => {
        const cartId = await lockCart(tx, principal.userId);
        if ((await repo.deleteLines(tx, cartId, [lineId])) === 0) throw lineNotFound();
        return view(principal.userId, lang, tx);
      }),

    clear: (principal: Principal, lang: Language) =>
      db.transaction(async (tx) => {
        await repo.deleteLines(tx, await lockCart(tx, principal.userId));
        return view(principal.userId, lang, tx);
      }),

    /** What the cart holds; the free-shipping threshold for an Italian user's tracks-only cart. */
    kind: async (principal: Principal) => {
      const { lines, tracks } = await repo.cartKindCounts(db, principal.userId);
      const kind: CartKind = lines === 0 ? 'VUOTO' : tracks === lines ? 'CINGOLI' : tracks === 0 ? 'RICAMBI' : 'MISTO';
      const free = kind === FREE_SHIPPING.kind && principal.langKey === FREE_SHIPPING.langKey;
      return { kind, spedizioneGratuitaDa: free ? FREE_SHIPPING.minNetto : null };
    },

    /** The stored addresses, else the account's own (a subdealer's) as the default one. */
    addresses: async (principal: Principal) => {
      const rows = await repo.findAddresses(db, principal.userId);
      if (rows.length > 0) return rows.map(toCartAddress);
      const own = await repo.findUserAddress(db, principal.userId);
      const address = own && toAccountAddress(own);
      return address ? [address] : [];
    },

    csv: async (principal: Principal, lang: Language) => cartCsv(await view(principal.userId, lang), lang),

    quickPreviewText: (text: string, lang: Language) => resolveQuickLines(db, parseQuickText(text), lang),

    quickPreviewFile: async (file: UploadedFile, lang: Language) =>
      resolveQuickLines(db, await readQuickFile(file), lang),

    savedCarts: async (principal: Principal): Promise<SavedCart[]> =>
      (await repo.listSavedCarts(db, principal.userId)).map(toSavedCart),

    /** Saves the current cart under a new name (at most CART_LIMITS.savedCartsMax per user). */
    saveCart: (principal: Principal, nome: string): Promise<SavedCart> =>
      db.transaction(async (tx) => {
        const cartId = await lockCart(tx, principal.userId);
        const lines = await repo.findLines(tx, cartId);
        if (lines.length === 0) throw badRequest('cart.error.empty');
        if (await repo.savedCartNameTaken(tx, principal.userId, nome)) {
          throw new AppError(400, 'cart.error.savedCartExists', undefined, [
            { field: 'nome', message: 'cart.error.savedCartExists' },
          ]);
        }
        if ((await repo.countSavedCarts(tx, principal.userId)) >= CART_LIMITS.savedCartsMax) {
          throw badRequest('cart.error.savedCartsMax', { max: CART_LIMITS.savedCartsMax });
        }
        const saved = await repo.insertSavedCart(tx, {
          userId: principal.userId,
          nome,
          righe: lines.map((l) => ({
            articoloId: l.articoloId,
            quantita: l.quantita,
            dataRichiesta: l.dataRichiesta,
            serialNumber: l.serialNumber,
          })),
        });
        return toSavedCart({ ...saved, righe: lines.length });
      }),

    /**
     * Puts a saved cart back: `sostituisci` empties the cart first, `aggiungi` merges into it. Lines
     * whose article is gone or no longer orderable are left out; a requested date now past moves to
     * the earliest allowed day. Availability is checked when the cart is checked before sending.
     */
    loadCart: (principal: Principal, id: number, modo: 'sostituisci' | 'aggiungi', lang: Language) =>
      db.transaction(async (tx) => {
        const cartId = await lockCart(tx, principal.userId);
        const saved = await repo.findSavedCart(tx, principal.userId, id);
        if (!saved) throw notFound('cart.error.savedCartNotFound');
        if (modo === 'sostituisci') await repo.deleteLines(tx, cartId);
        await putBackLines(tx, cartId, saved.righe);
        return view(principal.userId, lang, tx);
      }),

    deleteSavedCart: async (principal: Principal, id: number) => {
      if (!(await repo.deleteSavedCart(db, principal.userId, id))) throw notFound('cart.error.savedCartNotFound');
    },
  };
};

export type CartService = ReturnType<typeof createCartService>;
