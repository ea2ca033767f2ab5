import type { CrDocumentiFile, CrDocumentiModelli } from '@ricambi/domain';
import { describe, expect, it } from 'vitest';
import {
  addDraft,
  addFileRow,
  canAddDraft,
  checkPdf,
  draftProblems,
  emptyFileRows,
  emptyModelDraft,
  fileRowProblems,
  fileRowsBody,
  fileRowsError,
  fileRowsOf,
  type ModelRowsValue,
  modelRowProblems,
  modelRowsBody,
  modelRowsError,
  modelRowsOf,
  newFileRow,
  removeModelRow,
  updateFileRow,
} from './cr-documenti.rows.ts';

const doc = { id: 7, nome: 'Manuale EC35' };
const savedModel: CrDocumentiModelli = {
  id: 31,
  idCrDocumenti: doc,
  modello: 'EC35',
  daMatricola: 'EC35A00001',
  aMatricola: 'EC35A09999',
  note: null,
};
const savedFile: CrDocumentiFile = {
  id: 41,
  idCrDocumenti: doc,
  codice: 'UM-35',
  descrizioneFile: 'Manuale uso',
  lingua: 'it',
  nomeFileFisico: 'a.pdf',
  nomeFileOriginale: 'manuale.pdf',
  note: null,
  sizeBytes: 2048,
  icona: false,
};
const UPLOAD = '0b6f3c52-27a4-4f55-9d0e-2f1c7d1f9a11';
const withDraft = (draft: Partial<ModelRowsValue['draft']>): ModelRowsValue => ({
  ...modelRowsOf([savedModel]),
  draft: { ...emptyModelDraft(), ...draft },
});

// Spec 3 §5 "Document form": the model rows and the add-row.
describe('model rows', () => {
  it('requires the add-row model only once a from- or to-serial is typed', () => {
    expect(draftProblems(emptyModelDraft())).toEqual({});
    expect(draftProblems({ ...emptyModelDraft(), note: 'solo nota' })).toEqual({});
    expect(draftProblems({ ...emptyModelDraft(), daMatricola: 'EC50' }).modello?.key).toBe('validation.required');
    expect(draftProblems({ ...emptyModelDraft(), aMatricola: 'EC50' }).modello?.key).toBe('validation.required');
    expect(draftProblems({ ...emptyModelDraft(), daMatricola: '  ' })).toEqual({});
  });

  it('enables Add only with a model chosen and a valid row', () => {
    expect(canAddDraft(withDraft({}))).toBe(false);
    expect(canAddDraft(withDraft({ daMatricola: 'A1' }))).toBe(false);
    expect(canAddDraft(withDraft({ modello: 'EC50' }))).toBe(true);
    expect(canAddDraft(withDraft({ modello: 'EC50', daMatricola: 'B', aMatricola: 'A' }))).toBe(false);
    expect(canAddDraft(withDraft({ modello: 'EC50', aMatricola: 'x'.repeat(201) }))).toBe(false);
  });

  it('turns the add-row into a pending row, upper-cased, and clears it', () => {
    const added = addDraft(withDraft({ modello: 'EC50', daMatricola: ' ec50a ', note: 'nuovi' }));
    expect(added.draft).toEqual(emptyModelDraft());
    expect(added.rows).toHaveLength(2);
    expect(added.rows[1]).toMatchObject({ modello: 'EC50', daMatricola: 'EC50A', aMatricola: '', isNew: true });
    expect(added.rows[1]?.id).toBeUndefined();
    // Nothing to add: unchanged.
    const idle = withDraft({});
    expect(addDraft(idle)).toBe(idle);
  });

  it('keeps Save waiting while the add-row holds anything, or a row lacks its model', () => {
    expect(modelRowsError(withDraft({}))).toBeUndefined();
    expect(modelRowsError(withDraft({ note: 'x' }))).toBe('crDocumenti.validation.pendingModel');
    expect(modelRowsError(withDraft({ modello: 'EC50' }))).toBe('crDocumenti.validation.pendingModel');
    const noModel = { ...withDraft({}), rows: [{ ...modelRowsOf([savedModel]).rows[0], modello: null }] };
    expect(modelRowsError(noModel as ModelRowsValue)).toBe('crDocumenti.validation.modelRows');
  });

  it('checks the serial range as the server does (upper-case, character order)', () => {
    const row = { modello: 'EC35', daMatricola: 'ec35b', aMatricola: 'EC35A', note: '' };
    expect(modelRowProblems(row).aMatricola?.key).toBe('crDocumenti.validation.serialRange');
    expect(modelRowProblems({ ...row, aMatricola: 'ec35c' })).toEqual({});
  });

  it('sends kept rows with their id and new ones without; a deleted row is left out', () => {
    const value = addDraft(withDraft({ modello: 'EC50', aMatricola: 'ec50z' }));
    expect(modelRowsBody(value)).toEqual([
      { id: 31, modello: 'EC35', daMatricola: 'EC35A00001', aMatricola: 'EC35A09999', note: null },
      { modello: 'EC50', daMatricola: null, aMatricola: 'EC50Z', note: null },
    ]);
    expect(modelRowsBody(removeModelRow(value, 'id-31'))).toEqual([
      { modello: 'EC50', daMatricola: null, aMatricola: 'EC50Z', note: null },
    ]);
  });
});

