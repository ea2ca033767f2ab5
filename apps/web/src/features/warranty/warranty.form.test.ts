import type { Warranty } from '@ricambi/domain';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http.ts';
import { parseSerialReply } from '../../api/warranty.api.ts';
import { serialViewOf } from './useSerialView.ts';
import {
  costRequiresDetails,
  dateErrorOf,
  emptyWarrantyValues,
  isConnectionFailure,
  isOutsideWarrantyDates,
  splitWarrantyFieldErrors,
  toWarrantyFormValues,
  toWarrantyInput,
  type WarrantyFormValues,
} from './warranty.form.ts';

const TODAY = '2026-11-27';

const filled = (over: Partial<WarrantyFormValues> = {}): WarrantyFormValues => ({
  ...emptyWarrantyValues(' ab123 '),
  dataGuasto: dayjs('2026-11-20'),
  oreLavoro: 1250,
  problemaSegnalato: 'P01',
  problemaNote: '  Perdita olio dal cilindro  ',
  collocazioneProblema: 'C02',
  terminiAccettati: true,
  ...over,
});

const warranty = (over: Partial<Warranty> = {}): Warranty => ({
  id: { matricola: 'AB123', numeroRichiesta: 7 },
  descrizione: 'Miniescavatore 35',
  dealer: null,
  dataFineGaranzia: '31/12/2026',
  garanziaScaduta: false,
  dataRichiestaIso: '2026-11-21',
  dataRichiesta: '21/11/2026',
  dataGuasto: '20/11/2026',
  dataRiparazione: null,
  dataOrdine: null,
  numeroOrdine: null,
  oreLavoro: 1250,
  oreIntervento: null,
  oreViaggio: null,
  chilometri: null,
  costoTotaleIntervento: null,
  problemaSegnalato: 'P01',
  problemaSegnalatoDescrizione: 'Perdita',
  problemaNote: 'Perdita olio',
  collocazioneProblema: 'C02',
  collocazioneProblemaDescrizione: 'Braccio',
  codiceComponente: null,
  componenteDescrizione: null,
  soluzioneAdottataNote: null,
  statoAttivita: 'APERTA',
  prossimiStati: [],
  stato: 'FRA',
  provincia: null,
  allegati: [],
  nomeAllegato: null,
  seEditable: 'Y',
  eventi: [],
  ...over,
});

// Spec 2 §3, §5: what the form sends.
describe('warranty form values', () => {
  it('sends a new request with the serial upper-cased, dates as dd/MM/yyyy, texts trimmed and the terms', () => {
    expect(toWarrantyInput(filled({ soluzioneAdottataNote: '  ' }))).toEqual({
      id: { matricola: 'AB123', numeroRichiesta: null },
      dataGuasto: '20/11/2026',
      dataRiparazione: null,
      oreLavoro: 1250,
      oreIntervento: null,
      oreViaggio: null,
      chilometri: null,
      costoTotaleIntervento: null,
      problemaSegnalato: 'P01',
      problemaNote: 'Perdita olio dal cilindro',
      collocazioneProblema: 'C02',
      codiceComponente: null,
      soluzioneAdottataNote: null,
      stato: null,
      provincia: null,
      terminiAccettati: true,
    });
  });

  it('sends the province with Italy only, and no terms with a change of a saved request', () => {
    expect(toWarrantyInput(filled({ stato: 'ITA', provincia: 'MI' }))).toMatchObject({ stato: 'ITA', provincia: 'MI' });
    const changed = toWarrantyInput(filled({ stato: 'FRA', provincia: 'MI' }), 7);
    expect(changed).toMatchObject({ id: { matricola: 'AB123', numeroRichiesta: 7 }, stato: 'FRA', provincia: null });
    expect(changed).not.toHaveProperty('terminiAccettati');
  });

  it('shows a saved request in the form and sends it back unchanged', () => {
    const values = toWarrantyFormValues(warranty({ dataRiparazione: '22/11/2026', costoTotaleIntervento: 350.5 }));
    expect(values.dataGuasto?.format('YYYY-MM-DD')).toBe('2026-11-20');
    expect(values.dataRiparazione?.format('YYYY-MM-DD')).toBe('2026-11-22');
    expect(toWarrantyInput(values, 7)).toMatchObject({
      dataGuasto: '20/11/2026',
      dataRiparazione: '22/11/2026',
      costoTotaleIntervento: 350.5,
      stato: 'FRA',
    });
  });

  it('asks for repair date, hours and km only when the total cost is above 0', () => {
    expect(costRequiresDetails(null)).toBe(false);
    expect(costRequiresDetails(0)).toBe(false);
    expect(costRequiresDetails(0.01)).toBe(true);
  });
});

