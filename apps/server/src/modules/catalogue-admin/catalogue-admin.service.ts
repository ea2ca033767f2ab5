import {
  type ArticoloArticoloInput,
  type ArticoloCreateInput,
  type ArticoloEquivInput,
  type ArticoloUpdateInput,
  CATALOGUE_STAFF_ROLES,
  type CategoriaInput,
  COUNT_UNIT,
  type ComboVociInput,
  compactLocalized,
  hasAnyAuthority,
  type Language,
  type MarchioInput,
  type SearchLogInput,
  type TipoCategoriaInput,
} from '@ricambi/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  appUser,
  articolo,
  articoloEquiv,
  categoria,
  comboVoci,
  marchio,
  tipoCategoria,
} from '../../db/schema/index.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { languageOfPrincipal } from '../../platform/language.ts';
import type { Principal } from '../../platform/sessions.ts';
import { reindexArticles } from '../search/search.contract.ts';
import { toBomChild, toBomInfo, toBomParent, toEquivalent } from './catalogue-admin.mapper.ts';
import {
  bomChildren,
  bomInfo,
  bomParents,
  categoriaAncestors,
  equivalentsOf,
  existingIds,
  exists,
  setCategories,
  taken,
} from './catalogue-admin.repository.ts';

/** An emptied optional field is stored as null. */
const blank = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);
const orNull = <T>(v: T | null | undefined) => (v === undefined ? null : v);
const localized = (v: Record<string, string | null | undefined> | null | undefined) => compactLocalized(v ?? {});

const UNKNOWN = 'catalogueAdmin.validation.unknown';

/** A chosen reference must exist: a field error, not the database's foreign-key failure. */
const requireRef = async (
  tx: DbOrTx,
  field: string,
  id: number | null | undefined,
  table: Parameters<typeof exists>[1],
  column: Parameters<typeof exists>[2],
) => {
  if (id !== null && id !== undefined && !(await exists(tx, table, column, id))) throw fieldError(field, UNKNOWN);
};

export const tipoCategoriaColumns = (input: TipoCategoriaInput) => ({
  nome: input.nome,
  descrizione: input.descrizione,
});

export const categoriaColumns = async (tx: DbOrTx, input: CategoriaInput, existingId?: number) => {
  const slug = blank(input.slug);
  if (slug && (await taken(tx, categoria, categoria.slug, slug, categoria.id, existingId)))
    throw fieldError('slug', 'catalogueAdmin.validation.slugTaken');
  await requireRef(tx, 'padreId', input.padreId, categoria, categoria.id);
  await requireRef(tx, 'tipoCategoriaId', input.tipoCategoriaId, tipoCategoria, tipoCategoria.id);
  // A category cannot sit below itself or below one of its own descendants.
  if (existingId !== undefined && input.padreId) {
    if ((await categoriaAncestors(tx, input.padreId)).includes(existingId))
      throw fieldError('padreId', 'catalogueAdmin.validation.cycle');
  }
  return {
    nome: input.nome,
    descrizione: input.descrizione,
    descrizioneEstesa: blank(input.descrizioneEstesa),
    codImmagine: blank(input.codImmagine),
    slug,
    ordine: orNull(input.ordine),
    visibile: input.visibile ?? true,
    padreId: orNull(input.padreId),
    tipoCategoriaId: orNull(input.tipoCategoriaId),
    localizedNome: localized(input.localizedNome),
  };
};

export const marchioColumns = async (tx: DbOrTx, input: MarchioInput, existingId?: number) => {
  if (await taken(tx, marchio, marchio.descrizione, input.descrizione, marchio.id, existingId))
    throw fieldError('descrizione', 'catalogueAdmin.validation.marchioTaken');
  return { descrizione: input.descrizione, codImmagine: blank(input.codImmagine), visibile: input.visibile ?? true };
};

const categorieChecked = async (tx: DbOrTx, ids: readonly number[] | undefined) => {
  if (!ids?.length) return;
  const found = await existingIds(tx, categoria, categoria.id, ids);
  if (ids.some((id) => !found.has(id))) throw fieldError('categoriaIds', UNKNOWN);
};

/** The columns of an article; the code must be free and the brand and categories must exist. */
export const articoloColumns = async (tx: DbOrTx, input: ArticoloUpdateInput, existingId?: number) => {
  if (await taken(tx, articolo, articolo.articolo, input.articolo, articolo.id, existingId))
    throw fieldError('articolo', 'catalogueAdmin.validation.codeTaken');
  await requireRef(tx, 'marchioId', input.marchioId, marchio, marchio.id);
  await categorieChecked(tx, input.categoriaIds);
  return {
    articolo: input.articolo,
    descrizione: blank(input.descrizione),
    descrizioneEstesa: blank(input.descrizioneEstesa),
    codImmagine: blank(input.codImmagine),
    keywords: blank(input.keywords),
    note: blank(input.note),
    ordine: orNull(input.ordine),
    prezzo: input.prezzo,
    tipoArticolo: input.tipoArticolo,
    tipoArticoloOrig: input.tipoArticoloOrig,
    gruppoMerceologico: input.gruppoMerceologico,
    peso: input.peso,
    unitaMisura: blank(input.unitaMisura) ?? COUNT_UNIT,
    tag1: blank(input.tag1),
    tag2: blank(input.tag2),
    tag3: blank(input.tag3),
    tag4: blank(input.tag4),
    tag5: blank(input.tag5),
    tag6: blank(input.tag6),
    ordinabile: input.ordinabile ?? true,
    visibile: input.visibile ?? true,
    dataFineValidita: blank(input.dataFineValidita),
    classeMercWeb: blank(input.classeMercWeb),
    classeMercWebSort: orNull(input.classeMercWebSort),
    marchioId: orNull(input.marchioId),
    localizedDescrizione: localized(input.localizedDescrizione),
    localizedDescrizioneEstesa: localized(input.localizedDescrizioneEstesa),
    localizedClasseMercWeb: localized(input.localizedClasseMercWeb),
    matricole: blank(input.matricole),
    cingoloInGomma: input.cingoloInGomma ?? false,
    datiTecnici: blank(input.datiTecnici),
    localizedDatiTecnici: localized(input.localizedDatiTecnici),
    // The transaction's time, as the search data's indexed_at: reindexChanged sees it up to date.
    dataUltimaModifica: sql`now()`,
  };
};

