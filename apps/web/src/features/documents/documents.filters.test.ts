import type { DocumentTreeNode } from '@ricambi/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http.ts';
import {
  appliedFiltersText,
  brandOf,
  categoryChain,
  categoryKeyOf,
  filterErrorsOf,
  filtersOf,
  languageOf,
  parentKeysOf,
  parseDocumentSearch,
  readerOf,
  toDocumentSearch,
  treePathText,
  treePathTitles,
  withCategory,
  withFilters,
} from './documents.filters.ts';

const DEALER = readerOf(['ROLE_USER', 'ROLE_CR_USER'], 'en');
const INTERNAL = readerOf(['ROLE_USER', 'ROLE_CR_INTERNAL'], 'it');
const MANAGER = readerOf(['ROLE_USER', 'ROLE_MANAGER'], 'de');
const BRANDS = ['eurocomach', 'tracks'];

const node = (key: string, it: string, nodes: DocumentTreeNode['nodes'] = []): DocumentTreeNode => ({
  key,
  chiave: key.split('/').at(-1) ?? key,
  titolo: { it, en: `${it} (en)` },
  count: 1,
  nodes,
});
const TREE: DocumentTreeNode[] = [
  node('MAN', 'Manuali', [
    { ...node('MAN/USO', 'Uso e manutenzione'), nodes: [{ ...node('MAN/USO/MOT', 'Motore'), nodes: [] }] },
  ]),
  node('CAT', 'Cataloghi'),
];

describe('the reader', () => {
  it('tells who may pick every brand and who is a manager', () => {
    expect(DEALER).toEqual({ anyBrand: false, manager: false, language: 'en' });
    expect(INTERNAL).toEqual({ anyBrand: true, manager: false, language: 'it' });
    expect(MANAGER).toEqual({ anyBrand: true, manager: true, language: 'de' });
    expect(readerOf(undefined, 'xx').language).toBe('it');
  });
});

describe('the address', () => {
  it('reads the filters, upper-casing the serial and dropping what is malformed', () => {
    expect(
      parseDocumentSearch({
        serial: ' ec35a00001 ',
        brand: 'eurocomach',
        tipoDocumento: 'MAN',
        lingua: 'fr',
        term: ' pompa ',
        categoria1: 'MAN',
        categoria2: 'USO',
        page: '2',
      }),
    ).toEqual({
      serial: 'EC35A00001',
      brand: 'eurocomach',
      tipoDocumento: 'MAN',
      lingua: 'fr',
      term: 'pompa',
      categoria1: 'MAN',
      categoria2: 'USO',
      page: 2,
    });
    expect(
      parseDocumentSearch({
        brand: 'Euro Comach',
        lingua: 'xx',
        serial: 'X'.repeat(21),
        categoria2: 'USO',
        page: -1,
      }),
    ).toEqual({ page: 0 });
    // The router reads ?serial=12345 as a number.
    expect(parseDocumentSearch({ serial: 12345, lingua: 'all', brand: 'ALL' })).toEqual({
      serial: '12345',
      lingua: 'all',
      brand: 'ALL',
      page: 0,
    });
  });

  it('writes only what is set, and reads back what it wrote', () => {
    expect(toDocumentSearch({ page: 0 })).toEqual({});
    const address = { serial: 'EC35A00001', lingua: 'all' as const, categoria1: 'MAN', page: 3 };
    expect(toDocumentSearch(address)).toEqual(address);
    expect(parseDocumentSearch(toDocumentSearch(address))).toEqual(address);
  });

  it('goes back to the first page on a change, and leaves the category for another brand or serial', () => {
    const address = { brand: 'eurocomach', term: 'pompa', categoria1: 'MAN', categoria2: 'USO', page: 4 };
    expect(withFilters(address, { term: 'filtro' })).toEqual({ ...address, term: 'filtro', page: 0 });
    expect(withFilters(address, { term: undefined })).toEqual({
      brand: 'eurocomach',
      categoria1: 'MAN',
      categoria2: 'USO',
      page: 0,
    });
    expect(withFilters(address, { tipoDocumento: 'CAT', lingua: 'en' })).toMatchObject({ categoria1: 'MAN' });
    expect(withFilters(address, { brand: 'tracks' })).toEqual({ brand: 'tracks', term: 'pompa', page: 0 });
    expect(withFilters(address, { serial: 'EC35A00001' })).toEqual({
      brand: 'eurocomach',
      term: 'pompa',
      serial: 'EC35A00001',
      page: 0,
    });
    expect(withFilters(address, { brand: 'eurocomach' })).toMatchObject({ categoria2: 'USO' });
  });

  it('chooses a category from the top, or none', () => {
    const address = { term: 'x', categoria1: 'CAT', page: 2 };
    const chosen = withCategory(address, ['MAN', 'USO', 'MOT']);
    expect(chosen).toEqual({ term: 'x', categoria1: 'MAN', categoria2: 'USO', categoria3: 'MOT', page: 0 });
    expect(categoryChain(chosen)).toEqual(['MAN', 'USO', 'MOT']);
    expect(categoryKeyOf(chosen)).toBe('MAN/USO/MOT');
    expect(withCategory(chosen, [])).toEqual({ term: 'x', page: 0 });
    expect(categoryKeyOf({ page: 0 })).toBeUndefined();
  });
});

