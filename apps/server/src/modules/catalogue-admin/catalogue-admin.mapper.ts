import type {
  ArticoloAdmin,
  BomChild,
  BomInfo,
  BomParent,
  CategoriaAdmin,
  ComboVociAdmin,
  Equivalent,
  MarchioAdmin,
  RelationArticolo,
  SearchLogAdmin,
  TipoCategoriaAdmin,
} from '@ricambi/domain';
import type {
  articolo,
  articoloArticolo,
  articoloEquiv,
  categoria,
  comboVoci,
  marchio,
  searchLog,
  tipoCategoria,
} from '../../db/schema/index.ts';
import { type BomRow, type EquivRow, summaryOf } from './catalogue-admin.repository.ts';

export type TipoCategoriaRow = typeof tipoCategoria.$inferSelect;
export type CategoriaRow = typeof categoria.$inferSelect;
export type MarchioRow = typeof marchio.$inferSelect;
export type ArticoloRow = typeof articolo.$inferSelect;
export type ArticoloArticoloRow = typeof articoloArticolo.$inferSelect;
export type ArticoloEquivRow = typeof articoloEquiv.$inferSelect;
export type SearchLogRow = typeof searchLog.$inferSelect;
export type ComboVociRow = typeof comboVoci.$inferSelect;

type Named = { id: number; nome: string };
type Brand = { id: number; descrizione: string };

const audit = (r: {
  createdBy: string;
  createdDate: Date;
  lastModifiedBy: string | null;
  lastModifiedDate: Date | null;
}) => ({
  createdBy: r.createdBy,
  createdDate: r.createdDate.toISOString(),
  lastModifiedBy: r.lastModifiedBy,
  lastModifiedDate: r.lastModifiedDate?.toISOString() ?? null,
});

export const toTipoCategoria = (r: TipoCategoriaRow): TipoCategoriaAdmin => ({
  id: r.id,
  nome: r.nome,
  descrizione: r.descrizione,
  ...audit(r),
});

export const toCategoria = (
  r: CategoriaRow,
  names: { categorie: Map<number, Named>; tipi: Map<number, Named> },
): CategoriaAdmin => ({
  id: r.id,
  nome: r.nome,
  descrizione: r.descrizione,
  descrizioneEstesa: r.descrizioneEstesa,
  codImmagine: r.codImmagine,
  slug: r.slug,
  ordine: r.ordine,
  visibile: r.visibile,
  padreId: r.padreId,
  padre: r.padreId === null ? null : (names.categorie.get(r.padreId) ?? null),
  tipoCategoriaId: r.tipoCategoriaId,
  tipoCategoria: r.tipoCategoriaId === null ? null : (names.tipi.get(r.tipoCategoriaId) ?? null),
  localizedNome: r.localizedNome ?? {},
  ...audit(r),
});

export const toMarchio = (r: MarchioRow): MarchioAdmin => ({
  id: r.id,
  descrizione: r.descrizione,
  codImmagine: r.codImmagine,
  visibile: r.visibile,
  ...audit(r),
});

