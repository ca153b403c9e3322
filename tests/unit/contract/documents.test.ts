import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { signupSchema } from '#/contract/account.ts';
import { cnpjCheckDigits, documentKey, formatDocument, validCnpj, validCpf } from '#/contract/documents.ts';
import { pixKeyOf } from '#/contract/store-config.ts';

/** CPF and CNPJ, the CNPJ with letters too (IN RFB 2.229/2024): validated, normalised, written as people write them. */

const ALNUM = Array.from({ length: 36 }, (_, i) => '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.charAt(i));
const base = fc.string({ unit: fc.constantFrom(...ALNUM), minLength: 12, maxLength: 12 });

describe('the alphanumeric CNPJ', () => {
  test("the Receita Federal's published example: 12.ABC.345/01DE-35", () => {
    expect(cnpjCheckDigits('12ABC34501DE')).toBe('35');
    expect(validCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(validCnpj('12abc34501de35')).toBe(true);
    expect(formatDocument('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(validCnpj('12.ABC.345/01DE-36')).toBe(false);
    // The check digits stay digits.
    expect(validCnpj('12ABC34501DEA5')).toBe(false);
  });

  test('the numeric CNPJ still works, and so does the CPF', () => {
    expect(validCnpj('11.222.333/0001-81')).toBe(true);
    expect(validCnpj('11.222.333/0001-80')).toBe(false);
    expect(validCpf('529.982.247-25')).toBe(true);
    // A CPF is digits only.
    expect(validCpf('529.982.247-2A')).toBe(false);
    expect(validCnpj('00000000000000')).toBe(false);
    expect(validCnpj('AAAAAAAAAAAAAA')).toBe(false);
  });

  test('any 12 characters with their computed digits validate, in any case and punctuation', () => {
    fc.assert(
      fc.property(base, (b) => {
        const cnpj = `${b}${cnpjCheckDigits(b)}`;
        fc.pre(!/^(.)\1{13}$/.test(cnpj));
        expect(validCnpj(cnpj)).toBe(true);
        expect(validCnpj(cnpj.toLowerCase())).toBe(true);
        expect(validCnpj(formatDocument(cnpj))).toBe(true);
        expect(documentKey(formatDocument(cnpj.toLowerCase()))).toBe(cnpj);
      }),
    );
  });

  // Modulo 11 has two blind spots, the standard's own: a change of a multiple of 11 in a weighted sum (`6` and
  // `A` are 6 and 17 apart by 11), and remainders 0 and 1, which both give the digit 0. The raw remainders are
  // computed here apart from the store's code: a change the standard can see is always refused, and the only
  // changes accepted are those the standard cannot see.
  const W1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const W2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const remainder = (values: number[], weights: number[]) =>
    weights.reduce((sum, w, i) => sum + w * (values[i] ?? 0), 0) % 11;
  const digitOf = (rest: number) => (rest < 2 ? 0 : 11 - rest);
  test('changing one character is refused, unless modulo 11 itself cannot tell (its two blind spots)', () => {
    fc.assert(
      fc.property(base, fc.nat({ max: 13 }), fc.constantFrom(...ALNUM), (b, at, ch) => {
        const cnpj = `${b}${cnpjCheckDigits(b)}`;
        fc.pre(cnpj.charAt(at) !== ch);
        const changed = cnpj.slice(0, at) + ch + cnpj.slice(at + 1);
        const values = Array.from(changed.slice(0, 12), (c) => c.charCodeAt(0) - 48);
        const r1 = remainder(values, W1);
        const r2 = remainder([...values, digitOf(r1)], W2);
        const blind =
          /^\d\d$/.test(changed.slice(12)) &&
          `${String(digitOf(r1))}${String(digitOf(r2))}` === changed.slice(12);
        expect(validCnpj(changed)).toBe(blind && !/^(.)\1{13}$/.test(changed));
      }),
      { numRuns: 2000 },
    );
    // The blind spots, shown: `A` (17) in place of `6` keeps the digits; so does the counterexample fast-check
    // found, where the first remainder moves from 1 to 0 (both give 0).
    expect(cnpjCheckDigits('12ABC34501D6')).toBe(cnpjCheckDigits('12ABC34501DA'));
    expect(cnpjCheckDigits('E34MZVAA06BP')).toBe(cnpjCheckDigits('E34MZVAAZ6BP'));
  });
});

describe('wherever a CNPJ is typed', () => {
  const company = {
    pessoa: 'J',
    nomeRazao: 'Reformas Alfa Ltda',
    email: 'compras@alfa.com.br',
    celular: '(11) 98765-4321',
    cep: '13035-000',
    logradouro: 'Rua das Palmeiras',
    numero: '45',
    complemento: '',
    bairro: 'Centro',
    cidade: 'Campinas',
    uf: 'SP',
    senha: 'uma senha longa da empresa',
  };
  test('a company signs up with one, stored upper-cased without punctuation', () => {
    const parsed = signupSchema.safeParse({ ...company, documento: '12.abc.345/01de-35' });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.documento).toBe('12ABC34501DE35');
    const wrong = signupSchema.safeParse({ ...company, documento: '12.ABC.345/01DE-36' });
    expect(wrong.error?.issues[0]?.message).toMatch(/CNPJ inválido/);
  });

  test('it is a Pix key of kind CNPJ', () => {
    expect(pixKeyOf('12.ABC.345/01DE-35')).toEqual({ key: '12ABC34501DE35', kind: 'cnpj' });
    expect(pixKeyOf('12.ABC.345/01DE-34')).toBeUndefined();
  });
});
