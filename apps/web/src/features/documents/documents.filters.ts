import {
  type Authority,
  DOCUMENT_ADMIN_ROLES,
  DOCUMENT_BRAND_ALL,
  DOCUMENT_BRAND_PATTERN,
  DOCUMENT_LIMITS,
  type DocumentFilters,
  type DocumentTreeNode,
  hasAnyAuthority,
  isLanguage,
  type Language,
  type LocalizedTexts,
  localizedText,
} from '@ricambi/domain';
import { ApiError } from '../../api/http.ts';

// ---------------------------------------------------------------------------------------------
// Who reads: the defaults of the filters depend on it (spec 2 §6)
// ---------------------------------------------------------------------------------------------

/** Spec 2 §6: internal staff may pick every brand at once (ALL); managers too, as they publish for every brand. */
export const ANY_BRAND_ROLES: readonly Authority[] = ['ROLE_CR_INTERNAL', 'ROLE_MANAGER'];

/** What the library needs to know of its reader. */
export type DocumentReader = {
  /** Offered ALL, and starts with it. */
  anyBrand: boolean;
  /** Starts with every language and sees the documents' validity, id and flags. */
  manager: boolean;
  /** The language the reader reads the portal in. */
  language: Language;
};

export const readerOf = (authorities: readonly string[] | undefined, language: string): DocumentReader => ({
  anyBrand: hasAnyAuthority(authorities, ANY_BRAND_ROLES),
  manager: hasAnyAuthority(authorities, DOCUMENT_ADMIN_ROLES),
  language: isLanguage(language) ? language : 'it',
});

// ---------------------------------------------------------------------------------------------
// The filters in the address (/documenti?serial&brand&tipoDocumento&lingua&term&categoria1..3&page)
// ---------------------------------------------------------------------------------------------

/** Every language, in the address and in the language select (the API's `lingua=` empty). */
export const ALL_LANGUAGES = 'all';
export type LanguageChoice = Language | typeof ALL_LANGUAGES;

/** The library as the address holds it: only what the reader chose; the defaults are not written. */
export type DocumentAddress = {
  brand?: string;
  tipoDocumento?: string;
  lingua?: LanguageChoice;
  serial?: string;
  term?: string;
  categoria1?: string;
  categoria2?: string;
  categoria3?: string;
  /** Zero-based. */
  page: number;
};

/** The router reads `?serial=12345` as a number and `?term=true` as a boolean: every value is read as text. */
const textOf = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value).trim() : '';

const limited = (value: unknown, max: number) => {
  const text = textOf(value);
  return text && text.length <= max ? text : undefined;
};

/** The filters read from the address; anything unknown or malformed is left out (its default applies). */
export const parseDocumentSearch = (search: Record<string, unknown>): DocumentAddress => {
  const address: DocumentAddress = { page: 0 };
  const brand = limited(search.brand, DOCUMENT_LIMITS.brand);
  if (brand && (brand === DOCUMENT_BRAND_ALL || DOCUMENT_BRAND_PATTERN.test(brand))) address.brand = brand;
  const tipo = limited(search.tipoDocumento, DOCUMENT_LIMITS.comboKey);
  if (tipo) address.tipoDocumento = tipo;
  const lingua = textOf(search.lingua);
  if (lingua === ALL_LANGUAGES || isLanguage(lingua)) address.lingua = lingua;
  const serial = limited(search.serial, DOCUMENT_LIMITS.serial);
  if (serial) address.serial = serial.toUpperCase();
  const term = limited(search.term, DOCUMENT_LIMITS.term);
  if (term) address.term = term;
  const c1 = limited(search.categoria1, DOCUMENT_LIMITS.comboKey);
  const c2 = c1 ? limited(search.categoria2, DOCUMENT_LIMITS.comboKey) : undefined;
  const c3 = c2 ? limited(search.categoria3, DOCUMENT_LIMITS.comboKey) : undefined;
  if (c1) address.categoria1 = c1;
  if (c2) address.categoria2 = c2;
  if (c3) address.categoria3 = c3;
  const page = Number(textOf(search.page));
  if (Number.isSafeInteger(page) && page > 0) address.page = page;
  return address;
};

const ADDRESS_KEYS = [
  'brand',
  'tipoDocumento',
  'lingua',
  'serial',
  'term',
  'categoria1',
  'categoria2',
  'categoria3',
] as const;

/** The address of the library: only what is set, so that /documenti is the reader's default view. */
export const toDocumentSearch = (address: DocumentAddress): Record<string, string | number> => {
  const search: Record<string, string | number> = {};
  for (const key of ADDRESS_KEYS) {
    const value = address[key];
    if (value) search[key] = value;
  }
  if (address.page > 0) search.page = address.page;
  return search;
};

/** The filters a change touches: brand and serial change the whole set of documents. */
export type FilterChange = Partial<Pick<DocumentAddress, (typeof ADDRESS_KEYS)[number]>>;

/**
 * A change of filters goes back to the first page; a filter set to nothing is dropped. Another brand
 * or serial leaves the chosen category too (its documents are others); type, language and text keep it.
 */
export const withFilters = (address: DocumentAddress, change: FilterChange): DocumentAddress => {
  const next: DocumentAddress = { ...address, ...change, page: 0 };
  for (const [key, value] of Object.entries(change))
    if (value === undefined || value === '') delete next[key as keyof FilterChange];
  const moved = (key: 'brand' | 'serial') => key in change && (change[key] || undefined) !== address[key];
  if (moved('brand') || moved('serial')) {
    delete next.categoria1;
    delete next.categoria2;
    delete next.categoria3;
  }
  return next;
};

