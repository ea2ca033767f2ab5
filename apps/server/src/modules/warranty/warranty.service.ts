import {
  businessToday,
  COMBO_LISTS,
  COUNTRIES,
  type FieldError,
  hasAnyAuthority,
  isItalianProvince,
  isWarrantyEditable,
  type Language,
  localizedText,
  type PageQuery,
  parseItalianDate,
  WARRANTY_BACKOFFICE_ROLES,
  WARRANTY_TRANSITIONS,
  type WarrantyFilter,
  type WarrantyInputParsed,
  type WarrantySaved,
  type WarrantySortField,
  type WarrantyState,
  type WarrantyStateChange,
  warrantyDateErrors,
  warrantySaveSchema,
} from '@ricambi/domain';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError, forbidden, notFound, validationError } from '../../platform/errors.ts';
import { type Files, toStoredFileView } from '../../platform/files.ts';
import { forbiddenFields, rejectForbiddenCharacters } from '../../platform/input-guard.ts';
import { queueMail } from '../../platform/mail.ts';
import type { Principal } from '../../platform/sessions.ts';
import { comboValues } from '../combos/combos.contract.ts';
import { loadMachineScope, machineScopeCondition } from '../machines/machines.contract.ts';
import type { OrdersService } from '../orders/orders.contract.ts';
import { warrantyStateMail } from './warranty.mails.ts';
import { toWarranty, toWarrantyRow } from './warranty.mapper.ts';
import { renderWarrantyPdf } from './warranty.pdf.tsx';
import * as repo from './warranty.repository.ts';

const AREA = 'warranty';
const K = 'richiestagaranzia.error';
const notEditable = () => new AppError(409, `${K}.notEditable`);
const invalid = (fieldErrors: FieldError[]) => new AppError(400, 'error.validation', undefined, fieldErrors);

type WarrantySave = z.output<typeof warrantySaveSchema>;
type Deps = {
  db: Db;
  files: Files;
  orders: OrdersService;
  maxAgeDays: number;
  baseUrl: string;
  /** Wakes the outbox worker after a commit, so the dealer's mail leaves at once. */
  kickOutbox: () => void;
};

/**
 * The order variant sent again with the key of an order that was saved with its request (a retry):
 * thrown to roll the new attachment back, answered with that request.
 */
class AlreadySaved extends Error {
  constructor(
    readonly matricola: string,
    readonly numero: number,
  ) {
    super('warranty request already saved with this order');
  }
}

const isBackOffice = (principal: Principal) => hasAnyAuthority(principal.authorities, WARRANTY_BACKOFFICE_ROLES);
/** Dealers file and change requests; the back office reads them and moves them on. */
const requireDealer = (principal: Principal) => {
  if (!hasAnyAuthority(principal.authorities, ['ROLE_CR_USER'])) throw forbidden();
};

/** The save body, checked: JSON (an update) or the `richiesta` field of a multipart new request. */
export const parseWarrantySave = (raw: unknown): WarrantySave => {
  rejectForbiddenCharacters(forbiddenFields(raw));
  const parsed = warrantySaveSchema.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
};

/**
 * Warranty requests (spec 2 §2–§9, issue 12 §4–§5): the dealer's requests on its machines, each with
 * its attachments (at least one), the order variant that sends the cart as ORDCG in the same use
 * case, the PDF, and the back office's state changes mailed to the dealer.
 */