describe('the filters sent', () => {
  it('start with ALL for staff and the first brand for everyone else', () => {
    expect(brandOf({ page: 0 }, INTERNAL, BRANDS)).toBe('ALL');
    expect(brandOf({ page: 0 }, MANAGER, BRANDS)).toBe('ALL');
    expect(brandOf({ page: 0 }, DEALER, BRANDS)).toBe('eurocomach');
    expect(brandOf({ page: 0 }, DEALER, [])).toBeUndefined();
    // ALL in the address is not the dealer's to have.
    expect(brandOf({ brand: 'ALL', page: 0 }, DEALER, BRANDS)).toBe('eurocomach');
    expect(brandOf({ brand: 'tracks', page: 0 }, DEALER, BRANDS)).toBe('tracks');
  });

  it("start with the reader's language, every language for a manager", () => {
    expect(languageOf({ page: 0 }, DEALER)).toBe('en');
    expect(languageOf({ page: 0 }, MANAGER)).toBe('all');
    expect(languageOf({ lingua: 'it', page: 0 }, MANAGER)).toBe('it');
    expect(filtersOf({ page: 0 }, MANAGER, BRANDS)).toEqual({ brand: 'ALL', lingua: '' });
    expect(filtersOf({ lingua: 'all', page: 0 }, DEALER, BRANDS)).toEqual({ brand: 'eurocomach', lingua: '' });
  });

  it('leave the brand to the serial when one is given', () => {
    expect(
      filtersOf({ serial: 'EC35A00001', brand: 'tracks', tipoDocumento: 'MAN', term: 'olio', page: 0 }, DEALER, BRANDS),
    ).toEqual({ serial: 'EC35A00001', tipoDocumento: 'MAN', term: 'olio', lingua: 'en' });
  });
});

describe('the tree path', () => {
  it("names the chosen category from the top in the reader's language", () => {
    expect(treePathTitles(TREE, ['MAN', 'USO', 'MOT'], 'it')).toEqual(['Manuali', 'Uso e manutenzione', 'Motore']);
    expect(treePathTitles(TREE, ['MAN'], 'en')).toEqual(['Manuali (en)']);
    expect(treePathTitles(TREE, ['MAN', 'GONE'], 'it')).toEqual(['Manuali']);
    expect(treePathTitles(TREE, [], 'it')).toEqual([]);
    expect(parentKeysOf(['MAN', 'USO', 'MOT'])).toEqual(['MAN', 'MAN/USO']);
    expect(parentKeysOf(['MAN'])).toEqual([]);
  });

  it('is kept by the download log with the filters', () => {
    expect(treePathText(['Manuali', 'Uso e manutenzione'])).toBe('Manuali > Uso e manutenzione');
    expect(treePathText([])).toBeUndefined();
    expect(JSON.parse(appliedFiltersText({ brand: 'ALL', lingua: '' }, ['MAN', 'USO']))).toEqual({
      brand: 'ALL',
      lingua: '',
      categoria1: 'MAN',
      categoria2: 'USO',
    });
  });
});

describe("the server's field errors", () => {
  const t = (key: string, params?: Record<string, string | number>) => `${key}${params ? JSON.stringify(params) : ''}`;
  it('are put under the filter they name', () => {
    const error = new ApiError(400, '/api/crDocumentistree', 'GET', {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      message: 'error.validation',
      fieldErrors: [
        { field: 'serial', message: 'documenti.error.serialNotFound', params: { serial: 'ZZ9' } },
        { field: 'page', message: 'validation.invalid' },
      ],
    });
    expect(filterErrorsOf(error, t)).toEqual({ serial: 'documenti.error.serialNotFound{"serial":"ZZ9"}' });
    expect(filterErrorsOf(new ApiError(500, '/x', 'GET'), t)).toEqual({});
    expect(filterErrorsOf(null, t)).toEqual({});
  });
});
