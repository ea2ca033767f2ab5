import type { Readable } from 'node:stream';
import {
  answersFor,
  businessToday,
  CHECKLIST_LIMITS,
  type ChecklistHeader,
  type ChecklistLine,
  type ChecklistNode,
  type ChecklistSortField,
  type ChecklistState,
  type ChecklistType,
  type checklistAnswerSchema,
  type checklistHeaderUpdateSchema,
  checklistImageName,
  checklistScoreOf,
  checklistStateOf,
  checklistUploadFieldsSchema,
  type FieldError,
  isQuestionRow,
  type Language,
  type PageQuery,
} from '@ricambi/domain';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, fieldError, notFound, validationError } from '../../platform/errors.ts';
import type { Files, StoredFile } from '../../platform/files.ts';
import { queueMail } from '../../platform/mail.ts';
import type { Principal } from '../../platform/sessions.ts';
import { loadMachineScope, machineScopeCondition } from '../machines/machines.contract.ts';
import { checklistSentMails } from './checklists.mails.ts';
import { toChecklistHeader, toChecklistLine, toChecklistMachine, toChecklistTree } from './checklists.mapper.ts';
import { type ChecklistPdfPhoto, renderChecklistPdf } from './checklists.pdf.tsx';
import * as repo from './checklists.repository.ts';

const AREA = 'checklist';
const SENT: ChecklistState = 'Inviato';
const sent = () => new AppError(409, 'crDar.error.sent');
/** The longest side of a photo in the PDF, in pixels (shown 170 pt wide: about 340 dpi). */
const PDF_PHOTO_PIXELS = 800;

type AnswerInput = z.output<typeof checklistAnswerSchema>;
type HeaderUpdate = z.output<typeof checklistHeaderUpdateSchema>;

const stateOf = (stato: string): ChecklistState => (stato === 'Completato' || stato === SENT ? stato : 'In Corso');

/**
 * Spec 3 §4: after a change of a checklist's lines, in the change's transaction. The header row is
 * locked; its computed score (valutazioneCalcolata, from the template lines' scoreOK / scoreKO /
 * scoreNA) follows the lines. A checklist not sent yet also gets its state (Completato when every
 * question is answered, In Corso otherwise) and dataCompilazione = now; a sent one stays Inviato
 * with its dates. Answers the header as it is now.
 */
export const recomputeChecklist = async (
  tx: DbOrTx,
  headerId: number,
  login?: string,
): Promise<repo.HeaderWithTemplate> => {
  const found = await repo.findHeader(tx, undefined, headerId, true);
  if (!found) throw notFound('crDar.error.notFound');
  const answers = await repo.findAnswers(tx, headerId);
  const current = stateOf(found.h.stato);
  const valutazioneCalcolata = checklistScoreOf(answers);
  const record = await repo.updateHeader(
    tx,
    headerId,
    current === SENT
      ? { valutazioneCalcolata }
      : { stato: checklistStateOf(current, answers), valutazioneCalcolata, dataCompilazione: new Date() },
    login,
  );
  return { ...found, h: record };
};

const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

type Deps = {
  db: Db;
  files: Files;
  baseUrl: string;
  /** CHECKLIST_FACTORY_EMAIL: where sent checklists are mailed. */
  factoryEmail: string;
  /** Wakes the outbox worker after a commit, so the mails leave at once. */
  kickOutbox: () => void;
  now?: () => Date;
};

/**
 * Inspection checklists (issue 15; spec 3 §2–§9): a dealer creates a checklist of a machine on the
 * road from the type's template in force, answers it line by line (photos on KO answers), rates and
 * sends it; the factory is mailed and reads its PDF. A dealer sees only its own checklists
 * (dealerLogin = the principal's login; staff acting as a dealer see the dealer's).
 */
