import {
  COMBO_LISTS,
  COUNTRIES,
  isItalianProvince,
  type Language,
  type MessaInStradaInput,
  type MessaInStradaSortField,
  type MessaInStradaStato,
  type PageQuery,
  parseItalianDate,
} from '@ricambi/domain';
import type { FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import { type Files, toStoredFileView } from '../../platform/files.ts';
import type { Principal } from '../../platform/sessions.ts';
import { comboValues } from '../combos/combos.contract.ts';
import { loadMachineScope, machineScopeCondition } from '../machines/machines.contract.ts';
import { toMessaInStrada, toMessaInStradaRow } from './messa-in-strada.mapper.ts';
import { renderMessaInStradaPdf } from './messa-in-strada.pdf.tsx';
import * as repo from './messa-in-strada.repository.ts';

const AREA = 'roadRegistration';
const notEditable = () => new AppError(409, 'messainstrada.error.notEditable');

type Deps = { db: Db; files: Files };

/** Road registration (spec 2 §2–§9): the dealer's machines, their records, attachments and PDF. */
export const createMessaInStradaService = ({ db, files }: Deps) => {
  const scopeOf = async (tx: DbOrTx, principal: Principal) =>
    machineScopeCondition(await loadMachineScope(tx, principal));

  const machineOf = async (tx: DbOrTx, principal: Principal, matricola: string, lock = false) => {
    const found = await repo.findMachineOnTheRoad(
      tx,
      await scopeOf(tx, principal),
      matricola.trim().toUpperCase(),
      lock,
    );
    if (!found) throw notFound('messainstrada.error.notFound');
    return found;
  };

  const view = async (tx: DbOrTx, machine: repo.MachineOnTheRoad, lang: Language) => {
    const [settori, attachments] = await Promise.all([
      comboValues(tx, COMBO_LISTS.settori),
      repo.findAttachments(tx, [machine.matricola]),
    ]);
    return toMessaInStrada(
      machine,
      lang,
      settori,
      attachments.map((a) => toStoredFileView(a.file)),
    );
  };

  /** An editable registration of a machine the user sees, locked for the rest of the transaction. */
  const editableRecord = async (tx: DbOrTx, principal: Principal, matricola: string) => {
    const machine = await machineOf(tx, principal, matricola, true);
    if (!machine.ms) throw new AppError(409, 'messainstrada.error.saveFirst');
    if (machine.ms.seEditable === 'N') throw notEditable();
    return machine;
  };

  return {
    search: async (
      principal: Principal,
      filter: { term?: string; stato: MessaInStradaStato },
      paging: PageQuery<MessaInStradaSortField>,
      lang: Language,
    ) => {
      const page = await repo.pageOfMachinesOnTheRoad(db, await scopeOf(db, principal), filter, paging);
      const attachments = await repo.findAttachments(
        db,
        page.rows.filter((r) => r.ms).map((r) => r.matricola),
      );
      const counts = new Map<string, number>();
      for (const a of attachments) counts.set(a.matricola, (counts.get(a.matricola) ?? 0) + 1);
      return {
        items: page.rows.map((r) => toMessaInStradaRow(r, lang, counts.get(r.matricola) ?? 0)),
        total: page.total,
      };
    },

    get: async (principal: Principal, matricola: string, lang: Language) =>
      view(db, await machineOf(db, principal, matricola), lang),

    /** Spec 2 §5: a locked record (seEditable N) is refused; sector, country and province must exist. */
    save: (principal: Principal, input: MessaInStradaInput, lang: Language) =>
      db.transaction(async (tx) => {
        const machine = await machineOf(tx, principal, input.id.matricola, true);
        if (machine.ms?.seEditable === 'N') throw notEditable();
        const settori = await comboValues(tx, COMBO_LISTS.settori);
        if (!settori.some((s) => s.id.chiave === input.msSettore)) throw fieldError('msSettore', 'validation.invalid');
        const country = COUNTRIES.find((c) => c.code === input.stato);
        if (!country) throw fieldError('stato', 'validation.invalid');
        const provincia = country.provinces ? (input.provincia?.trim().toUpperCase() ?? '') : null;
        if (provincia !== null && !isItalianProvince(provincia)) throw fieldError('provincia', 'validation.invalid');
        const blank = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);
        const record = await repo.upsertMessaInStrada(
          tx,
          machine.matricola,
          {
            nomeCliente: input.nomeCliente,
            via: input.via,
            cap: input.cap,
            loc: input.loc,
            partitaIva: input.partitaIva,
            geoLoc: blank(input.geoLoc),
            stato: country.code,
            provincia,
            msSettore: input.msSettore,
            rif: blank(input.rif),
            telefono: blank(input.telefono),
            email: blank(input.email),
            msData: parseItalianDate(input.msData) as string,
          },
          principal.login,
        );
        return view(tx, { ...machine, ms: record }, lang);
      }),

    /** One file (image or PDF, 5 MB) added to an editable, saved record; stored with its row or not at all. */
    addAttachment: async (principal: Principal, matricola: string, request: FastifyRequest, lang: Language) => {
      // Refuse before reading the body when the record cannot take a file.
      await editableRecord(db, principal, matricola);
      const upload = await files.receive(request, AREA);
      return files.commit(db, upload, async (tx, file) => {
        const machine = await editableRecord(tx, principal, matricola);
        await repo.insertAttachment(tx, machine.matricola, file.id, principal.login);
        return view(tx, machine, lang);
      });
    },

    /** Spec 2 §5: an attachment is deleted from an editable record; the last one turns seAllegato to N. */
    deleteAttachment: async (principal: Principal, matricola: string, fileId: string, lang: Language) => {
      const result = await db.transaction(async (tx) => {
        const machine = await editableRecord(tx, principal, matricola);
        if (!(await repo.deleteAttachment(tx, machine.matricola, fileId))) throw notFound();
        await files.remove(tx, fileId);
        return view(tx, machine, lang);
      });
      await files.purge(db, [fileId]);
      return result;
    },

    /** The stored file of an attachment of a record the user sees. */
    attachment: async (principal: Principal, fileId: string) => {
      const file = await files.find(db, AREA, fileId);
      const [link] = await repo.findAttachmentOwner(db, fileId);
      if (!link) throw notFound();
      await machineOf(db, principal, link.matricola);
      return file;
    },

    pdf: async (principal: Principal, matricola: string, lang: Language) => {
      const record = await view(db, await machineOf(db, principal, matricola), lang);
      if (!record.registrata) throw new AppError(409, 'messainstrada.error.saveFirst');
      const country = COUNTRIES.find((c) => c.code === record.stato);
      return {
        fileName: `messa-in-strada-${record.id.matricola}.pdf`,
        bytes: await renderMessaInStradaPdf(record, lang, { stato: country?.names[lang] ?? null }),
      };
    },
  };
};
export type MessaInStradaService = ReturnType<typeof createMessaInStradaService>;