/** The chosen category: its keys from the top (none: every category), on the first page. */
export const withCategory = (address: DocumentAddress, chain: readonly string[]): DocumentAddress => {
  const { categoria1: _1, categoria2: _2, categoria3: _3, ...rest } = address;
  const [c1, c2, c3] = chain;
  return {
    ...rest,
    page: 0,
    ...(c1 ? { categoria1: c1 } : {}),
    ...(c1 && c2 ? { categoria2: c2 } : {}),
    ...(c1 && c2 && c3 ? { categoria3: c3 } : {}),
  };
};

/** The chosen category's keys from the top. */
export const categoryChain = (address: DocumentAddress): string[] =>
  [address.categoria1, address.categoria2, address.categoria3].filter((k): k is string => Boolean(k));

/** The tree's key of the chosen category (`categoria1[/categoria2[/categoria3]]`, as the server builds it). */
export const categoryKeyOf = (address: DocumentAddress): string | undefined =>
  categoryChain(address).join('/') || undefined;

// ---------------------------------------------------------------------------------------------
// The filters as the API takes them
// ---------------------------------------------------------------------------------------------

/** Spec 2 §6: ALL for who may pick every brand, the first brand for everyone else. */
export const defaultBrand = (reader: DocumentReader, brands: readonly string[]): string | undefined =>
  reader.anyBrand ? DOCUMENT_BRAND_ALL : brands[0];

/** The brand the select shows: the address's when the reader may have it, else the default. */
export const brandOf = (address: DocumentAddress, reader: DocumentReader, brands: readonly string[]) =>
  address.brand && (address.brand !== DOCUMENT_BRAND_ALL || reader.anyBrand)
    ? address.brand
    : defaultBrand(reader, brands);

/** The language the select shows: a manager starts with every language, everyone else with their own. */
export const languageOf = (address: DocumentAddress, reader: DocumentReader): LanguageChoice =>
  address.lingua ?? (reader.manager ? ALL_LANGUAGES : reader.language);

/**
 * The filters sent to the tree and to the results. With a serial the machine decides (the server
 * ignores the brand), so no brand is sent then. `lingua` is always sent: empty is every language.
 */
export const filtersOf = (
  address: DocumentAddress,
  reader: DocumentReader,
  brands: readonly string[],
): DocumentFilters => {
  const lingua = languageOf(address, reader);
  const filters: DocumentFilters = { lingua: lingua === ALL_LANGUAGES ? '' : lingua };
  if (address.serial) filters.serial = address.serial;
  else {
    const brand = brandOf(address, reader, brands);
    if (brand) filters.brand = brand;
  }
  if (address.tipoDocumento) filters.tipoDocumento = address.tipoDocumento;
  if (address.term) filters.term = address.term;
  return filters;
};

// ---------------------------------------------------------------------------------------------
// The category tree
// ---------------------------------------------------------------------------------------------

type TreeNode = { chiave: string; titolo: LocalizedTexts; nodes: readonly TreeNode[] };

/** The nodes from the top down to the chosen category; shorter when the tree does not hold it. */
export const nodesOnPath = (nodes: readonly DocumentTreeNode[], chain: readonly string[]): TreeNode[] => {
  const path: TreeNode[] = [];
  let level: readonly TreeNode[] = nodes;
  for (const chiave of chain) {
    const node = level.find((n) => n.chiave === chiave);
    if (!node) break;
    path.push(node);
    level = node.nodes;
  }
  return path;
};

/** The chosen category's titles from the top in the reader's language ("Manuali > Uso e manutenzione"). */
export const treePathTitles = (nodes: readonly DocumentTreeNode[], chain: readonly string[], lang: string) =>
  nodesOnPath(nodes, chain).map((n) => localizedText(n.titolo, lang));

/** The tree keys of the chosen category's parents, to open them (`a`, `a/b` for `a/b/c`). */
export const parentKeysOf = (chain: readonly string[]) =>
  chain.slice(0, -1).map((_, i) => chain.slice(0, i + 1).join('/'));

// ---------------------------------------------------------------------------------------------
// The download's log (spec 2 §7)
// ---------------------------------------------------------------------------------------------

/** What the download log keeps of the filters: the API's filters and the chosen category, as JSON. */
export const appliedFiltersText = (filters: DocumentFilters, chain: readonly string[]) => {
  const [categoria1, categoria2, categoria3] = chain;
  const text = JSON.stringify({ ...filters, categoria1, categoria2, categoria3 });
  return text.length <= DOCUMENT_LIMITS.filtri ? text : text.slice(0, DOCUMENT_LIMITS.filtri);
};

/** The tree path the log keeps: the chosen category's, else the document's own categories. */
export const treePathText = (titles: readonly string[]) =>
  titles.join(' > ').slice(0, DOCUMENT_LIMITS.albero) || undefined;

// ---------------------------------------------------------------------------------------------
// The server's field errors on the filters
// ---------------------------------------------------------------------------------------------

/** The filters a field error of the tree or of the results can name; the page shows it under that filter. */
export const FILTER_FIELDS = ['brand', 'tipoDocumento', 'lingua', 'serial', 'term'] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

/** The messages of the field errors that name a filter, translated; none when the failure is another. */
export const filterErrorsOf = (
  error: unknown,
  t: (key: string, params?: Record<string, string | number>) => string,
): Partial<Record<FilterField, string>> => {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const errors: Partial<Record<FilterField, string>> = {};
  for (const f of error.problem?.fieldErrors ?? [])
    if ((FILTER_FIELDS as readonly string[]).includes(f.field))
      errors[f.field as FilterField] ??= t(f.message, f.params ?? {});
  return errors;
};
