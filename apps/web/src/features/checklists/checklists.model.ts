import {
  CHECKLIST_LIMITS,
  CHECKLIST_SORT_FIELDS,
  CHECKLIST_STATE_FILTERS,
  CHECKLIST_TYPES,
  type ChecklistLine,
  type ChecklistNode,
  type ChecklistState,
  type ChecklistType,
  isAnswered,
  isQuestionRow,
  localizedText,
  parseSortParam,
} from '@ricambi/domain';
import dayjs from 'dayjs';
import type { ChecklistListParams } from '../../api/checklists.api.ts';

// ---------------------------------------------------------------------------------------------
// The list's address: /crDars?stato&term&tipo&rate&page&sort (spec 3 §2)
// ---------------------------------------------------------------------------------------------

export const CHECKLISTS_PATH = '/crDars';
export const CHECKLIST_PATH = '/crDar/$idh';

/** The router reads `?rate=3` as a number: every value is read as text. */
const textOf = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);

/** The list's filters read from the address; anything unknown or malformed is left out. */
export const parseChecklistSearch = (search: Record<string, unknown>): ChecklistListParams => {
  const term = textOf(search.term)?.trim().slice(0, CHECKLIST_LIMITS.term);
  const rate = Number(textOf(search.rate));
  const tipo = textOf(search.tipo);
  const stato = textOf(search.stato);
  const page = Number(textOf(search.page));
  const sort = textOf(search.sort);
  const params: ChecklistListParams = { page: Number.isSafeInteger(page) && page > 0 ? page : 0 };
  if (term) params.term = term;
  if (Number.isInteger(rate) && rate >= 1 && rate <= 5) params.rate = rate;
  if ((CHECKLIST_TYPES as readonly string[]).includes(tipo ?? '')) params.tipo = tipo as ChecklistType;
  if ((CHECKLIST_STATE_FILTERS as readonly string[]).includes(stato ?? '')) params.stato = stato as ChecklistState;
  const key = sort ? parseSortParam(CHECKLIST_SORT_FIELDS, sort) : undefined;
  if (key) params.sort = `${key.field},${key.direction}`;
  return params;
};

/** The address of a list: only what is set, so that /crDars is the default list. */
export const toChecklistSearch = (params: ChecklistListParams): Record<string, string | number> => {
  const search: Record<string, string | number> = {};
  if (params.term) search.term = params.term;
  if (params.rate !== undefined) search.rate = params.rate;
  if (params.tipo) search.tipo = params.tipo;
  if (params.stato) search.stato = params.stato;
  if (params.sort) search.sort = params.sort;
  if (params.page > 0) search.page = params.page;
  return search;
};

/** Spec 3 §2, §4: after a checklist is created the list shows its serial, In Corso. */
export const afterCreateSearch = (matricola: string) =>
  toChecklistSearch({ term: matricola, stato: 'In Corso', page: 0 });

// ---------------------------------------------------------------------------------------------
// Display
// ---------------------------------------------------------------------------------------------

/**
 * Spec 3 §2: dates as day, abbreviated month, two-digit year ("27 nov 26") in the user's language —
 * the day first in English too (British usage: "27 Nov 26").
 */
export const formatChecklistDate = (iso: string | null | undefined, lang: string) => {
  if (!iso) return '–';
  const day = dayjs(iso);
  return day.isValid()
    ? new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : lang, {
        day: 'numeric',
        month: 'short',
        year: '2-digit',
      }).format(day.toDate())
    : '–';
};

/** The i18n key of a state (the values are Italian: 'In Corso', 'Completato', 'Inviato'). */
export const stateKey = (stato: ChecklistState) =>
  stato === 'Completato' ? 'completato' : stato === 'Inviato' ? 'inviato' : 'inCorso';

/** Spec 3 §2: the status badge is green when Completato, blue when Inviato, red otherwise. */
export const stateColor = (stato: ChecklistState) =>
  stato === 'Completato' ? 'green' : stato === 'Inviato' ? 'blue' : 'red';

// ---------------------------------------------------------------------------------------------
// The tree of lines (spec 3 §2 "Checklist tree", §4)
// ---------------------------------------------------------------------------------------------

/** progressivo1[.progressivo2[.progressivo3]]: a level without a number (null or 0) ends it. */
export const lineNumber = (line: Pick<ChecklistLine, 'progressivo1' | 'progressivo2' | 'progressivo3'>) => {
  const parts = [String(line.progressivo1)];
  if (line.progressivo2) {
    parts.push(String(line.progressivo2));
    if (line.progressivo3) parts.push(String(line.progressivo3));
  }
  return parts.join('.');
};

/** The two description lines in the user's language (Italian when the language has none). */
export const lineTexts = (line: Pick<ChecklistLine, 'darDescr1' | 'darDescr2'>, lang: string) =>
  [localizedText(line.darDescr1, lang), localizedText(line.darDescr2, lang)].filter((text) => text.trim() !== '');

/** A question's mark: OK (green check), KO (red check), any other answer (minus), none (empty box). */
export type QuestionMark = 'ok' | 'ko' | 'na' | 'empty';
export const questionMark = (risposta: string | null): QuestionMark =>
  risposta === 'OK' ? 'ok' : risposta === 'KO' ? 'ko' : risposta ? 'na' : 'empty';

/** The question lines under a node (itself when it is one), in the tree's order. */
export const questionsOf = (node: ChecklistNode): ChecklistLine[] =>
  isQuestionRow(node.line) ? [node.line] : node.figli.flatMap(questionsOf);

/** Every question of the checklist, in the tree's order. */
export const allQuestions = (tree: readonly ChecklistNode[]) => tree.flatMap(questionsOf);

/** Spec 3 §4: a line is "all OK" when every question under it is OK or '--' (a group is then green). */
export const isAllOk = (node: ChecklistNode) => {
  const questions = questionsOf(node);
  return questions.length > 0 && questions.every((q) => q.risposta === 'OK' || q.risposta === '--');
};

/** How many of a node's questions are answered, of how many. */
export const progressOf = (nodes: readonly ChecklistNode[]) => {
  const questions = nodes.flatMap(questionsOf);
  return { answered: questions.filter((q) => isAnswered(q.risposta)).length, total: questions.length };
};

/** The line of the tree with this id. */
export const findLine = (tree: readonly ChecklistNode[], id: number): ChecklistLine | undefined => {
  for (const node of tree) {
    if (node.line.id === id) return node.line;
    const found = findLine(node.figli, id);
    if (found) return found;
  }
  return undefined;
};

/** The question after this one in the tree's order (the answer dialog's "save and next"). */
export const nextQuestion = (tree: readonly ChecklistNode[], id: number) => {
  const questions = allQuestions(tree);
  const index = questions.findIndex((q) => q.id === id);
  return index >= 0 ? questions[index + 1] : undefined;
};

/** The images of a line (slots 1 and 2), those present. */
export const imagesOf = (line: Pick<ChecklistLine, 'nomeImmagine1' | 'nomeImmagine2'>) =>
  [line.nomeImmagine1, line.nomeImmagine2].filter((name): name is string => Boolean(name));
