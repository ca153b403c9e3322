import { describe, expect, test } from 'vitest';
import { buildPrecos, installments } from '#/server/lib/prices.ts';

describe('installments', () => {
  test('up to 10x interest-free while each part is at least R$ 30, then 11x-12x with interest', () => {
    const plans = installments(1000);
    expect(plans.map((p) => p.parcelas)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(plans.filter((p) => p.taxa === 0).at(-1)?.parcelas).toBe(10);
    const eleven = plans[10];
    expect(eleven?.taxa).toBeGreaterThan(0);
    expect(eleven?.valorTotal).toBeGreaterThan(1000);
    expect(plans[9]?.valorParcela).toBe(100);
  });

  test('a cheap product has fewer plans', () => {
    expect(installments(89.9).map((p) => p.parcelas)).toEqual([1, 2]);
    expect(installments(29.9).map((p) => p.parcelas)).toEqual([1]);
  });
});

test('cash price is the sale price less the pix/boleto discount', () => {
  const p = buildPrecos(200, 150, 10);
  expect(p).toMatchObject({ de: 200, por: 150, vista: 135, descontoVista: 10 });
});
