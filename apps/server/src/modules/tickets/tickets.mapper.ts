import {
  formatTicketDate,
  type StoredFileView,
  type Ticket,
  type TicketRow,
  type TicketWaiting,
  ticketAcceptsNotes,
} from '@ricambi/domain';
import type { TicketNoteRecord, TicketRecord } from './tickets.repository.ts';

const waitingOf = (t: TicketRecord) => (t.attesa as TicketWaiting | null) ?? null;

export const toTicketRow = (t: TicketRecord, counts: { note: number; file: number }): TicketRow => ({
  id: t.id,
  insert_time: t.insertTime.toISOString(),
  title: t.title,
  matricola: t.matricola,
  modello: t.modello,
  login: t.login,
  nome: t.nome,
  cognome: t.cognome,
  tipologiaKey: t.tipologiaKey,
  collocazioneKey: t.collocazioneKey,
  urgenzaClienteKey: t.urgenzaClienteKey,
  status: t.status,
  attesa: waitingOf(t),
  close_time: t.closeTime?.toISOString() ?? null,
  note: counts.note,
  file: counts.file,
});

export const toTicket = (
  t: TicketRecord,
  notes: TicketNoteRecord[],
  files: StoredFileView[],
  now: Date = new Date(),
): Ticket => {
  const closeTime = t.closeTime?.toISOString() ?? null;
  return {
    id: t.id,
    insert_time: t.insertTime.toISOString(),
    login: t.login,
    nome: t.nome,
    cognome: t.cognome,
    title: t.title,
    clientDescription: t.descrizione,
    descrizione: t.descrizione,
    tipologiaKey: t.tipologiaKey,
    modello: t.modello,
    matricola: t.matricola,
    oreUtilizzo: t.oreUtilizzo,
    collocazioneKey: t.collocazioneKey,
    urgenzaClienteKey: t.urgenzaClienteKey,
    status: t.status,
    lingua: t.lingua,
    dataGaranzia: formatTicketDate(t.dataGaranzia),
    notes: notes.map((n) => ({ author: n.author, staff: n.staff, date: n.createdAt.toISOString(), text: n.text })),
    close_time: closeTime,
    files: files.map((f) => ({ ...f, file_id: f.id, file_name: f.name })),
    attesa: waitingOf(t),
    assegnatario: t.assegnatario,
    aperto: ticketAcceptsNotes({ status: t.status, closeTime }, now),
  };
};
