import type {
  ChecklistAnswer,
  ChecklistHeaderAdmin,
  ChecklistLineAdmin,
  ChecklistState,
  ChecklistTemplateHeaderAdmin,
  ChecklistTemplateLineAdmin,
  ChecklistType,
} from '@ricambi/domain';
import type {
  HeaderRef,
  HeaderRow,
  LineRow,
  TemplateHeaderRow,
  TemplateLineRef,
  TemplateLineRow,
  TemplateRef,
} from './checklists-admin.repository.ts';

// The columns hold only what the domain allows (written through its schemas); typed here, once.
const tipo = (value: string) => value as ChecklistType;
const stato = (value: string) => value as ChecklistState;
const naFlag = (value: string) => (value === 'Y' ? 'Y' : 'N');
const answer = (value: string | null) => value as ChecklistAnswer | null;

const refOf = (t: TemplateRef, inUso: boolean) => ({
  id: t.id,
  nome: t.nome,
  versione: t.versione,
  tipoDocumento: tipo(t.tipoDocumento),
  inUso,
});

export const toTemplateHeaderAdmin = (row: TemplateHeaderRow, inUso: boolean): ChecklistTemplateHeaderAdmin => ({
  id: row.id,
  daData: row.daData,
  aData: row.aData,
  fileLogo: row.fileLogo,
  nome: row.nome,
  nomeBreve: row.nomeBreve,
  versione: row.versione,
  darDescr: row.darDescr,
  note: row.note,
  tipoDocumento: tipo(row.tipoDocumento),
  inUso,
  createdBy: row.createdBy,
  createdDate: row.createdDate.toISOString(),
  lastModifiedBy: row.lastModifiedBy,
  lastModifiedDate: row.lastModifiedDate?.toISOString() ?? null,
});

export const toTemplateLineAdmin = (
  row: TemplateLineRow,
  template: TemplateRef,
  inUso: boolean,
): ChecklistTemplateLineAdmin => ({
  id: row.id,
  idCrDarTemplateHeader: refOf(template, inUso),
  tipoRiga: row.tipoRiga,
  progressivo1: row.progressivo1,
  progressivo2: row.progressivo2,
  progressivo3: row.progressivo3,
  darDescr1: row.darDescr1,
  darDescr2: row.darDescr2,
  fileImmagine: row.fileImmagine,
  scoreOK: row.scoreOK,
  scoreKO: row.scoreKO,
  scoreNA: row.scoreNA,
  note: row.note,
  darNaFlag: naFlag(row.darNaFlag),
});

export const toHeaderAdmin = (row: HeaderRow, template: TemplateRef): ChecklistHeaderAdmin => ({
  id: row.id,
  matricola: row.matricola,
  modello: row.modello,
  dataCompilazione: row.dataCompilazione?.toISOString() ?? null,
  dataArrivoMacchina: row.dataArrivoMacchina,
  userLogin: row.userLogin,
  userFirstName: row.userFirstName,
  userLastName: row.userLastName,
  userEmail: row.userEmail,
  dealerLogin: row.dealerLogin,
  userRagioneSociale: row.userRagioneSociale,
  stato: stato(row.stato),
  valutazioneUtente: row.valutazioneUtente,
  valutazioneCalcolata: row.valutazioneCalcolata,
  note: row.note,
  idCrDarTemplateHeader: { id: template.id, nome: template.nome, tipoDocumento: tipo(template.tipoDocumento) },
});

export const toLineAdmin = (row: LineRow, header: HeaderRef, templateLine: TemplateLineRef): ChecklistLineAdmin => ({
  id: row.id,
  risposta: answer(row.risposta),
  rispostaDettaglio: row.rispostaDettaglio,
  nomeImmagine1: row.nomeImmagine1,
  nomeImmagine2: row.nomeImmagine2,
  note: row.note,
  idCrDarHeader: { id: header.id, matricola: header.matricola, stato: stato(header.stato) },
  idCrDarTemplateLine: {
    id: templateLine.id,
    tipoRiga: templateLine.tipoRiga,
    progressivo1: templateLine.progressivo1,
    progressivo2: templateLine.progressivo2,
    progressivo3: templateLine.progressivo3,
    darDescr1: templateLine.darDescr1,
    darNaFlag: naFlag(templateLine.darNaFlag),
  },
});