export const articoloInsert = async (tx: DbOrTx, input: ArticoloCreateInput) => {
  if (await exists(tx, articolo, articolo.id, input.id)) throw fieldError('id', 'catalogueAdmin.validation.idTaken');
  return { id: input.id, ...(await articoloColumns(tx, input)), dataCreazione: sql`now()` };
};

/** After an article is written: its categories (when sent) and its search data. */
export const articoloWritten = async (tx: DbOrTx, id: number, categoriaIds: readonly number[] | undefined) => {
  if (categoriaIds !== undefined) await setCategories(tx, id, categoriaIds);
  await reindexArticles(tx, [id]);
};

export const articoloArticoloColumns = async (tx: DbOrTx, input: ArticoloArticoloInput) => {
  await requireRef(tx, 'padreId', input.padreId, articolo, articolo.id);
  await requireRef(tx, 'figlioId', input.figlioId, articolo, articolo.id);
  if (input.padreId === input.figlioId) throw fieldError('figlioId', 'catalogueAdmin.validation.sameArticle');
  return {
    padreId: input.padreId,
    figlioId: input.figlioId,
    quantita: input.quantita,
    tipo: input.tipo,
    livelloImpiego: input.livelloImpiego,
    relazione: blank(input.relazione),
    origine: blank(input.origine),
  };
};

export const articoloEquivColumns = async (tx: DbOrTx, input: ArticoloEquivInput) => {
  await requireRef(tx, 'articoloId', input.articoloId, articolo, articolo.id);
  await requireRef(tx, 'marchioId', input.marchioId, marchio, marchio.id);
  return {
    articoloId: input.articoloId,
    equiv: input.equiv,
    relazione: input.relazione,
    note: blank(input.note),
    ordine: orNull(input.ordine),
    marchioId: orNull(input.marchioId),
  };
};

/** OEM codes are part of an article's search data: its owner is reindexed after a change. */
export const equivRemoved = async (tx: DbOrTx, id: number, articoloId: number) => {
  await tx.delete(articoloEquiv).where(eq(articoloEquiv.id, id));
  await reindexArticles(tx, [articoloId]);
};

export const searchLogColumns = async (tx: DbOrTx, input: SearchLogInput) => {
  await requireRef(tx, 'userId', input.userId, appUser, appUser.id);
  return {
    tipo: input.tipo,
    url: blank(input.url),
    params: blank(input.params),
    numRisultati: orNull(input.numRisultati),
    username: blank(input.username),
    dataRichiesta: input.dataRichiesta ? new Date(input.dataRichiesta) : new Date(),
    userAgent: blank(input.userAgent),
    remoteIp: blank(input.remoteIp),
    userId: orNull(input.userId),
  };
};

export const comboVociColumns = async (tx: DbOrTx, input: ComboVociInput, existingId?: number) => {
  const same = and(eq(comboVoci.tipo, input.tipo), eq(comboVoci.chiave, input.chiave));
  const rows = await tx.select({ id: comboVoci.id }).from(comboVoci).where(same).limit(2);
  if (rows.some((r) => r.id !== existingId)) throw fieldError('chiave', 'catalogueAdmin.validation.comboTaken');
  return {
    tipo: input.tipo,
    chiave: input.chiave,
    descrizione: localized(input.descrizione),
    ordine: orNull(input.ordine),
  };
};

type RelationPage = { lang?: Language; page: number; size: number };

/**
 * The relation calls the article page reads (spec 3 §7): bill of materials, where a part is used,
 * equivalents; hidden articles only for catalogue staff, texts in the language asked.
 */
export const createCatalogueRelationsService = (db: Db) => {
  const isStaff = (principal: Principal) => hasAnyAuthority(principal.authorities, CATALOGUE_STAFF_ROLES);
  const languageFor = (principal: Principal, lang?: Language) => lang ?? languageOfPrincipal(principal);
  return {
    children: async (principal: Principal, padreId: number, q: RelationPage & { origine?: string }) => {
      const result = await bomChildren(db, {
        padreId,
        origine: q.origine,
        lang: languageFor(principal, q.lang),
        staff: isStaff(principal),
        page: q.page,
        size: q.size,
      });
      return { items: result.items.map(toBomChild), total: result.total };
    },
    parents: async (principal: Principal, figlioId: number, q: RelationPage) => {
      const result = await bomParents(db, {
        figlioId,
        lang: languageFor(principal, q.lang),
        page: q.page,
        size: q.size,
      });
      return { items: result.items.map(toBomParent), total: result.total };
    },
    info: async (principal: Principal, id: number, lang?: Language) => {
      const row = await bomInfo(db, id, languageFor(principal, lang), isStaff(principal));
      if (!row) throw notFound();
      return toBomInfo(row);
    },
    equivalents: async (principal: Principal, articoloId: number, lang?: Language) =>
      (await equivalentsOf(db, articoloId, languageFor(principal, lang), isStaff(principal))).map(toEquivalent),
  };
};
