import {
  type ArticoloDetail,
  type ArticoloHit,
  articoloDescrizione,
  availabilityLabel,
  customerPrice,
  type InfoCliente,
  type Language,
  type LocalizedTexts,
  localizedText,
  type PriceProfile,
} from '@ricambi/domain';
import type { ArticoloRow, HitArticolo, LoadedArticolo } from './articolo.repository.ts';

export const tagsOf = (row: Pick<ArticoloRow, 'tag1' | 'tag2' | 'tag3' | 'tag4' | 'tag5' | 'tag6'>) => [
  row.tag1,
  row.tag2,
  row.tag3,
  row.tag4,
  row.tag5,
  row.tag6,
];

type ArticoloImage = { name: string; url: string };
type CategoryName = { id: number; nome: string; localizedNome: LocalizedTexts };

export const toArticoloImage = (id: number, name: string): ArticoloImage => ({
  name,
  url: `/api/articolo/${id}/images/${encodeURIComponent(name)}`,
});

/** A result line for this customer: description in the language, price as allowed, label for one unit. */
export const toArticoloHit = (
  { a, marchio: brand, stock }: HitArticolo,
  lang: Language,
  profile: PriceProfile,
): ArticoloHit => ({
  id: a.id,
  articolo: a.articolo,
  descrizione: articoloDescrizione(a, lang),
  tipoArticolo: a.tipoArticolo,
  tipoArticoloOrig: a.tipoArticoloOrig,
  unitaMisura: a.unitaMisura,
  peso: a.peso,
  marchio: brand,
  hasImage: Boolean(a.codImmagine),
  ordinabile: a.ordinabile,
  tags: tagsOf(a),
  ...customerPrice(a.prezzo, profile),
  disponibiliLabel: availabilityLabel(stock, 1),
});

export const toArticoloDetail = (
  { a, marchio: brand }: LoadedArticolo,
  lang: Language,
  categorie: CategoryName[],
  images: ArticoloImage[],
  infoCliente: InfoCliente,
): ArticoloDetail => ({
  id: a.id,
  articolo: a.articolo,
  descrizione: articoloDescrizione(a, lang),
  descrizioneEstesa: localizedText(a.localizedDescrizioneEstesa, lang) || a.descrizioneEstesa || null,
  classeMercWeb: localizedText(a.localizedClasseMercWeb, lang) || a.classeMercWeb || null,
  note: a.note,
  tipoArticolo: a.tipoArticolo,
  tipoArticoloOrig: a.tipoArticoloOrig,
  unitaMisura: a.unitaMisura,
  peso: a.peso,
  gruppoMerceologico: a.gruppoMerceologico,
  ordinabile: a.ordinabile,
  cingoloInGomma: a.cingoloInGomma,
  datiTecnici: localizedText(a.localizedDatiTecnici, lang) || a.datiTecnici,
  marchio: brand,
  categorie: categorie.map((c) => ({ id: c.id, nome: localizedText(c.localizedNome, lang) || c.nome })),
  tags: tagsOf(a),
  images,
  infoCliente,
});
