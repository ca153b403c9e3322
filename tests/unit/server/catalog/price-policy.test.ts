import { describe, expect, test } from 'vitest';
import { buildPrecos, installments, pricePolicy } from '#/server/catalog/price-policy.ts';
import { STORE_SETTINGS } from '#/server/config/store-settings.ts';
import type { PaymentProvider } from '#/server/orders/payments.ts';

const RULE = STORE_SETTINGS.pagamentos.cartao.parcelamento;

/** A provider that takes what it is given (its charge is never called here). */
const provider = (...ids: ('boleto' | 'cartao')[]): PaymentProvider => ({
  name: 'adquirente de teste',
  methods: ids.map((id) => ({ id, label: id, detalhe: '', minutosPagamento: 60 })),
  charge: () => Promise.reject(new Error('not charged in this test')),
});

describe('installments', () => {
  test('up to 10x interest-free while each part is at least R$ 30, then 11x-12x with interest', () => {
    const plans = installments(1000, RULE);
    expect(plans.map((p) => p.parcelas)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(plans.filter((p) => p.taxa === 0).at(-1)?.parcelas).toBe(10);
    const eleven = plans[10];
    expect(eleven?.taxa).toBe(1.99);
    expect(eleven?.valorTotal).toBeGreaterThan(1000);
    expect(plans[9]?.valorParcela).toBe(100);
  });

  test('a cheap product has fewer plans; the rule comes from the settings', () => {
    expect(installments(89.9, RULE).map((p) => p.parcelas)).toEqual([1, 2]);
    expect(installments(29.9, RULE).map((p) => p.parcelas)).toEqual([1]);
    const sixFree = { maximo: 6, semJuros: 6, valorMinimo: 10, juros: 0 };
    expect(installments(1000, sixFree).map((p) => p.parcelas)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  test('no card rule, no plans', () => {
    expect(installments(1000, undefined)).toEqual([]);
  });
});

describe('the price policy follows what the checkout takes', () => {
  test('without a provider: Pix alone, no installments', () => {
    const policy = pricePolicy(STORE_SETTINGS);
    expect(policy).toEqual({ cashDiscount: 10, cashWording: 'no Pix', installments: undefined });
    const precos = buildPrecos(200, 150, policy);
    expect(precos).toEqual({
      de: 200,
      por: 150,
      vista: 135,
      descontoVista: 10,
      textoVista: 'no Pix',
      parcelamento: [],
    });
  });

  test('with a provider taking boleto and card: both named, the card plans from the settings', () => {
    const policy = pricePolicy(STORE_SETTINGS, provider('boleto', 'cartao'));
    expect(policy.cashWording).toBe('no Pix ou boleto');
    expect(policy.installments).toEqual(RULE);
    expect(buildPrecos(200, 150, policy).parcelamento.map((p) => p.parcelas)).toEqual([1, 2, 3, 4, 5]);
  });

  test('a provider taking boleto alone: no installments; card switched off in the settings: none either', () => {
    expect(pricePolicy(STORE_SETTINGS, provider('boleto')).installments).toBeUndefined();
    const cardOff = {
      ...STORE_SETTINGS,
      pagamentos: {
        ...STORE_SETTINGS.pagamentos,
        cartao: { ...STORE_SETTINGS.pagamentos.cartao, ativo: false },
      },
    };
    expect(pricePolicy(cardOff, provider('boleto', 'cartao'))).toMatchObject({
      cashWording: 'no Pix ou boleto',
      installments: undefined,
    });
  });

  test('Pix switched off and no provider: no cash line, no discount', () => {
    const noPix = {
      ...STORE_SETTINGS,
      pagamentos: { ...STORE_SETTINGS.pagamentos, pix: { ...STORE_SETTINGS.pagamentos.pix, ativo: false } },
    };
    expect(pricePolicy(noPix)).toEqual({ cashDiscount: 0, cashWording: '', installments: undefined });
  });
});
