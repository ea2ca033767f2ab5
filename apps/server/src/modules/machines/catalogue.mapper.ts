import {
  articoloDescrizione,
  availabilityLabel,
  type CatalogueHeader,
  type CatalogueRow,
  type CrArticolo,
  catalogueAvailability,
  cataloguePdfFileName,
  isRowOrderable,
  type Language,
  localizedText,
  type Machine,
} from '@ricambi/domain';
import type { findVisibleArticolo } from '../articolo/articolo.contract.ts';
import type { CatalogueRecord, VisibleRowRecord } from './catalogue.repository.ts';

/** The catalogue's description in the language (its plain description when it has no translation). */
export const catalogueDescription = (
  c: Pick<CatalogueRecord, 'localizedDescrizione' | 'crDescrizione'>,
  lang: Language,
) => localizedText(c.localizedDescrizione, lang) || c.crDescrizione;

export const toCatalogueHeader = (
  c: CatalogueRecord,
  machine: Machine,
  lang: Language,
  hideCodes: boolean,
): CatalogueHeader => {
  const descrizione = catalogueDescription(c, lang);
  return {
    id: c.id,
    crCodice: hideCodes ? null : c.crCodice,
    crDescrizione: c.crDescrizione,
    descrizione,
    generatedAt: c.generatedAt.toISOString(),
    righe: c.righe,
    machine,
    pdfFileName: cataloguePdfFileName(descrizione, machine.mtMatricola),
  };
};

/** A tree row with its live article: net price for the user (`netPrice`), availability for the row's quantity. */
export const toCatalogueRow = (
  { r, a, magazzino, hasChildren }: VisibleRowRecord,
  lang: Language,
  hideCodes: boolean,
  netPrice: (prezzo: number) => number | null,
): CatalogueRow => {
  const descrizione = localizedText(r.localizedDescrizione, lang) || (a ? articoloDescrizione(a, lang) : '');
  return {
    crId: r.crId,
    rigItem: r.rigItem,
    rigItemPrec: r.rigItemPrec,
    rigLivello: r.rigLivello,
    rigIdTav: r.rigIdTav ?? '',
    rigDisegno: hideCodes ? null : r.rigDisegno,
    drawing: r.rigDisegno,
    rigPos: r.rigPos,
    rigTipoArt: r.rigTipoArt,
    rigTipoNodo: r.rigTipoNodo,
    rigQta: r.rigQta,
    rigNote: r.rigNote,
    descrizione,
    hasChildren: Boolean(hasChildren),
    orderable: a !== null && isRowOrderable(r),
    articolo: a
      ? {
          id: a.id,
          articolo: r.articoloCodice ?? a.articolo,
          unitaMisura: r.unitaMisura ?? a.unitaMisura,
          descrizione,
          disponibiliLabel: catalogueAvailability(magazzino ?? 0, r.rigQta),
          prezzo: netPrice(a.prezzo),
          peso: a.peso,
          tipoArticolo: a.tipoArticolo,
          tipoArticoloOrig: a.tipoArticoloOrig,
        }
      : null,
  };
};

type VisibleArticle = Awaited<ReturnType<typeof findVisibleArticolo>>;

/** The item page's article (spec 2 §2 CrArticolo, §7 Item). */
export const toCrArticolo = ({ a, stock }: VisibleArticle, netto: number | null, lang: Language): CrArticolo => ({
  id: a.id,
  articolo: a.articolo,
  descrizione: articoloDescrizione(a, lang),
  unitaMisura: a.unitaMisura,
  peso: a.peso,
  prezzo: netto,
  tipoArticolo: a.tipoArticolo,
  tipoArticoloOrig: a.tipoArticoloOrig,
  ordinabile: a.ordinabile,
  disponibiliLabel: availabilityLabel(stock, 1),
});
