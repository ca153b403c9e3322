// One concern: money arithmetic, exact. Amounts are reais at the edges (the contract's numbers, the
// database's numeric(12,2)) and whole cents in between: every sum, product and percentage is done on
// integers, and a percentage is rounded half up to the cent, so no total depends on binary fractions.

/** Reais with at most two decimals → whole cents (exact for any amount the database holds). */
export const toCents = (reais: number): number => Math.round(reais * 100);

/** Whole cents → reais, for the edges (the nearest double to the two-decimal amount). */
export const toReais = (cents: number): number => cents / 100;

/** A sum of amounts in reais, added in cents. */
export const sumReais = (amounts: readonly number[]): number =>
  toReais(amounts.reduce((sum, v) => sum + toCents(v), 0));

/** `reais × quantity`, exact. */
export const timesReais = (reais: number, quantity: number): number => toReais(toCents(reais) * quantity);

/**
 * `percent` % of `cents` (a percentage with up to two decimals, e.g. 7.5), rounded half up to the cent, on
 * integers only: `cents × basis points ÷ 10 000`.
 */
export function percentOfCents(cents: number, percent: number): number {
  const basisPoints = Math.round(percent * 100);
  const scaled = cents * basisPoints;
  const whole = (scaled - (scaled % 10_000)) / 10_000;
  return whole + (scaled % 10_000 >= 5_000 ? 1 : 0);
}

/** The same on reais: `percent` % of an amount, exact to the cent. */
export const percentOf = (reais: number, percent: number): number =>
  toReais(percentOfCents(toCents(reais), percent));

/** `cents ÷ parts`, rounded half up to the cent (an installment of a price). */
export const splitCents = (cents: number, parts: number): number =>
  Math.floor((2 * cents + parts) / (2 * parts));

/** Money already computed as a double, snapped to the cent (a compound-interest installment). */
export const round2 = (n: number) => Math.round(n * 100) / 100;
