/**
 * The cart's numeric rules, kept apart from the zod schemas (cart.ts) so the side cart's island can use
 * them without zod: the platform, the cart page and the drawer all decide with these.
 */

/** Most units of one line. */
export const QUANTITY_MAX = 999;
/** Distinct products one cart holds (a store's real orders hold far fewer; a bot's, any number). */
export const CART_LINES_MAX = 40;

/** A quantity a line may hold: a whole number from 1 to QUANTITY_MAX. */
export const validQuantity = (n: number): boolean => Number.isInteger(n) && n >= 1 && n <= QUANTITY_MAX;
