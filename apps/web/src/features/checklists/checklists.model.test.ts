import { describe, expect, it } from 'vitest';
import {
  formatChecklistDate,
  lineNumber,
  parseChecklistSearch,
  questionMark,
  stateColor,
  toChecklistSearch,
} from './checklists.model.ts';

describe('checklist helpers', () => {
  it('numbers lines progressivo1[.2[.3]], a missing level (null or 0) ending the number', () => {
    expect(lineNumber({ progressivo1: 3, progressivo2: null, progressivo3: null })).toBe('3');
    expect(lineNumber({ progressivo1: 3, progressivo2: 2, progressivo3: null })).toBe('3.2');
    expect(lineNumber({ progressivo1: 3, progressivo2: 2, progressivo3: 5 })).toBe('3.2.5');
    expect(lineNumber({ progressivo1: 3, progressivo2: 0, progressivo3: 0 })).toBe('3');
  });

  it('marks OK, KO, any other answer and none', () => {
    expect([questionMark('OK'), questionMark('KO'), questionMark('--'), questionMark(null)]).toEqual([
      'ok',
      'ko',
      'na',
      'empty',
    ]);
  });

  it('colours the state green when Completato, blue when Inviato, red otherwise', () => {
    expect([stateColor('Completato'), stateColor('Inviato'), stateColor('In Corso')]).toEqual(['green', 'blue', 'red']);
  });

  it('writes dates as day, short month and two-digit year in the language', () => {
    expect(formatChecklistDate('2026-11-27', 'it')).toBe('27 nov 26');
    expect(formatChecklistDate('2026-11-27', 'en')).toBe('27 Nov 26');
    expect(formatChecklistDate('2026-11-27', 'de')).toBe('27. Nov. 26');
    expect(formatChecklistDate(null, 'it')).toBe('–');
  });

  it('reads only known filters from the address, and writes only those set', () => {
    expect(
      parseChecklistSearch({ stato: 'Completato', tipo: 'XYZ', rate: 9, page: -1, sort: 'password,asc', term: ' AB ' }),
    ).toEqual({ page: 0, term: 'AB' });
    const params = parseChecklistSearch({ stato: 'Inviato', tipo: 'DAR', rate: '3', page: '2', sort: 'stato,desc' });
    expect(params).toEqual({ stato: 'Inviato', tipo: 'DAR', rate: 3, page: 2, sort: 'stato,desc' });
    expect(toChecklistSearch(params)).toEqual({ stato: 'Inviato', tipo: 'DAR', rate: 3, page: 2, sort: 'stato,desc' });
    expect(toChecklistSearch({ page: 0 })).toEqual({});
  });
});
