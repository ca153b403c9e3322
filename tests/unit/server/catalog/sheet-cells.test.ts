import fc from 'fast-check';
import { expect, test } from 'vitest';
import { parseMoney, parseStock, Refusal } from '#/server/catalog/sheet/cells.ts';

/** A sheet's money and stock cells, as a Brazilian team (or an English-set spreadsheet) writes them. */

const ptBR = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const enUS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const cents = fc.integer({ min: 1, max: 100_000_000 });

test('any price written 1.234,56, 1234,56, 1,234.56, 1234.56 or as a number reads back to the cent', () => {
  fc.assert(
    fc.property(cents, (n) => {
      const value = n / 100;
      for (const written of [
        ptBR.format(value),
        ptBR.format(value).replace(/\./g, ''),
        enUS.format(value),
        value.toFixed(2),
        `R$ ${ptBR.format(value)}`,
        value,
      ])
        expect(parseMoney(written, 'Preço')).toBe(value);
    }),
  );
});

test('what is not a price is refused with the column and the format', () => {
  for (const bad of [
    'dez',
    '1,2,3',
    '12,345',
    '1.23.4',
    '0',
    '0,00',
    '-5',
    '1e3',
    '1.234,567',
    'NaN',
    12.345,
    -1,
    0,
  ])
    expect(() => parseMoney(bad, 'Preço por'), String(bad)).toThrow(Refusal);
  expect(() => parseMoney('dez', 'Preço por')).toThrow(
    'Preço por inválido: "dez" (use 1.234,56 ou 1234.56).',
  );
  expect(() => parseMoney('2000000', 'Preço de')).toThrow('Preço de fora do intervalo');
});

test('stock: whole units from 0 to 9,999,999, thousands dots allowed', () => {
  expect(parseStock('0')).toBe(0);
  expect(parseStock('1.500')).toBe(1500);
  expect(parseStock(42)).toBe(42);
  for (const bad of ['-1', '1,5', 'dez', '10000000', 2.5])
    expect(() => parseStock(bad), String(bad)).toThrow(Refusal);
});
