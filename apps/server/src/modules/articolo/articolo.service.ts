import fs from 'node:fs';
import path from 'node:path';
import {
  type ArticoloHit,
  availabilityLabel,
  CATALOGUE_READ_ROLES,
  CATALOGUE_STAFF_ROLES,
  customerPrice,
  hasAnyAuthority,
  type InfoCliente,
  type Language,
  needsOverAvailabilityConfirmation,
  type PriceProfile,
  roundEuro,
} from '@ricambi/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { Principal } from '../../platform/sessions.ts';
import type { SearchLog, SearchOrigin } from '../search/search.contract.ts';
import { IMAGE_TYPES, type ImageIndex } from './articolo.images.ts';
import { toArticoloDetail, toArticoloHit, toArticoloImage } from './articolo.mapper.ts';
import * as repo from './articolo.repository.ts';

/** Spec 1 §2.1: article pages and searches are for ROLE_USER. */
export const CATALOGUE_READ = CATALOGUE_READ_ROLES;

export const isCatalogueStaff = (principal: Principal) => hasAnyAuthority(principal.authorities, CATALOGUE_STAFF_ROLES);

/** An article the user may see: hidden articles only for catalogue staff; otherwise 404. */
const visibleTo = <T extends { a: { visibile: boolean } }>(principal: Principal, found: T | null | undefined): T => {
  if (!found || (!found.a.visibile && !isCatalogueStaff(principal))) throw notFound('articoloPage.notFound.title');
  return found;
};

export const findVisibleArticolo = async (db: DbOrTx, principal: Principal, id: number) =>
  visibleTo(principal, (await repo.loadArticoli(db, [id]))[0]);

/** Result lines for this customer (the user's prices), in the order of `ids`. */
export const loadHits = async (
  db: Db,
  ids: readonly number[],
  lang: Language,
  userId: number,
): Promise<ArticoloHit[]> => {
  const { articles, profile } = await repo.loadHitArticoli(db, ids, userId);
  return articles.map((found) => toArticoloHit(found, lang, profile));
};

/**
 * Price and availability of an article for the user and a quantity (spec 1 §3 "Customer info per
 * article"); stock figures only for catalogue staff.
 */
export const infoCliente = async (
  db: DbOrTx,
  principal: Principal,
  articoloId: number,
  quantita: number,
): Promise<InfoCliente> => {
  const [found, profile] = await Promise.all([
    findVisibleArticolo(db, principal, articoloId),
    repo.loadPriceProfile(db, principal.userId),
  ]);
  return toInfoCliente(found, profile, principal, quantita);
};

/** infoCliente of an article already loaded. */
const toInfoCliente = (
  { a, stock }: Awaited<ReturnType<typeof findVisibleArticolo>>,
  profile: PriceProfile,
  principal: Principal,
  quantita: number,
): InfoCliente => {
  const staff = isCatalogueStaff(principal);
  const price = customerPrice(a.prezzo, profile);
  return {
    articoloId: a.id,
    quantita,
    disponibilita: staff ? stock.magazzino : null,
    in5gg: staff ? stock.in5gg : null,
    producibile: staff ? stock.producibile : null,
    inArrivo: staff ? stock.inArrivo : null,
    ...price,
    totale: price.netto === null ? null : roundEuro(price.netto * quantita),
    disponibiliLabel: availabilityLabel(stock, quantita),
    confermaSuperamento: needsOverAvailabilityConfirmation(a.tipoArticoloOrig, stock, quantita),
  };
};

export type ArticoloDeps = { db: Db; images: ImageIndex; searchLog: SearchLog };

/**
 * The article for users (spec 1 §2.3, §3, §6, §7): detail, images, price and availability for a
 * quantity, and the cascading lists of the machine and track-dimension searches. Visible articles
 * for everyone; staff also open the hidden ones.
 */
export const createArticoloService = ({ db, images, searchLog }: ArticoloDeps) => {
  const imageList = async (id: number, codImmagine: string | null) =>
    (await images.imagesOf(codImmagine)).map((name) => toArticoloImage(id, name));

  return {
    /** The article page in one call: with the price and availability of one unit (spec 1 §3). */
    detail: async (principal: Principal, id: number, lang: Language) => {
      const found = visibleTo(principal, await repo.loadArticoloDetail(db, id, principal.userId));
      const { categorie, profile } = found;
      const list = await imageList(found.a.id, found.a.codImmagine);
      return toArticoloDetail(found, lang, categorie, list, toInfoCliente(found, profile, principal, 1));
    },

    images: async (principal: Principal, id: number) => {
      const { a } = await findVisibleArticolo(db, principal, id);
      return imageList(a.id, a.codImmagine);
    },

    /** One image file of a visible article: its path, size and content type; 404 when it is not one of its images. */
    imageFile: async (principal: Principal, id: number, name: string) => {
      const { a } = await findVisibleArticolo(db, principal, id);
      if (!(await images.imagesOf(a.codImmagine)).includes(name)) throw notFound('articoloPage.imageNotFound');
      const file = images.pathOf(name);
      const stat = await fs.promises.stat(file).catch(() => null);
      if (!stat?.isFile()) throw notFound('articoloPage.imageNotFound');
      return {
        file,
        size: stat.size,
        type: IMAGE_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream',
      };
    },

    infoCliente: (principal: Principal, articoloId: number, quantita: number) =>
      infoCliente(db, principal, articoloId, quantita),

    // Machine search: brand → model (tag2) → variant (tag3) → machines (spec 1 §2.3).
    machineBrands: () => repo.findMachineBrands(db),
    machineModels: (marchioId: number) => repo.findMachineModels(db, marchioId),
    machineVariants: (marchioId: number, tag2: string) => repo.findMachineVariants(db, marchioId, tag2),
    machines: async (
      principal: Principal,
      q: { marchioId: number; tag2: string; tag3: string },
      lang: Language,
      origin: SearchOrigin,
    ) => {
      const ids = await repo.findMachineIds(db, q);
      searchLog.record(origin, principal, 'MACHINE', ids.length);
      return loadHits(db, ids, lang, principal.userId);
    },

    trackDimension: (dimension: repo.TrackDimension, q: repo.TrackDimensions) =>
      repo.findTrackDimension(db, dimension, q),
  };
};
export type ArticoloService = ReturnType<typeof createArticoloService>;
