import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { percentOf, percentOfCents, splitCents, sumReais, timesReais, toCents } from '#/server/lib/prices.ts';

/**
 * Money is exact: every amount the store computes equals the same computation in decimal arithmetic
 * (decimal.js), rounded half up to the cent, for amounts, quantities and percentages a store can hold.
 */

const cents = fc.integer({ min: 0, max: 10_000_000_000 });
const reais = cents.map((c) => c / 100);
/** Percentages with up to two decimals (5, 7.5, 12.34), as settings and coupons hold them. */
const percent = fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 100);
const exact = (value: Decimal.Value) =>
  new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();

describe('money in cents', () => {
  test('a percentage of an amount is the exact one, rounded half up', () => {
    fc.assert(
      fc.property(reais, percent, (amount, p) => {
        expect(percentOf(amount, p)).toBe(exact(new Decimal(amount).times(p).dividedBy(100)));
      }),
      { numRuns: 5000 },
    );
  });

  test('the float way was a cent low on some (10.05 at 10 % is 1.01, not 1.00)', () => {
    expect(Math.round(((10.05 * 10) / 100) * 100) / 100).toBe(1);
    expect(percentOf(10.05, 10)).toBe(1.01);
    expect(percentOfCents(1005, 10)).toBe(101);
  });

  test('sums, products and installments are exact', () => {
    fc.assert(
      fc.property(fc.array(reais, { maxLength: 30 }), (amounts) => {
        expect(sumReais(amounts)).toBe(amounts.reduce((s, a) => s.plus(a), new Decimal(0)).toNumber());
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(reais, fc.integer({ min: 0, max: 999 }), (amount, n) => {
        expect(timesReais(amount, n)).toBe(new Decimal(amount).times(n).toNumber());
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(cents, fc.integer({ min: 1, max: 24 }), (c, n) => {
        expect(splitCents(c, n)).toBe(
          new Decimal(c).dividedBy(n).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber(),
        );
      }),
      { numRuns: 2000 },
    );
  });

  test('amounts cross the edges unchanged', () => {
    fc.assert(
      fc.property(cents, (c) => {
        expect(toCents(c / 100)).toBe(c);
      }),
      { numRuns: 5000 },
    );
  });
});