describe('file rows', () => {
  const uploaded = newFileRow({ upload: UPLOAD, nomeFileOriginale: 'Schema idraulico.PDF', sizeBytes: 10 });

  it('adds an uploaded PDF as a pending row that still needs its code and language', () => {
    expect(uploaded).toMatchObject({ upload: UPLOAD, descrizioneFile: 'Schema idraulico', isNew: true, lingua: null });
    expect(Object.keys(fileRowProblems(uploaded)).sort()).toEqual(['codice', 'lingua']);
    const value = addFileRow(fileRowsOf([savedFile]), uploaded);
    expect(fileRowsError(value)).toBe('crDocumenti.validation.fileRows');
    const done = updateFileRow(value, uploaded.key, { codice: 'SI-1', lingua: 'en' });
    expect(fileRowsError(done)).toBeUndefined();
    expect(fileRowsBody(done)).toEqual([
      { id: 41, codice: 'UM-35', descrizioneFile: 'Manuale uso', lingua: 'it', note: null },
      { upload: UPLOAD, codice: 'SI-1', descrizioneFile: 'Schema idraulico', lingua: 'en', note: null },
    ]);
  });

  it('keeps Save waiting while an upload is under way', () => {
    expect(fileRowsError({ ...emptyFileRows(), uploading: 1 })).toBe('crDocumenti.validation.uploading');
  });

  it('requires code, description and language on a saved row too', () => {
    const [row] = fileRowsOf([savedFile]).rows;
    expect(fileRowProblems({ ...(row as NonNullable<typeof row>), descrizioneFile: ' ' }).descrizioneFile?.key).toBe(
      'validation.required',
    );
  });
});

describe('the PDF check before sending', () => {
  const pdf = (content: string, name = 'a.pdf', type = 'application/pdf') => new File([content], name, { type });

  it('takes a PDF by its type and first bytes', async () => {
    expect(await checkPdf(pdf('%PDF-1.7 rest'))).toBeUndefined();
    // A browser that reports no type: the bytes decide.
    expect(await checkPdf(pdf('%PDF-1.4', 'a.pdf', ''))).toBeUndefined();
  });

  it('refuses another type, or a ".pdf" that is not one', async () => {
    expect(await checkPdf(pdf('%PDF-1.7', 'a.txt', 'text/plain'))).toBe('crDocumenti.upload.notPdf');
    expect(await checkPdf(pdf('<html>', 'finto.pdf'))).toBe('crDocumenti.upload.notPdf');
    expect(await checkPdf(pdf('', 'vuoto.pdf'))).toBe('crDocumenti.upload.notPdf');
  });

  it('refuses more than 100 MB', async () => {
    const big = pdf('%PDF-1.7');
    Object.defineProperty(big, 'size', { value: 100 * 1024 * 1024 + 1 });
    expect(await checkPdf(big)).toBe('crDocumenti.upload.tooLarge');
  });
});
