import {
  CHECKLIST_STATES,
  CHECKLIST_TYPES,
  type ChecklistHeader,
  type ChecklistLine,
  type ChecklistMachine,
  type ChecklistNode,
  type ChecklistState,
  type ChecklistType,
  isAnswered,
  type Language,
  localizedText,
} from '@ricambi/domain';
import type { HeaderWithTemplate, LineWithTemplate, MachineOnTheRoad } from './checklists.repository.ts';

const stateOf = (stato: string): ChecklistState =>
  (CHECKLIST_STATES as readonly string[]).includes(stato) ? (stato as ChecklistState) : 'In Corso';
export const typeOf = (tipo: string): ChecklistType =>
  (CHECKLIST_TYPES as readonly string[]).includes(tipo) ? (tipo as ChecklistType) : 'DAR';

export const toChecklistHeader = (r: HeaderWithTemplate): ChecklistHeader => ({
  id: r.h.id,
  matricola: r.h.matricola,
  modello: r.h.modello,
  dataCompilazione: r.h.dataCompilazione?.toISOString() ?? null,
  dataArrivoMacchina: r.h.dataArrivoMacchina,
  userLogin: r.h.userLogin,
  userFirstName: r.h.userFirstName,
  userLastName: r.h.userLastName,
  userEmail: r.h.userEmail,
  dealerLogin: r.h.dealerLogin,
  userRagioneSociale: r.h.userRagioneSociale,
  stato: stateOf(r.h.stato),
  valutazioneUtente: r.h.valutazioneUtente,
  valutazioneCalcolata: r.h.valutazioneCalcolata === null ? null : Number(r.h.valutazioneCalcolata),
  note: r.h.note,
  idCrDarTemplateHeader: { id: r.h.templateHeaderId, nome: r.templateNome, tipoDocumento: typeOf(r.tipoDocumento) },
});

export const toChecklistLine = ({ line, tl }: LineWithTemplate): ChecklistLine => ({
  id: line.id,
  idCrDarTemplateLine: tl.id,
  tipoRiga: tl.tipoRiga,
  progressivo1: tl.progressivo1,
  progressivo2: tl.progressivo2,
  progressivo3: tl.progressivo3,
  darDescr1: tl.darDescr1,
  darDescr2: tl.darDescr2,
  darNaFlag: tl.darNaFlag === 'Y' ? 'Y' : 'N',
  risposta: isAnswered(line.risposta) ? line.risposta : null,
  rispostaDettaglio: line.rispostaDettaglio,
  nomeImmagine1: line.nomeImmagine1,
  nomeImmagine2: line.nomeImmagine2,
  note: line.note,
});

/** The row's number as the tree shows it: progressivo1[.progressivo2[.progressivo3]]. */
export const lineNumber = (l: Pick<ChecklistLine, 'progressivo1' | 'progressivo2' | 'progressivo3'>) =>
  [l.progressivo1, l.progressivo2, l.progressivo3].filter((p) => p !== null).join('.');

/** A row's depth: how many of its progressivi are set (1 to 3). */
export const lineLevel = (l: Pick<ChecklistLine, 'progressivo2' | 'progressivo3'>) =>
  1 + (l.progressivo2 === null ? 0 : 1) + (l.progressivo3 === null ? 0 : 1);

/**
 * The tree of spec 3 §3 ("line, figli") from lines in tree order (progressivo1, 2, 3, a group
 * before its rows): a row of level 2 goes under the level-1 row of its progressivo1, a row of level 3
 * under the level-2 row of its progressivo1.progressivo2; a row whose group is missing goes under
 * the nearest one there is, or at the top.
 */
export const toChecklistTree = (lines: readonly ChecklistLine[]): ChecklistNode[] => {
  const roots: ChecklistNode[] = [];
  const groups = new Map<string, ChecklistNode>();
  for (const line of lines) {
    const node: ChecklistNode = { line, figli: [] };
    const level = lineLevel(line);
    const p1 = String(line.progressivo1);
    const p12 = `${p1}.${line.progressivo2}`;
    const parent = level === 1 ? undefined : level === 2 ? groups.get(p1) : (groups.get(p12) ?? groups.get(p1));
    (parent ? parent.figli : roots).push(node);
    if (level === 1 && !groups.has(p1)) groups.set(p1, node);
    else if (level === 2 && !groups.has(p12)) groups.set(p12, node);
  }
  return roots;
};

export const toChecklistMachine = (m: MachineOnTheRoad, lang: Language): ChecklistMachine => ({
  id: { matricola: m.matricola },
  descrizione: localizedText(m.localizedDescrizione, lang) || null,
  nomeCliente: m.nomeCliente,
});
