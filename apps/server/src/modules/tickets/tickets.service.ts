import {
  COMBO_LISTS,
  formatTicketDate,
  hasAnyAuthority,
  type Language,
  localizedText,
  type PageQuery,
  TICKET_CLOSED,
  TICKET_DEFAULTS,
  TICKET_STAFF_ROLES,
  TICKET_WAITING_CUSTOMER,
  type Ticket,
  type TicketInput,
  type TicketSortField,
  type TicketStatus,
  ticketAcceptsNotes,
} from '@ricambi/domain';
import type { FastifyRequest } from 'fastify';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError, fieldError, forbidden, notFound } from '../../platform/errors.ts';
import { type Files, toStoredFileView } from '../../platform/files.ts';
import { queueMail } from '../../platform/mail.ts';
import type { Principal } from '../../platform/sessions.ts';
import { comboValues } from '../combos/combos.contract.ts';
import { loadMachineScope, machineScopeCondition } from '../machines/machines.contract.ts';
import { type TicketMailKind, ticketMail } from './tickets.mails.ts';
import { toTicket, toTicketRow } from './tickets.mapper.ts';
import { renderTicketPdf } from './tickets.pdf.tsx';
import * as repo from './tickets.repository.ts';
import type { ExternalHelpdesk } from './tickets.store.ts';

const AREA = 'ticket';
const K = 'ticket.error';

type Deps = {
  db: Db;
  files: Files;
  baseUrl: string;
  /** Wakes the outbox worker after a commit, so the notification leaves at once. */
  kickOutbox: () => void;
  /** An external help desk told of every change (none is shipped: the built-in store is the help desk). */
  external?: ExternalHelpdesk;
  now?: () => Date;
};

const isStaff = (principal: Principal) => hasAnyAuthority(principal.authorities, TICKET_STAFF_ROLES);
const viewerOf = (principal: Principal): repo.TicketViewer =>
  isStaff(principal) ? { kind: 'staff', login: principal.login } : { kind: 'customer', login: principal.login };

/**
 * Support tickets (spec 2 §2–§9, issue 14): customers open tickets on their machines and write notes
 * and files; the help desk (ROLE_INTERNAL) answers, waits for the customer (46) and closes; each side
 * is mailed when the other writes; the badge counts the tickets waiting for the user.
 */
