import { QUANTITY_MAX } from '#/contract/cart-rules.ts';
/** How the side cart words and counts things (spec sections 2, 5 and 9). */

/** Names longer than the limit plus 3 are cut to the limit plus an ellipsis. */
export const NAME_LIMIT = 55;
export function shortName(name: string, limit = NAME_LIMIT): string {
  return name.length > limit + 3 ? `${name.slice(0, limit)}...` : name;
}

/** An item's cash price: its price less its own cash-discount percentage. */
export const cashPrice = (price: number, percent: number): number =>
  Math.round(price * (1 - percent / 100) * 100) / 100;

/** What the quantity input keeps of what was typed: digits only, no more than QUANTITY_MAX has. */
export const quantityText = (typed: string): string =>
  typed.replace(/\D/g, '').slice(0, String(QUANTITY_MAX).length);

/** Where the header's count is kept between pages (local storage), so it is right at first paint. */
export const COUNT_KEY = 'carrinho:quantidade';
