import {
  type ComboValue,
  type CrDocumenti,
  type CrDocumentiFile,
  type CrDocumentiLog,
  type CrDocumentiModelli,
  type DocumentResult,
  isDocumentInForce,
  type LocalizedTexts,
} from '@ricambi/domain';
import type { DocumentFileWithBytes, DocumentLogRow, DocumentModelRow, DocumentRow } from './documents.repository.ts';

/** The four lookup lists of documents, by key. */
export type DocumentCombos = {
  tipodocumento: Map<string, ComboValue>;
  categoria1: Map<string, ComboValue>;
  categoria2: Map<string, ComboValue>;
  categoria3: Map<string, ComboValue>;
};

type Ref = { id: number; nome: string };
const refOf = (doc: Ref): Ref => ({ id: doc.id, nome: doc.nome });
/** A key whose lookup value was removed still reads as itself. */
const comboOf = (map: Map<string, ComboValue>, tipo: string, key: string | null): ComboValue | null =>
  key === null ? null : (map.get(key) ?? { id: { tipo, chiave: key }, descrizione: { it: key } });
const textOf = (value: ComboValue | null): LocalizedTexts => value?.descrizione ?? {};

export const toCrDocumentiModelli = (row: DocumentModelRow, doc: Ref): CrDocumentiModelli => ({
  id: row.id,
  idCrDocumenti: refOf(doc),
  modello: row.modello,
  daMatricola: row.daMatricola,
  aMatricola: row.aMatricola,
  note: row.note,
});

export const toCrDocumentiFile = (row: DocumentFileWithBytes, doc: Ref): CrDocumentiFile => ({
  id: row.id,
  idCrDocumenti: refOf(doc),
  codice: row.codice,
  descrizioneFile: row.descrizioneFile,
  lingua: row.lingua,
  nomeFileFisico: row.nomeFileFisico,
  nomeFileOriginale: row.nomeFileOriginale,
  note: row.note,
  sizeBytes: row.sizeBytes,
  icona: row.icona,
});

export const toCrDocumenti = (
  doc: DocumentRow,
  children: { models: DocumentModelRow[]; files: DocumentFileWithBytes[] },
  combos: DocumentCombos,
  today: string,
): CrDocumenti => ({
  id: doc.id,
  nome: doc.nome,
  daData: doc.daData,
  aData: doc.aData,
  interno: doc.interno,
  brand: doc.brand,
  tipoDocumento: comboOf(combos.tipodocumento, 'CATEGORIE_TIPODOCUMENTO', doc.tipoDocumento),
  categoria1: comboOf(combos.categoria1, 'CATEGORIE_CATEGORIA1', doc.categoria1),
  categoria2: comboOf(combos.categoria2, 'CATEGORIE_CATEGORIA2', doc.categoria2),
  categoria3: comboOf(combos.categoria3, 'CATEGORIE_CATEGORIA3', doc.categoria3),
  note: doc.note,
  inVigore: isDocumentInForce(doc, today),
  modellos: children.models.map((m) => toCrDocumentiModelli(m, doc)),
  nomefiles: children.files.map((f) => toCrDocumentiFile(f, doc)),
  createdBy: doc.createdBy,
  createdDate: doc.createdDate.toISOString(),
  lastModifiedBy: doc.lastModifiedBy,
  lastModifiedDate: doc.lastModifiedDate?.toISOString() ?? null,
});

export const toDocumentResult = (
  row: { file: DocumentFileWithBytes; document: DocumentRow },
  models: DocumentModelRow[],
  combos: DocumentCombos,
  today: string,
): DocumentResult => {
  const { file, document: doc } = row;
  return {
    id: file.id,
    idDocumenti: doc.id,
    nome: doc.nome,
    nomeFileFisico: file.nomeFileFisico,
    nomeFileOriginale: file.nomeFileOriginale,
    descrizioneFile: file.descrizioneFile,
    codice: file.codice,
    lingua: file.lingua,
    brand: doc.brand,
    tipoDocumento: textOf(comboOf(combos.tipodocumento, 'CATEGORIE_TIPODOCUMENTO', doc.tipoDocumento)),
    categorie: [
      comboOf(combos.categoria1, 'CATEGORIE_CATEGORIA1', doc.categoria1),
      comboOf(combos.categoria2, 'CATEGORIE_CATEGORIA2', doc.categoria2),
      comboOf(combos.categoria3, 'CATEGORIE_CATEGORIA3', doc.categoria3),
    ]
      .filter((c): c is ComboValue => c !== null)
      .map(textOf),
    modelli: models.map((m) => ({ modello: m.modello, daMatricola: m.daMatricola, aMatricola: m.aMatricola })),
    daData: doc.daData,
    aData: doc.aData,
    interno: doc.interno,
    inVigore: isDocumentInForce(doc, today),
    sizeBytes: file.sizeBytes,
    icona: file.icona,
  };
};

export const toCrDocumentiLog = (row: DocumentLogRow): CrDocumentiLog => ({
  id: row.id,
  login: row.login,
  ipAddress: row.ipAddress,
  data: row.data.toISOString(),
  interno: row.interno,
  idDocumento: row.idDocumento,
  nomeFileOriginale: row.nomeFileOriginale,
  filtriRicercaApplicati: row.filtriRicercaApplicati,
  linguaDocumento: row.linguaDocumento,
  alberoDocumento: row.alberoDocumento,
});