export const createTicketsService = ({ db, files, baseUrl, kickOutbox, external, now = () => new Date() }: Deps) => {
  /** A ticket the user sees: another customer's is 403 (spec: a note on another's ticket), an unknown one 404. */
  const ticketOf = async (tx: DbOrTx, principal: Principal, id: number, lock = false) => {
    const found = await repo.findTicket(tx, viewerOf(principal), id, lock);
    if (found) return found;
    if (await repo.ticketExists(tx, id)) throw forbidden(`${K}.notYours`);
    throw notFound(`${K}.notFound`);
  };

  const view = async (tx: DbOrTx, t: repo.TicketRecord): Promise<Ticket> => {
    const [notes, attached] = await Promise.all([repo.findNotes(tx, t.id), repo.findFiles(tx, t.id)]);
    return toTicket(
      t,
      notes,
      attached.map((a) => toStoredFileView(a.file)),
      now(),
    );
  };

  /** The other side of a ticket: the customer, or the help desk member answering it (every one before). */
  const notify = async (tx: Tx, kind: TicketMailKind, t: repo.TicketRecord, note?: string) => {
    const toCustomer = kind === 'toCustomer' || kind === 'status';
    const recipients = toCustomer
      ? [await repo.findUser(tx, t.login)]
      : t.assegnatario
        ? [await repo.findUser(tx, t.assegnatario)]
        : await repo.findStaffContacts(tx, TICKET_STAFF_ROLES);
    for (const r of recipients) {
      if (!r?.email) continue;
      // Each reader gets a ticket's mails in the order they were written.
      await queueMail(tx, ticketMail(kind, { ...r, email: r.email }, t, baseUrl, note), {
        orderingKey: `ticket:${t.id}:${r.login}`,
      });
    }
  };

  /** Notes and files are taken while the ticket is open, and for 3 days after it was closed. */
  const requireOpen = (t: repo.TicketRecord) => {
    if (!ticketAcceptsNotes({ status: t.status, closeTime: t.closeTime?.toISOString() ?? null }, now()))
      throw new AppError(409, `${K}.closed`);
  };

  /** After a note or a file: the ticket waits for the other side (a closed one stays closed). */
  const afterWriting = async (tx: Tx, principal: Principal, t: repo.TicketRecord) => {
    const staff = isStaff(principal);
    const open = t.status !== TICKET_CLOSED;
    return repo.updateTicket(tx, t.id, {
      attesa: open ? (staff ? 'CUSTOMER' : 'STAFF') : null,
      // The help desk's first answer takes a new ticket in hand; the customer's answer takes the
      // ticket out of "waiting for the customer".
      status:
        (staff && t.status === TICKET_DEFAULTS.status) || (!staff && t.status === TICKET_WAITING_CUSTOMER)
          ? 2
          : t.status,
      assegnatario: staff ? principal.login : t.assegnatario,
    });
  };

  const machineScope = async (tx: DbOrTx, principal: Principal) =>
    machineScopeCondition(await loadMachineScope(tx, principal));

  return {
    search: async (principal: Principal, filter: repo.TicketListFilter, paging: PageQuery<TicketSortField>) => {
      const page = await repo.pageOfTickets(db, viewerOf(principal), filter, paging);
      return { items: page.rows.map((r) => toTicketRow(r.t, r)), total: page.total };
    },

    get: async (principal: Principal, id: number) => view(db, await ticketOf(db, principal, id)),

    count: async (principal: Principal) => ({ count: await repo.countWaiting(db, viewerOf(principal)) }),

    /** The serial lookup of the new-ticket form: the user's machines, with their model and warranty end. */
    serials: async (principal: Principal, term: string, lang: Language) => {
      const rows = await repo.findSerials(db, await machineScope(db, principal), term);
      return rows.map((m) => ({
        matricola: m.matricola,
        modello: localizedText(m.localizedDescrizione, lang),
        dataGaranzia: formatTicketDate(m.dataFineGaranzia),
      }));
    },

    /** Spec 2 §4, §5: a new ticket (status 1) on one of the customer's machines; the help desk is mailed. */
    create: async (principal: Principal, input: TicketInput & { matricola: string }, lang: Language) => {
      if (isStaff(principal)) throw forbidden(`${K}.staffCannotOpen`);
      const created = await db.transaction(async (tx) => {
        const machine = await repo.findMachine(tx, await machineScope(tx, principal), input.matricola);
        if (!machine) throw fieldError('matricola', `${K}.serialNotFound`);
        const user = await repo.findUser(tx, principal.login);
        const t = await repo.insertTicket(tx, {
          login: principal.login,
          nome: user?.firstName ?? null,
          cognome: user?.lastName ?? null,
          title: input.title.trim(),
          descrizione: input.clientDescription?.trim() ?? '',
          tipologiaKey: input.tipologiaKey,
          // The model is the machine's, in the customer's language.
          modello: localizedText(machine.localizedDescrizione, lang) || input.modello,
          matricola: machine.matricola,
          oreUtilizzo: input.oreUtilizzo,
          collocazioneKey: input.collocazioneKey,
          urgenzaClienteKey: input.urgenzaClienteKey,
          status: TICKET_DEFAULTS.status,
          lingua: input.lingua ?? lang,
          dataGaranzia: machine.dataFineGaranzia,
          attesa: 'STAFF',
        });
        await notify(tx, 'opened', t);
        return t;
      });
      kickOutbox();
      await external?.opened(await view(db, created));
      return { newTicketId: created.id };
    },

    /** PUT /api/sysaid: the help desk sets the status; 46 and closing are mailed to the customer. */
    setStatus: async (principal: Principal, id: number, status: TicketStatus) => {
      if (!isStaff(principal)) throw forbidden(`${K}.staffOnly`);
      const result = await db.transaction(async (tx) => {
        const t = await ticketOf(tx, principal, id, true);
        if (t.status === status) return view(tx, t);
        const closing = status === TICKET_CLOSED;
        const updated = await repo.updateTicket(tx, t.id, {
          status,
          closeTime: closing ? now() : null,
          attesa: closing
            ? null
            : status === TICKET_WAITING_CUSTOMER
              ? 'CUSTOMER'
              : t.attesa === null
                ? 'STAFF'
                : t.attesa,
          assegnatario: principal.login,
        });
        if (status === TICKET_WAITING_CUSTOMER || closing) await notify(tx, 'status', updated);
        return view(tx, updated);
      });
      kickOutbox();
      await external?.changed(result);
      return result;
    },

    /** POST /api/sysaid/addticketnote: a note of either side, mailed to the other. */
    addNote: async (principal: Principal, id: number, text: string) => {
      const result = await db.transaction(async (tx) => {
        const t = await ticketOf(tx, principal, id, true);
        requireOpen(t);
        const staff = isStaff(principal);
        await repo.insertNote(tx, { ticketId: t.id, author: principal.login, staff, text: text.trim() });
        const updated = await afterWriting(tx, principal, t);
        await notify(tx, staff ? 'toCustomer' : 'toStaff', updated, text.trim());
        return view(tx, updated);
      });
      kickOutbox();
      await external?.changed(result);
      return { success: true, ticket: result };
    },

    /** POST /api/sysaid/addticketfile/{id}: one file (image, video or PDF, 100 MB), stored with its row. */
    addFile: async (principal: Principal, id: number, request: FastifyRequest) => {
      requireOpen(await ticketOf(db, principal, id));
      const upload = await files.receive(request, AREA);
      const result = await files.commit(db, upload, async (tx, file) => {
        const t = await ticketOf(tx, principal, id, true);
        requireOpen(t);
        await repo.insertFile(tx, t.id, file.id, principal.login);
        return view(tx, await afterWriting(tx, principal, t));
      });
      await external?.changed(result);
      return result;
    },

    /** A file of a ticket the user sees. */
    file: async (principal: Principal, id: number, fileId: string) => {
      const file = await files.find(db, AREA, fileId);
      if ((await repo.findFileTicket(db, fileId)) !== id) throw notFound();
      await ticketOf(db, principal, id);
      return file;
    },

    pdf: async (principal: Principal, id: number, lang: Language) => {
      const t = await view(db, await ticketOf(db, principal, id));
      const places = await comboValues(db, COMBO_LISTS.collocazioneProblema);
      const place = places.find((p) => p.id.chiave === String(t.collocazioneKey));
      return {
        fileName: `ticket-${t.id}.pdf`,
        bytes: await renderTicketPdf(t, lang, { collocazione: place ? localizedText(place.descrizione, lang) : null }),
      };
    },
  };
};
export type TicketsService = ReturnType<typeof createTicketsService>;
