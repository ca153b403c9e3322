import { expect, test } from 'vitest';
import { normalizeText, slugify } from '#/server/lib/text.ts';
import { createRandom } from '#/server/seed/random.ts';
import { buildCategories, generateProducts } from '#/server/seed/generate.ts';

test('normalizeText drops accents, case and punctuation', () => {
  expect(normalizeText('  Torneira Cozínha 1/4 — Área "Gourmet" %_ ')).toBe(
    'torneira cozinha 1 4 area gourmet',
  );
});

test('slugify makes URL-safe slugs', () => {
  expect(slugify('Cuba de Granito p/ Cozinha Ônix')).toBe('cuba-de-granito-p-cozinha-onix');
});

test('the random generator is deterministic', () => {
  const a = createRandom(42);
  const b = createRandom(42);
  expect(Array.from({ length: 5 }, a.next)).toEqual(Array.from({ length: 5 }, b.next));
});

test('the catalogue is deterministic and a bigger one starts with the smaller one', () => {
  const categories = buildCategories();
  const small = generateProducts(50, categories).products;
  const big = generateProducts(80, categories).products;
  expect(big.slice(0, 50).map((p) => [p.slug, p.price])).toEqual(small.map((p) => [p.slug, p.price]));
  expect(new Set(big.map((p) => p.slug)).size).toBe(80);
});
