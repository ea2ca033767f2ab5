import {
  availabilityLabel,
  CATALOGUE_STAFF_ROLES,
  customerPrice,
  hasAnyAuthority,
  type InfoCliente,
  needsOverAvailabilityConfirmation,
  roundEuro,
} from '@ricambi/domain';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { Principal } from '../../platform/sessions.ts';
import { loadArticoli } from './articolo.hits.ts';
import { loadPriceProfile } from './price-profile.ts';

export const isCatalogueStaff = (principal: Principal) => hasAnyAuthority(principal.authorities, CATALOGUE_STAFF_ROLES);

/** An article the user may see: hidden articles only for catalogue staff; otherwise 404. */
export const findVisibleArticolo = async (db: DbOrTx, principal: Principal, id: number) => {
  const [found] = await loadArticoli(db, [id]);
  if (!found || (!found.a.visibile && !isCatalogueStaff(principal))) throw notFound('articoloPage.notFound.title');
  return found;
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
  const [{ a, stock }, profile] = await Promise.all([
    findVisibleArticolo(db, principal, articoloId),
    loadPriceProfile(db, principal.userId),
  ]);
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