// Spec 2 §5: failure and repair dates not older than gg days (at midnight), not future, repair after failure.
describe('warranty dates', () => {
  it('refuses a date older than gg days with the mindate key and its days', () => {
    expect(dateErrorOf('dataGuasto', { dataGuasto: dayjs('2026-08-29') }, 90, TODAY)).toBeUndefined();
    expect(dateErrorOf('dataGuasto', { dataGuasto: dayjs('2026-08-28') }, 90, TODAY)).toEqual({
      field: 'dataGuasto',
      message: 'richiestagaranzia.error.mindate',
      params: { gg: 90 },
    });
    expect(dateErrorOf('dataGuasto', { dataGuasto: dayjs('2026-11-28') }, 90, TODAY)?.message).toBe(
      'richiestagaranzia.error.future',
    );
  });

  it('refuses a repair before the failure, on the repair date', () => {
    const values = { dataGuasto: dayjs('2026-11-20'), dataRiparazione: dayjs('2026-11-19') };
    expect(dateErrorOf('dataRiparazione', values, 90, TODAY)?.message).toBe(
      'richiestagaranzia.error.repairBeforeFailure',
    );
    expect(dateErrorOf('dataGuasto', values, 90, TODAY)).toBeUndefined();
  });

  it("counts the age of a saved request's dates from the day it was filed, the future from today", () => {
    const filedOn = '2026-10-01';
    expect(dateErrorOf('dataGuasto', { dataGuasto: dayjs('2026-07-10') }, 90, TODAY, filedOn)).toBeUndefined();
    expect(dateErrorOf('dataGuasto', { dataGuasto: dayjs('2026-07-02') }, 90, TODAY, filedOn)?.message).toBe(
      'richiestagaranzia.error.mindate',
    );
    // A repair after the filing, up to today, is no future date.
    const values = { dataGuasto: dayjs('2026-09-20'), dataRiparazione: dayjs('2026-11-10') };
    expect(dateErrorOf('dataRiparazione', values, 90, TODAY, filedOn)).toBeUndefined();
    expect(
      dateErrorOf('dataRiparazione', { ...values, dataRiparazione: dayjs('2026-11-28') }, 90, TODAY, filedOn)?.message,
    ).toBe('richiestagaranzia.error.future');
    expect(isOutsideWarrantyDates(dayjs('2026-07-10'), 90, TODAY, filedOn)).toBe(false);
    expect(isOutsideWarrantyDates(dayjs('2026-11-28'), 90, TODAY, filedOn)).toBe(true);
  });

  it('offers in the pickers only the days from today − gg to today', () => {
    expect(isOutsideWarrantyDates(dayjs('2026-10-28'), 30, TODAY)).toBe(false);
    expect(isOutsideWarrantyDates(dayjs('2026-10-27'), 30, TODAY)).toBe(true);
    expect(isOutsideWarrantyDates(dayjs(TODAY), 30, TODAY)).toBe(false);
    expect(isOutsideWarrantyDates(dayjs('2026-11-28'), 30, TODAY)).toBe(true);
  });
});

describe('the serial check (spec 2 §5)', () => {
  it('reads the extract-catalogue reply: OK is valid, KO refused as not found or without catalogue', () => {
    expect(parseSerialReply('OK 42')).toEqual({ valid: true, machineId: 42 });
    expect(parseSerialReply('OK')).toEqual({ valid: true, machineId: null });
    expect(parseSerialReply('KO NOT_FOUND')).toEqual({ valid: false, reason: 'notFound' });
    expect(parseSerialReply('KO')).toEqual({ valid: false, reason: 'notFound' });
    expect(parseSerialReply('KO NO_CATALOGUE\n')).toEqual({ valid: false, reason: 'serialNoCatalogue' });
  });

  it('is checking until the typed serial has been checked, then found or refused', () => {
    const base = { typed: 'AB123', checked: 'AB123', data: undefined, isFetching: false, isError: false };
    expect(serialViewOf({ ...base, typed: '' }, 'it')).toEqual({ status: 'idle' });
    expect(serialViewOf({ ...base, checked: 'AB12' }, 'it')).toEqual({ status: 'checking' });
    expect(serialViewOf({ ...base, isFetching: true }, 'it')).toEqual({ status: 'checking' });
    expect(serialViewOf({ ...base, isError: true }, 'it')).toEqual({ status: 'error' });
    expect(serialViewOf({ ...base, data: { valid: false, reason: 'notFound' } }, 'it')).toEqual({
      status: 'invalid',
      reason: 'notFound',
    });
    expect(
      serialViewOf({ ...base, data: { valid: true, dataFineGaranzia: '2026-01-31', machine: null } }, 'it'),
    ).toEqual({ status: 'valid', descrizione: null, dataFineGaranzia: '2026-01-31' });
  });
});

describe('save failures', () => {
  const refused = (fieldErrors: { field: string; message: string }[]) =>
    new ApiError(400, '/api/richiestagaranzia', 'POST', {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      message: 'error.validation',
      fieldErrors,
    });

  it("puts the server's field errors on the form's fields, the serial's too, and keeps the rest apart", () => {
    const { onForm, other } = splitWarrantyFieldErrors(
      refused([
        { field: 'id.matricola', message: 'richiestagaranzia.error.notFound' },
        { field: 'dataGuasto', message: 'richiestagaranzia.error.mindate' },
        { field: 'ordine.checkout.linee', message: 'cart.error.empty' },
      ]),
    );
    expect(onForm.map((f) => f.name)).toEqual(['matricola', 'dataGuasto']);
    expect(other.map((f) => f.field)).toEqual(['ordine.checkout.linee']);
  });

  it('tells a connection or server failure (nothing sent) from a refusal', () => {
    expect(isConnectionFailure(new ApiError(0, '/x', 'POST'))).toBe(true);
    expect(isConnectionFailure(new ApiError(502, '/x', 'POST'))).toBe(true);
    expect(isConnectionFailure(refused([]))).toBe(false);
    expect(isConnectionFailure(new Error('x'))).toBe(false);
  });
});
