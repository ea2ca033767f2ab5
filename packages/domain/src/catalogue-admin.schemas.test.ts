import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import {
  articoloArticoloInputSchema,
  articoloCreateSchema,
  articoloDescrizione,
  articoloEquivInputSchema,
  articoloUpdateSchema,
  categoriaInputSchema,
  marchioInputSchema,
  tipoCategoriaInputSchema,
} from './catalogue-admin.schemas.ts';
import { toFieldErrors } from './problem.schemas.ts';

const errorsOf = (schema: ZodType, v: unknown) => {
  const result = schema.safeParse(v);
  return result.success ? {} : Object.fromEntries(toFieldErrors(result.error.issues).map((e) => [e.field, e.message]));
};

const articolo = {
  id: 1001,
  articolo: 'ABC-1',
  prezzo: 10,
  tipoArticolo: 'R',
  tipoArticoloOrig: 'T',
  gruppoMerceologico: 'RIC',
  peso: 1,
};

describe('catalogue master data (spec 3 §5)', () => {
  it('categoria: nome and descrizione required, slug letters, digits, underscore and hyphen', () => {
    expect(errorsOf(categoriaInputSchema, {})).toEqual({
      nome: 'validation.required',
      descrizione: 'validation.required',
    });
    expect(errorsOf(categoriaInputSchema, { nome: 'a', descrizione: 'b', slug: 'Filtri_olio-2' })).toEqual({});
    expect(errorsOf(categoriaInputSchema, { nome: 'a', descrizione: 'b', slug: '' })).toEqual({});
    for (const slug of ['con spazio', 'accentò', 'a/b', 'x.y'])
      expect(errorsOf(categoriaInputSchema, { nome: 'a', descrizione: 'b', slug })).toEqual({
        slug: 'catalogueAdmin.validation.slug',
      });
  });

  it('tipoCategoria and marchio: required texts within the column limits', () => {
    expect(errorsOf(tipoCategoriaInputSchema, { nome: '', descrizione: 'x' })).toEqual({ nome: 'validation.required' });
    expect(errorsOf(marchioInputSchema, { descrizione: 'x'.repeat(101) })).toEqual({
      descrizione: 'validation.maxlength',
    });
  });

  it('articolo: the required fields, tipoArticolo G/M/R and tipoArticoloOrig 0/T', () => {
    expect(errorsOf(articoloCreateSchema, articolo)).toEqual({});
    for (const tipo of ['G', 'M', 'R'])
      expect(errorsOf(articoloCreateSchema, { ...articolo, tipoArticolo: tipo })).toEqual({});
    expect(errorsOf(articoloCreateSchema, { ...articolo, tipoArticolo: 'X', tipoArticoloOrig: '1' })).toEqual({
      tipoArticolo: 'validation.invalid',
      tipoArticoloOrig: 'validation.invalid',
    });
    expect(errorsOf(articoloCreateSchema, { ...articolo, tipoArticolo: '', gruppoMerceologico: '' })).toEqual({
      tipoArticolo: 'validation.required',
      gruppoMerceologico: 'validation.required',
    });
    // The id is entered on create only.
    expect(errorsOf(articoloCreateSchema, { ...articolo, id: undefined })).toEqual({ id: 'validation.required' });
    expect(articoloUpdateSchema.parse(articolo)).not.toHaveProperty('id');
  });

  it('articoloArticolo: quantita and livelloImpiego at least 1, tipo required', () => {
    const rel = { padreId: 1, figlioId: 2, quantita: 1, tipo: 0, livelloImpiego: 1 };
    expect(errorsOf(articoloArticoloInputSchema, rel)).toEqual({});
    expect(errorsOf(articoloArticoloInputSchema, { ...rel, quantita: 0.5, livelloImpiego: 0, tipo: null })).toEqual({
      quantita: 'validation.min',
      livelloImpiego: 'validation.min',
      tipo: 'validation.required',
    });
  });

  it('articoloEquiv: equiv required, relazione ALT or OEM', () => {
    expect(errorsOf(articoloEquivInputSchema, { articoloId: 1, equiv: ' ', relazione: 'XYZ' })).toEqual({
      equiv: 'validation.required',
      relazione: 'validation.invalid',
    });
  });

  it('describes an article in the language asked, else Italian, else the plain description', () => {
    const a = { descrizione: 'Filtro', localizedDescrizione: { it: 'Filtro olio', de: 'Ölfilter' } };
    expect(articoloDescrizione(a, 'de')).toBe('Ölfilter');
    expect(articoloDescrizione(a, 'en')).toBe('Filtro olio');
    expect(articoloDescrizione({ descrizione: 'Filtro', localizedDescrizione: {} }, 'en')).toBe('Filtro');
  });
});
