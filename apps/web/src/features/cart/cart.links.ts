import { hasAnyAuthority } from '@ricambi/domain';

/** Spec 1 §2.3: checkout goes to the request form for ROLE_CR_SUBDEALER, to the order checkout otherwise. */
export const checkoutPath = (authorities: readonly string[] | undefined) =>
  hasAnyAuthority(authorities, ['ROLE_CR_SUBDEALER']) ? '/cart/request' : '/cart/checkout';

/** The article page of a cart line: /articolo/m/{id} for a machine, /articolo/r/{id} otherwise. */
export const articlePath = (line: { idArticolo: number; tipoArticolo: string }) =>
  `/articolo/${line.tipoArticolo === 'M' ? 'm' : 'r'}/${line.idArticolo}`;