export const createChecklistsService = ({
  db,
  files,
  baseUrl,
  factoryEmail,
  kickOutbox,
  now = () => new Date(),
}: Deps) => {
  const headerOf = async (tx: DbOrTx, principal: Principal, id: number, lock = false) => {
    const found = await repo.findHeader(tx, principal.login, id, lock);
    if (!found) throw notFound('crDar.error.notFound');
    return found;
  };

  const lineOf = async (tx: DbOrTx, principal: Principal, lineId: number) => {
    const found = await repo.findLine(tx, principal.login, lineId);
    if (!found) throw notFound('crDar.error.lineNotFound');
    return found;
  };

  /** A line of the dealer with its header locked and not sent; the line read again under the lock. */
  const editableLine = async (tx: DbOrTx, principal: Principal, lineId: number) => {
    const first = await lineOf(tx, principal, lineId);
    const header = await headerOf(tx, principal, first.line.headerId, true);
    if (header.h.stato === SENT) throw sent();
    return { header, found: await lineOf(tx, principal, lineId) };
  };

  /** Spec 3 §4, §5: photos go on a KO answer, two at most; answers the first free slot. */
  const freeImageSlot = (found: repo.LineWithTemplate): 1 | 2 => {
    if (found.line.risposta !== 'KO') throw badRequest('crDar.error.koOnly');
    if (!found.line.nomeImmagine1) return 1;
    if (!found.line.nomeImmagine2) return 2;
    throw new AppError(409, 'crDar.error.tooManyImages');
  };

  /** The stored file of an image of one of the dealer's checklists, downloaded under the image's name. */
  const imageFile = async (principal: Principal, name: string): Promise<StoredFile> => {
    const lineId = await repo.findLineOfImage(db, principal.login, name);
    if (lineId === undefined) throw notFound('crDar.error.imageNotFound');
    const { line } = await lineOf(db, principal, lineId);
    const fileId =
      line.nomeImmagine1 === name ? line.immagine1FileId : line.nomeImmagine2 === name ? line.immagine2FileId : null;
    if (!fileId) throw notFound('crDar.error.imageNotFound');
    return { ...(await files.find(db, AREA, fileId)), originalName: name };
  };

  /** The photos of the KO answers, as JPEG scaled for the PDF; one that cannot be read keeps its name only. */
  const photosOf = async (rows: readonly repo.LineWithTemplate[]) => {
    const wanted = rows
      .filter((r) => r.line.risposta === 'KO')
      .flatMap((r) => [
        { lineId: r.line.id, name: r.line.nomeImmagine1, fileId: r.line.immagine1FileId },
        { lineId: r.line.id, name: r.line.nomeImmagine2, fileId: r.line.immagine2FileId },
      ])
      .filter((p): p is { lineId: number; name: string; fileId: string } => Boolean(p.name && p.fileId));
    const stored = new Map(
      (
        await repo.findStoredFiles(
          db,
          wanted.map((p) => p.fileId),
        )
      ).map((f) => [f.id, f]),
    );
    const photos = new Map<number, ChecklistPdfPhoto[]>();
    // One at a time: an original may weigh 20 MB; only the scaled JPEG is kept.
    for (const p of wanted) {
      const file = stored.get(p.fileId);
      let image: ChecklistPdfPhoto['image'];
      if (file) {
        try {
          const { data, info } = await sharp(await readAll(await files.open(file)), { failOn: 'error' })
            .rotate()
            .resize(PDF_PHOTO_PIXELS, PDF_PHOTO_PIXELS, { fit: 'inside', withoutEnlargement: true })
            .flatten({ background: '#ffffff' })
            .jpeg({ quality: 80 })
            .toBuffer({ resolveWithObject: true });
          image = { data, format: 'jpg', width: info.width, height: info.height };
        } catch {
          // A format the image library cannot read (HEIC): the PDF names the photo instead.
          image = undefined;
        }
      }
      photos.set(p.lineId, [...(photos.get(p.lineId) ?? []), { name: p.name, image }]);
    }
    return photos;
  };

  return {
    /** GET api/crDars/headers: the dealer's checklists, filtered, sorted, one page. */
    search: async (principal: Principal, filter: repo.HeaderFilter, paging: PageQuery<ChecklistSortField>) => {
      const page = await repo.pageOfHeaders(db, principal.login, filter, paging);
      return { items: page.rows.map(toChecklistHeader), total: page.total };
    },

    get: async (principal: Principal, id: number): Promise<ChecklistHeader> =>
      toChecklistHeader(await headerOf(db, principal, id)),

    /** GET api/crDars/lines/{id}: the numbered tree of a checklist's lines. */
    tree: async (principal: Principal, id: number): Promise<ChecklistNode[]> => {
      const found = await headerOf(db, principal, id);
      return toChecklistTree((await repo.findLines(db, found.h.id)).map(toChecklistLine));
    },

    /** GET api/crDarHeaders/active/{matricola}: the dealer's checklists of a serial not sent yet. */
    active: async (principal: Principal, matricola: string): Promise<ChecklistHeader[]> =>
      (await repo.findOpenHeaders(db, principal.login, matricola.trim().toUpperCase())).map(toChecklistHeader),

    /** GET /api/crDars/search: the machines on the road the dealer sees (the machine area's rule), by serial. */
    machines: async (
      principal: Principal,
      term: string | undefined,
      paging: { page: number; size: number },
      lang: Language,
    ) => {
      const scope = machineScopeCondition(await loadMachineScope(db, principal));
      const page = await repo.pageOfMachinesOnTheRoad(db, scope, term, paging);
      return { items: page.rows.map((m) => toChecklistMachine(m, lang)), total: page.total };
    },

    /**
     * POST api/crDarHeadersLines: a checklist of a machine on the road the dealer sees, from the
     * type's template in force, with one line per template line; one open checklist per machine and type.
     */
    create: (principal: Principal, input: { matricola: string; tipo: ChecklistType }): Promise<ChecklistHeader[]> =>
      db.transaction(async (tx) => {
        const scope = machineScopeCondition(await loadMachineScope(tx, principal));
        const machine = await repo.findMachineOnTheRoad(tx, scope, input.matricola, true);
        if (!machine) throw fieldError('matricola', 'crDar.error.notOnTheRoad');
        const template = await repo.findTemplateInForce(tx, input.tipo, businessToday(now()));
        if (!template) throw new AppError(409, 'crDar.error.noTemplate');
        if (await repo.hasOpenChecklist(tx, machine.matricola, input.tipo))
          throw new AppError(409, 'crDar.error.alreadyOpen');
        const account = await repo.findAccount(tx, principal.login);
        const modello = (machine.modello ?? [machine.crCod, machine.versione].filter(Boolean).join(' ')).slice(
          0,
          CHECKLIST_LIMITS.modello,
        );
        const header = await repo.insertHeader(tx, {
          matricola: machine.matricola,
          dataCompilazione: now(),
          modello,
          userLogin: principal.login,
          userFirstName: account?.firstName ?? null,
          userLastName: account?.lastName ?? null,
          userEmail: account?.email ?? null,
          dealerLogin: principal.login,
          userRagioneSociale: account?.company ?? null,
          stato: 'In Corso',
          valutazioneCalcolata: 0,
          templateHeaderId: template.id,
          createdBy: principal.login,
        });
        await repo.insertLines(tx, header.id, await repo.findTemplateLineIds(tx, template.id), principal.login);
        return [
          toChecklistHeader({
            h: header,
            templateNome: template.nome,
            templateVersione: template.versione,
            tipoDocumento: template.tipoDocumento,
          }),
        ];
      }),

    /**
     * PUT api/crDars/lines/{id}: one answer (null undoes it). Only a question is answered; '--' only
     * where the template allows it; a line with photos stays KO until they are deleted. State, score
     * and compilation date follow in the same transaction.
     */
    answer: (principal: Principal, lineId: number, input: AnswerInput) =>
      db.transaction(async (tx) => {
        const { found } = await editableLine(tx, principal, lineId);
        if (!isQuestionRow(found.tl)) throw fieldError('risposta', 'crDar.error.notAQuestion');
        if (input.risposta !== null && !answersFor(found.tl.darNaFlag).includes(input.risposta))
          throw fieldError('risposta', 'crDar.error.notApplicable');
        const ko = input.risposta === 'KO';
        if (!ko && (found.line.nomeImmagine1 || found.line.nomeImmagine2))
          throw new AppError(409, 'crDar.error.imagesOnLine');
        const line = await repo.updateLine(
          tx,
          lineId,
          { risposta: input.risposta, rispostaDettaglio: ko ? input.rispostaDettaglio : null, note: input.note },
          principal.login,
        );
        const header = await recomputeChecklist(tx, found.line.headerId, principal.login);
        return { line: toChecklistLine({ line, tl: found.tl }), header: toChecklistHeader(header) };
      }),

    /**
     * POST /api/crDars/uploadfile: one image (20 MB, judged by content) on a KO line of a checklist not
     * sent, in the line's first free slot. The line is checked from the `id` field before a byte of
     * the file is stored; the image and the line's change commit together.
     */
    upload: async (principal: Principal, request: FastifyRequest): Promise<ChecklistLine> => {
      let lineId = 0;
      const upload = await files.receive(request, AREA, {
        beforeFile: async (fields) => {
          if (fields.id === undefined) throw fieldError('id', 'validation.required');
          const parsed = checklistUploadFieldsSchema.safeParse(fields);
          if (!parsed.success) throw validationError(parsed.error);
          lineId = parsed.data.id;
          const found = await lineOf(db, principal, lineId);
          if ((await headerOf(db, principal, found.line.headerId)).h.stato === SENT) throw sent();
          freeImageSlot(found);
        },
      });
      return files.commit(db, upload, async (tx, file) => {
        const { header, found } = await editableLine(tx, principal, lineId);
        const slot = freeImageSlot(found);
        const name = checklistImageName({
          matricola: header.h.matricola,
          tipoDocumento: header.tipoDocumento,
          lineId,
          at: now(),
          slot,
          extension: upload.extension,
        });
        const line = await repo.updateLine(
          tx,
          lineId,
          slot === 1
            ? { nomeImmagine1: name, immagine1FileId: file.id }
            : { nomeImmagine2: name, immagine2FileId: file.id },
          principal.login,
        );
        await recomputeChecklist(tx, header.h.id, principal.login);
        return toChecklistLine({ line, tl: found.tl });
      });
    },

    /** POST api/crDars/cancellafile: an image deleted from a line of a checklist not sent. */
    removeImage: async (principal: Principal, name: string): Promise<ChecklistLine> => {
      const removed = await db.transaction(async (tx) => {
        const lineId = await repo.findLineOfImage(tx, principal.login, name);
        if (lineId === undefined) throw notFound('crDar.error.imageNotFound');
        const { header, found } = await editableLine(tx, principal, lineId);
        const slot = found.line.nomeImmagine1 === name ? 1 : found.line.nomeImmagine2 === name ? 2 : undefined;
        if (!slot) throw notFound('crDar.error.imageNotFound');
        const fileId = slot === 1 ? found.line.immagine1FileId : found.line.immagine2FileId;
        const line = await repo.updateLine(
          tx,
          lineId,
          slot === 1 ? { nomeImmagine1: null, immagine1FileId: null } : { nomeImmagine2: null, immagine2FileId: null },
          principal.login,
        );
        if (fileId) await files.remove(tx, fileId);
        await recomputeChecklist(tx, header.h.id, principal.login);
        return { line: toChecklistLine({ line, tl: found.tl }), fileId };
      });
      if (removed.fileId) await files.purge(db, [removed.fileId]);
      return removed.line;
    },

    image: imageFile,

    /**
     * PUT api/crDars: the header dialog (arrival date, rating, note); `invia` sends a Completato
     * checklist with its rating. A sent checklist is read-only. Sending mails the factory (Italian)
     * and confirms to the dealer (in `langKey`) through the outbox, in the same transaction.
     */
    updateHeader: async (principal: Principal, input: HeaderUpdate, langKey?: Language): Promise<ChecklistHeader> => {
      const result = await db.transaction(async (tx) => {
        const found = await headerOf(tx, principal, input.id, true);
        const stato = stateOf(found.h.stato);
        if (stato === SENT) throw sent();
        if (input.invia && stato !== 'Completato') throw new AppError(409, 'crDar.error.notComplete');
        const errors: FieldError[] = [];
        if (input.dataArrivoMacchina > businessToday(now()))
          errors.push({ field: 'dataArrivoMacchina', message: 'crDar.error.futureDate' });
        if (stato === 'Completato' && input.valutazioneUtente === null)
          errors.push({ field: 'valutazioneUtente', message: 'validation.required' });
        if (errors.length > 0) throw new AppError(400, 'error.validation', undefined, errors);
        const at = now();
        const record = await repo.updateHeader(
          tx,
          found.h.id,
          {
            dataArrivoMacchina: input.dataArrivoMacchina,
            valutazioneUtente: input.valutazioneUtente,
            note: input.note,
            ...(input.invia ? { stato: SENT, inviatoAt: at } : {}),
          },
          principal.login,
        );
        if (input.invia) {
          const answers = await repo.findAnswers(tx, found.h.id);
          const dealer = await repo.findAccount(tx, record.dealerLogin);
          const mails = checklistSentMails({
            factory: factoryEmail,
            checklist: {
              id: record.id,
              tipoDocumento: found.tipoDocumento,
              templateNome: found.templateNome,
              templateVersione: found.templateVersione,
              matricola: record.matricola,
              modello: record.modello,
              dealerLogin: record.dealerLogin,
              userRagioneSociale: record.userRagioneSociale,
              user: {
                login: record.userLogin,
                firstName: record.userFirstName,
                lastName: record.userLastName,
                email: record.userEmail,
              },
              dataArrivoMacchina: record.dataArrivoMacchina,
              valutazioneUtente: record.valutazioneUtente,
              valutazioneCalcolata: record.valutazioneCalcolata === null ? null : Number(record.valutazioneCalcolata),
              koCount: answers.filter((a) => isQuestionRow(a) && a.risposta === 'KO').length,
              note: record.note,
            },
            dealer: {
              email: dealer?.email ?? record.userEmail,
              login: record.dealerLogin,
              firstName: dealer?.firstName ?? record.userFirstName,
              langKey: langKey ?? dealer?.langKey ?? 'it',
            },
            baseUrl,
          });
          for (const mail of mails) await queueMail(tx, mail);
        }
        return toChecklistHeader({ ...found, h: record });
      });
      if (input.invia) kickOutbox();
      return result;
    },

    /** GET /api/crDars/downloadpdf/{id}/{lang}: the checklist as a PDF, once it has an arrival date. */
    pdf: async (principal: Principal, id: number, lang: Language) => {
      const found = await headerOf(db, principal, id);
      if (!found.h.dataArrivoMacchina) throw badRequest('crDar.error.noArrivalDate');
      const rows = await repo.findLines(db, found.h.id);
      const header = toChecklistHeader(found);
      const bytes = await renderChecklistPdf(
        { header, templateVersione: found.templateVersione, lines: rows.map(toChecklistLine) },
        await photosOf(rows),
        lang,
        now(),
      );
      return { fileName: `${header.idCrDarTemplateHeader.tipoDocumento}_${header.matricola}.pdf`, bytes };
    },
  };
};
export type ChecklistsService = ReturnType<typeof createChecklistsService>;
