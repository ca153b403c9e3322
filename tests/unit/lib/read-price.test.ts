import { expect, test } from 'vitest';
import { formatBRL } from '#/lib/money.ts';
import { parseBRL } from '#/lib/read-price.ts';

test("a price element's text read back: what formatBRL wrote, after its words; 0 without a price", () => {
  for (const value of [0.9, 165.9, 1234.56, 1_234_567.8]) {
    expect(parseBRL(formatBRL(value))).toBe(value);
    expect(parseBRL(`Por ${formatBRL(value)}`)).toBe(value);
  }
  expect(parseBRL('Produto indisponível')).toBe(0);
  expect(parseBRL('')).toBe(0);
});