export const toArticolo = (
  r: ArticoloRow,
  marchi: Map<number, Brand>,
  categorie: Map<number, Named[]>,
): ArticoloAdmin => {
  const lists = categorie.get(r.id) ?? [];
  return {
    id: r.id,
    articolo: r.articolo,
    descrizione: r.descrizione,
    descrizioneEstesa: r.descrizioneEstesa,
    codImmagine: r.codImmagine,
    keywords: r.keywords,
    note: r.note,
    ordine: r.ordine,
    prezzo: Number(r.prezzo),
    tipoArticolo: r.tipoArticolo,
    tipoArticoloOrig: r.tipoArticoloOrig,
    gruppoMerceologico: r.gruppoMerceologico,
    peso: Number(r.peso),
    unitaMisura: r.unitaMisura,
    tag1: r.tag1,
    tag2: r.tag2,
    tag3: r.tag3,
    tag4: r.tag4,
    tag5: r.tag5,
    tag6: r.tag6,
    ordinabile: r.ordinabile,
    visibile: r.visibile,
    dataCreazione: r.dataCreazione.toISOString(),
    dataUltimaModifica: r.dataUltimaModifica.toISOString(),
    dataFineValidita: r.dataFineValidita,
    classeMercWeb: r.classeMercWeb,
    classeMercWebSort: r.classeMercWebSort,
    marchioId: r.marchioId,
    marchio: r.marchioId === null ? null : (marchi.get(r.marchioId) ?? null),
    categoriaIds: lists.map((c) => c.id),
    categoriaLists: lists,
    localizedDescrizione: r.localizedDescrizione ?? {},
    localizedDescrizioneEstesa: r.localizedDescrizioneEstesa ?? {},
    localizedClasseMercWeb: r.localizedClasseMercWeb ?? {},
    matricole: r.matricole,
    cingoloInGomma: r.cingoloInGomma,
    datiTecnici: r.datiTecnici,
    localizedDatiTecnici: r.localizedDatiTecnici ?? {},
  };
};

export const toArticoloArticolo = (r: ArticoloArticoloRow, articoli: Map<number, RelationArticolo>) => ({
  id: r.id,
  padreId: r.padreId,
  figlioId: r.figlioId,
  quantita: Number(r.quantita),
  tipo: r.tipo,
  livelloImpiego: r.livelloImpiego,
  relazione: r.relazione,
  origine: r.origine,
  padre: articoli.get(r.padreId) ?? null,
  figlio: articoli.get(r.figlioId) ?? null,
});

export const toArticoloEquiv = (
  r: ArticoloEquivRow,
  articoli: Map<number, RelationArticolo>,
  marchi: Map<number, Brand>,
) => ({
  id: r.id,
  articoloId: r.articoloId,
  articolo: articoli.get(r.articoloId) ?? null,
  equiv: r.equiv,
  relazione: r.relazione,
  note: r.note,
  ordine: r.ordine,
  marchioId: r.marchioId,
  marchio: r.marchioId === null ? null : (marchi.get(r.marchioId) ?? null),
});

export const toSearchLog = (r: SearchLogRow): SearchLogAdmin => ({
  id: r.id,
  tipo: r.tipo,
  url: r.url,
  params: r.params,
  numRisultati: r.numRisultati,
  username: r.username,
  dataRichiesta: r.dataRichiesta.toISOString(),
  userAgent: r.userAgent,
  remoteIp: r.remoteIp,
  userId: r.userId,
});

export const toComboVoci = (r: ComboVociRow): ComboVociAdmin => ({
  id: r.id,
  tipo: r.tipo,
  chiave: r.chiave,
  descrizione: r.descrizione ?? {},
  ordine: r.ordine,
});

const bomFields = (r: BomRow) => ({
  id: Number(r.id),
  quantita: Number(r.quantita),
  tipo: Number(r.tipo),
  livelloImpiego: Number(r.livello_impiego),
  relazione: r.relazione,
  origine: r.origine,
});

export const toBomChild = (r: BomRow): BomChild => ({ ...bomFields(r), figlio: summaryOf(r, 'f') });
export const toBomParent = (r: BomRow): BomParent => ({ ...bomFields(r), padre: summaryOf(r, 'p') });
export const toBomInfo = (r: BomRow): BomInfo => ({
  ...bomFields(r),
  padre: summaryOf(r, 'p'),
  figlio: summaryOf(r, 'f'),
});

export const toEquivalent = (r: EquivRow): Equivalent => ({
  id: Number(r.id),
  equiv: r.equiv,
  relazione: r.relazione,
  note: r.note,
  ordine: r.ordine,
  marchio: r.marchio_id === null ? null : { id: Number(r.marchio_id), descrizione: r.marchio_descrizione ?? '' },
  articolo: r.b_id === null || r.b_id === undefined ? null : summaryOf(r, 'b'),
});
