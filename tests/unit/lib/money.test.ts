import { expect, test } from 'vitest';
import type { Parcela } from '#/contract/product.ts';
import { discountPercent, formatBRL, installmentLine, interestFreePlan } from '#/lib/money.ts';

const plain = (s: string) => s.replace(/\u00a0/g, ' ');
const plan = (parcelas: number, valorParcela: number, taxa = 0): Parcela => ({
  parcelas,
  valorParcela,
  valorTotal: valorParcela * parcelas,
  taxa,
  exibirTaxa: taxa > 0,
});

test('prices are written the Brazilian way', () => {
  expect(plain(formatBRL(1234.56))).toBe('R$ 1.234,56');
  expect(plain(formatBRL(0.9))).toBe('R$ 0,90');
  expect(plain(formatBRL(1_000_000))).toBe('R$ 1.000.000,00');
  expect(formatBRL(10)).toContain('\u00a0');
});

test('the installment line comes from the last zero-rate plan', () => {
  const plans = [plan(1, 1000), plan(2, 500), plan(10, 100), plan(11, 99.5, 1.99), plan(12, 92, 1.99)];
  expect(interestFreePlan(plans)?.parcelas).toBe(10);
  expect(plain(installmentLine(plans))).toBe('ou 10x de R$ 100,00 sem juros');
  expect(installmentLine([plan(1, 29.9)])).toBe('');
  expect(installmentLine([])).toBe('');
});

test('discount percent is floored', () => {
  expect(discountPercent(100, 79)).toBe(21);
  expect(discountPercent(199.9, 149.9)).toBe(25);
  expect(discountPercent(100, 100)).toBe(0);
  expect(discountPercent(0, 10)).toBe(0);
});
