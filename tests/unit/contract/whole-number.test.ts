import { describe, expect, test } from 'vitest';
import { wholeNumber } from '#/contract/common.ts';
import { productInputSchema } from '#/contract/staff-products.ts';

/** A whole number from a form: an empty choice is said as the choice it is, not as "not a number". */
describe('wholeNumber', () => {
  const marca = wholeNumber('marca', { min: 1, required: 'Escolha a marca.' });
  test.each([
    ['', 'Escolha a marca.'],
    [undefined, 'Escolha a marca.'],
    ['abc', 'marca deve ser um número inteiro.'],
    ['0', 'marca: o mínimo é 1.'],
    [true, 'marca deve ser um número inteiro.'],
  ])('%j → %s', (input, message) => {
    expect(marca.safeParse(input).error?.issues[0]?.message).toBe(message);
  });
  test('digits and numbers are read', () => {
    expect(marca.parse('12')).toBe(12);
    expect(marca.parse(7)).toBe(7);
    expect(wholeNumber('pagina').default(1).parse(undefined)).toBe(1);
  });
  test('a product form with neither brand nor category chosen says so in Portuguese', () => {
    const result = productInputSchema.safeParse({ marca: '', categoria: '' });
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]),
    );
    expect(messages['marca']).toBe('Escolha a marca.');
    expect(messages['categoria']).toBe('Escolha a categoria.');
  });
});
