import type { CartLine, CartView, PriceProfile, StockFigures } from '@ricambi/domain';

/**
 * A cart line with the real figures the order needs, whatever the user may see: the view's
 * prices are null when hidden (spec 1 §6), these never are.
 */
export type PricedLine = CartLine & {
  listPrice: number;
  netPrice: number;
  lineTotal: number;
  unitWeight: number;
  stock: StockFigures;
};

export type PricedCart = {
  /** The carrello row id; null when the user has no cart row yet. */
  cartId: number | null;
  lines: PricedLine[];
  /** The user's price profile the lines were priced with (the order keeps the customer's discount). */
  profile: PriceProfile;
  /** What GET /api/cartitem answers for the same cart. */
  view: CartView;
};

export { addCartLines, lockCart, putBackLines, readPricedCart, removeCartLines } from './cart.service.ts';