export const createWarrantyService = ({ db, files, orders, maxAgeDays, baseUrl, kickOutbox }: Deps) => {
  const scopeOf = async (tx: DbOrTx, principal: Principal) =>
    machineScopeCondition(await loadMachineScope(tx, principal));

  const requestOf = async (tx: DbOrTx, principal: Principal, matricola: string, numero: number, lock = false) => {
    const found = await repo.findRequest(tx, await scopeOf(tx, principal), matricola.toUpperCase(), numero, lock);
    if (!found) throw notFound(`${K}.requestNotFound`);
    return found;
  };

  const editableRequest = async (tx: DbOrTx, principal: Principal, matricola: string, numero: number) => {
    requireDealer(principal);
    const found = await requestOf(tx, principal, matricola, numero, true);
    if (!isWarrantyEditable(found.r.statoAttivita as WarrantyState)) throw notEditable();
    return found;
  };

  const view = async (tx: DbOrTx, principal: Principal, w: repo.WarrantyWithMachine, lang: Language) => {
    const [problemi, collocazioni, attachments, eventi, machine] = await Promise.all([
      comboValues(tx, COMBO_LISTS.problemiSegnalati),
      comboValues(tx, COMBO_LISTS.collocazioneProblema),
      repo.findAttachments(tx, w.r.id),
      repo.findEvents(tx, w.r.id),
      repo.findMachine(tx, undefined, w.r.matricola),
    ]);
    const component =
      w.r.codiceComponente && machine ? await repo.findComponent(tx, machine.crCod, w.r.codiceComponente) : undefined;
    return toWarranty(w, {
      lang,
      problemi,
      collocazioni,
      componente: component?.localizedDescrizione ?? null,
      allegati: attachments.map((a) => toStoredFileView(a.file)),
      eventi,
      backOffice: isBackOffice(principal),
    });
  };

  /** Spec 2 §5 rules that need the database or today's date; every problem at once, on its field. */
  const checkInput = async (
    tx: DbOrTx,
    machine: repo.MachineForWarranty,
    input: WarrantyInputParsed,
    filedOn?: string,
  ) => {
    const today = businessToday();
    const errors: FieldError[] = warrantyDateErrors(input, maxAgeDays, today, filedOn ?? today).map((e) => ({
      field: e.field,
      message: e.message,
      ...(e.params ? { params: e.params } : {}),
    }));
    const [problemi, collocazioni] = await Promise.all([
      comboValues(tx, COMBO_LISTS.problemiSegnalati),
      comboValues(tx, COMBO_LISTS.collocazioneProblema),
    ]);
    if (!problemi.some((p) => p.id.chiave === input.problemaSegnalato))
      errors.push({ field: 'problemaSegnalato', message: 'validation.invalid' });
    if (!collocazioni.some((p) => p.id.chiave === input.collocazioneProblema))
      errors.push({ field: 'collocazioneProblema', message: 'validation.invalid' });
    const codice = input.codiceComponente?.trim() || null;
    if (codice && !(await repo.findComponent(tx, machine.crCod, codice)))
      errors.push({ field: 'codiceComponente', message: `${K}.componentNotFound` });
    const stato = input.stato?.trim().toUpperCase() || null;
    const country = stato ? COUNTRIES.find((c) => c.code === stato) : undefined;
    if (stato && !country) errors.push({ field: 'stato', message: 'validation.invalid' });
    const provincia = country?.provinces ? (input.provincia?.trim().toUpperCase() ?? '') : null;
    if (provincia !== null && !isItalianProvince(provincia))
      errors.push({ field: 'provincia', message: provincia ? 'validation.invalid' : 'validation.required' });
    if (errors.length > 0) throw invalid(errors);
    const text = (v: string | null | undefined) => v?.trim() || null;
    return {
      dataGuasto: parseItalianDate(input.dataGuasto) as string,
      dataRiparazione: input.dataRiparazione ? parseItalianDate(input.dataRiparazione) : null,
      oreLavoro: input.oreLavoro,
      oreIntervento: input.oreIntervento ?? null,
      oreViaggio: input.oreViaggio ?? null,
      chilometri: input.chilometri ?? null,
      costoTotaleIntervento: input.costoTotaleIntervento ?? null,
      problemaSegnalato: input.problemaSegnalato,
      problemaNote: input.problemaNote,
      collocazioneProblema: input.collocazioneProblema,
      codiceComponente: codice,
      soluzioneAdottataNote: text(input.soluzioneAdottataNote),
      stato: country?.code ?? null,
      provincia,
    } satisfies repo.WarrantyColumns;
  };

  const machineFor = async (tx: DbOrTx, principal: Principal, matricola: string) => {
    const machine = await repo.findMachine(tx, await scopeOf(tx, principal), matricola);
    if (!machine) throw invalid([{ field: 'id.matricola', message: `${K}.notFound` }]);
    return machine;
  };

  /** A new request and its first attachment in one transaction; in the order variant the ORDCG order too. */
  const create = async (
    principal: Principal,
    request: FastifyRequest,
    lang: Language,
    hostName: string | undefined,
  ): Promise<WarrantySaved> => {
    requireDealer(principal);
    let input: WarrantySave | undefined;
    const upload = await files
      .receive(request, AREA, {
        beforeFile: (fields) => {
          if (fields.richiesta === undefined) throw invalid([{ field: 'richiesta', message: 'validation.required' }]);
          let raw: unknown;
          try {
            raw = JSON.parse(fields.richiesta);
          } catch {
            throw invalid([{ field: 'richiesta', message: 'validation.invalid' }]);
          }
          input = parseWarrantySave(raw);
          if (input.terminiAccettati !== true)
            throw invalid([{ field: 'terminiAccettati', message: `${K}.termsRequired` }]);
        },
      })
      .catch((error: unknown) => {
        if (error instanceof AppError && error.message === 'upload.missing')
          throw invalid([{ field: 'allegati', message: `${K}.attachmentRequired` }]);
        throw error;
      });
    const body = input as WarrantySave;
    let placed: { created: boolean; numeroOrdine: string; id: number } | undefined;
    const saved = await files
      .commit(db, upload, async (tx: Tx, file) => {
        const machine = await machineFor(tx, principal, body.id.matricola);
        const values = await checkInput(tx, machine, body);
        let ordineId: number | null = null;
        if (body.ordine) {
          const sent = await orders.placeOrder(
            tx,
            principal,
            { ...body.ordine.checkout, tiporichiesta: 'ORDCG' },
            body.ordine.idempotencyKey,
            lang,
            hostName,
          );
          placed = { created: sent.created, numeroOrdine: sent.result.numeroOrdine, id: sent.result.id };
          ordineId = sent.result.id;
          const earlier = sent.created ? undefined : await repo.findRequestOfOrder(tx, sent.result.id);
          if (earlier) throw new AlreadySaved(earlier.matricola, earlier.numero);
        }
        const today = businessToday();
        const record = await repo.insertRequest(
          tx,
          {
            ...values,
            matricola: machine.matricola,
            dealerLogin: machine.dealerLogin,
            dataRichiesta: today,
            dataFineGaranzia: machine.dataFineGaranzia,
            ordineId,
            lingua: lang,
          },
          principal.login,
        );
        await repo.insertAttachment(tx, record.id, file.id, principal.login);
        await repo.insertEvent(tx, record.id, record.statoAttivita, null, principal.login);
        const found = await requestOf(tx, principal, record.matricola, record.numero);
        return view(tx, principal, found, lang);
      })
      .catch(async (error: unknown) => {
        if (!(error instanceof AlreadySaved)) throw error;
        return view(db, principal, await requestOf(db, principal, error.matricola, error.numero), lang);
      });
    if (placed?.created) kickOutbox();
    return { ...saved, ordine: placed ? { numeroOrdine: placed.numeroOrdine, id: placed.id } : null };
  };

  return {
    create,

    search: async (
      principal: Principal,
      filter: { term?: string; stato: WarrantyFilter },
      paging: PageQuery<WarrantySortField>,
      lang: Language,
    ) => {
      const [page, problemi] = await Promise.all([
        repo.pageOfRequests(db, await scopeOf(db, principal), filter, paging),
        comboValues(db, COMBO_LISTS.problemiSegnalati),
      ]);
      const backOffice = isBackOffice(principal);
      return { items: page.rows.map((r) => toWarrantyRow(r, lang, problemi, backOffice)), total: page.total };
    },

    get: async (principal: Principal, matricola: string, numero: number, lang: Language) =>
      view(db, principal, await requestOf(db, principal, matricola, numero), lang),

    maxAge: () => ({ gg: maxAgeDays }),

    /** Parts of the machine's own catalogue for the component field (spec 2 §5). */
    components: async (principal: Principal, matricola: string, q: string, lang: Language) => {
      const machine = await repo.findMachine(db, await scopeOf(db, principal), matricola);
      if (!machine) throw notFound(`${K}.notFound`);
      const rows = await repo.findComponents(db, machine.crCod, q);
      return rows.map((r) => ({ codice: r.codice, descrizione: localizedText(r.localizedDescrizione ?? {}, lang) }));
    },

    /** An update of an editable request (spec 2 §4); it keeps at least one attachment. */
    update: (principal: Principal, raw: unknown, lang: Language): Promise<WarrantySaved> =>
      db.transaction(async (tx) => {
        const body = parseWarrantySave(raw);
        if (body.ordine) throw invalid([{ field: 'ordine', message: 'validation.invalid' }]);
        const numero = body.id.numeroRichiesta;
        if (!numero) throw invalid([{ field: 'id.numeroRichiesta', message: 'validation.required' }]);
        const found = await editableRequest(tx, principal, body.id.matricola, numero);
        const machine = await machineFor(tx, principal, found.r.matricola);
        const values = await checkInput(tx, machine, body, found.r.dataRichiesta);
        if ((await repo.findAttachments(tx, found.r.id)).length === 0)
          throw invalid([{ field: 'allegati', message: `${K}.attachmentRequired` }]);
        const record = await repo.updateRequest(tx, found.r.id, values, principal.login);
        return { ...(await view(tx, principal, { ...found, r: record }, lang)), ordine: null };
      }),

    /** Spec 2 §2: the request deleted (after the user's confirmation) while it is editable. */
    remove: async (principal: Principal, matricola: string, numero: number) => {
      const removed = await db.transaction(async (tx) => {
        const found = await editableRequest(tx, principal, matricola, numero);
        const fileIds = await repo.deleteRequest(tx, found.r.id);
        for (const id of fileIds) await files.remove(tx, id);
        return fileIds;
      });
      await files.purge(db, removed);
    },

    /** One more file (image, video or PDF, 20 MB) on an editable request; stored with its row or not at all. */
    addAttachment: async (
      principal: Principal,
      key: { matricola: string; numero: number; date: string },
      request: FastifyRequest,
      lang: Language,
    ) => {
      const check = async (tx: DbOrTx) => {
        const found = await editableRequest(tx, principal, key.matricola, key.numero);
        if (found.r.dataRichiesta !== key.date) throw notFound(`${K}.requestNotFound`);
        return found;
      };
      await check(db);
      const upload = await files.receive(request, AREA);
      return files.commit(db, upload, async (tx, file) => {
        const found = await check(tx);
        await repo.insertAttachment(tx, found.r.id, file.id, principal.login);
        return view(tx, principal, found, lang);
      });
    },

    /** Spec 2 §4: an attachment deleted from an editable request; the last one stays (one is required). */
    deleteAttachment: async (
      principal: Principal,
      matricola: string,
      numero: number,
      fileId: string,
      lang: Language,
    ) => {
      const result = await db.transaction(async (tx) => {
        const found = await editableRequest(tx, principal, matricola, numero);
        const attachments = await repo.findAttachments(tx, found.r.id);
        if (!attachments.some((a) => a.file.id === fileId)) throw notFound();
        if (attachments.length === 1) throw new AppError(409, `${K}.lastAttachment`);
        await repo.deleteAttachment(tx, found.r.id, fileId);
        await files.remove(tx, fileId);
        return view(tx, principal, found, lang);
      });
      await files.purge(db, [fileId]);
      return result;
    },

    /** The stored file of an attachment of a request the user sees. */
    attachment: async (principal: Principal, fileId: string) => {
      const file = await files.find(db, AREA, fileId);
      const owner = await repo.findAttachmentOwner(db, fileId);
      if (!owner) throw notFound();
      await requestOf(db, principal, owner.matricola, owner.numero);
      return file;
    },

    pdf: async (principal: Principal, key: { matricola: string; numero: number; date: string }, lang: Language) => {
      const found = await requestOf(db, principal, key.matricola, key.numero);
      if (found.r.dataRichiesta !== key.date) throw notFound(`${K}.requestNotFound`);
      const w = await view(db, principal, found, lang);
      const country = COUNTRIES.find((c) => c.code === w.stato);
      return {
        fileName: `richiesta-garanzia-${w.id.numeroRichiesta}-${w.id.matricola}.pdf`,
        bytes: await renderWarrantyPdf(w, lang, { stato: country?.names[lang] ?? null }),
      };
    },

    /** Issue 12 §5: the back office moves a request on; the dealer is mailed through the outbox. */
    changeState: async (
      principal: Principal,
      matricola: string,
      numero: number,
      change: WarrantyStateChange,
      lang: Language,
    ) => {
      if (!isBackOffice(principal)) throw forbidden();
      const result = await db.transaction(async (tx) => {
        const found = await requestOf(tx, principal, matricola, numero, true);
        const from = found.r.statoAttivita as WarrantyState;
        if (!WARRANTY_TRANSITIONS[from].includes(change.statoAttivita))
          throw invalid([{ field: 'statoAttivita', message: `${K}.invalidTransition` }]);
        const nota = change.nota?.trim() || null;
        const record = await repo.setState(tx, found.r.id, change.statoAttivita, principal.login);
        await repo.insertEvent(tx, record.id, change.statoAttivita, nota, principal.login);
        const dealer = found.r.dealerLogin ? await repo.findDealer(tx, found.r.dealerLogin) : undefined;
        if (dealer?.email) {
          await queueMail(
            tx,
            warrantyStateMail({
              to: dealer.email,
              recipient: dealer,
              matricola: record.matricola,
              numero: record.numero,
              statoAttivita: change.statoAttivita,
              nota,
              baseUrl,
            }),
            { orderingKey: `warranty:${record.id}` },
          );
        }
        return view(tx, principal, { ...found, r: record }, lang);
      });
      kickOutbox();
      return result;
    },
  };
};
export type WarrantyService = ReturnType<typeof createWarrantyService>;
