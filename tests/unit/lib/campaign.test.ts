import { expect, test } from 'vitest';
import { couponState } from '#/contract/coupon.ts';
import type { CupomPublico } from '#/contract/coupon.ts';
import { campaignAt, campaignEnd, couponClosedText, couponFacts, couponOpen } from '#/lib/campaign.ts';

// Every instant here is fixed: the tests say what a page shows before and after a campaign's end, on any day.
const END = Date.parse('2026-11-28T02:59:59Z'); // 27/11 às 23h59 in Brasília
const coupon = (over: Partial<CupomPublico> = {}): CupomPublico => ({
  codigo: 'BLACK10',
  descricao: '10% a mais',
  tipo: 'produtos-percentual',
  valor: 10,
  valorMinimo: 300,
  primeiraCompra: false,
  inicio: null,
  fim: new Date(END).toISOString(),
  situacao: 'vigente',
  ...over,
});

test("a campaign ends at the page's own date, or else when the first of its coupons ends", () => {
  const own = new Date('2026-12-24T23:59:00-03:00');
  expect(campaignEnd(own, [coupon()])).toBe(own.getTime());
  expect(campaignEnd(undefined, [coupon(), coupon({ fim: '2026-11-20T12:00:00.000Z' })])).toBe(
    Date.parse('2026-11-20T12:00:00.000Z'),
  );
  expect(campaignEnd(undefined, [coupon({ fim: null }), undefined])).toBeUndefined();
  expect(campaignEnd(undefined, [])).toBeUndefined();
});

test('before the end the campaign runs (the countdown shows); from the end on it is over', () => {
  expect(campaignAt(END, END - 1)).toEqual({ state: 'em-andamento', end: END });
  expect(campaignAt(END, END)).toEqual({ state: 'encerrada', end: END });
  expect(campaignAt(END, END + 365 * 86_400_000)).toEqual({ state: 'encerrada', end: END });
  expect(campaignAt(undefined, END)).toEqual({ state: 'sem-prazo' });
});

test("a coupon card prints the coupon's own rules, in Brasília time", () => {
  expect(couponFacts(coupon(), END - 1000)).toBe(
    'Em compras a partir de R$\u00a0300,00. Até 27/11 às 23h59.',
  );
  expect(couponFacts(coupon({ valorMinimo: 0, fim: null, primeiraCompra: true }), END)).toBe(
    'Só na primeira compra.',
  );
  const start = '2026-12-01T03:00:00.000Z';
  expect(couponFacts(coupon({ valorMinimo: 0, inicio: start, fim: null }), END)).toBe(
    'A partir de 01/12 às 00h00.',
  );
  // Once started, the start is not news.
  expect(couponFacts(coupon({ valorMinimo: 0, inicio: start, fim: null }), Date.parse(start) + 1)).toBe('');
});

test('an ended, exhausted, switched-off or unknown coupon is shown closed, with why', () => {
  expect(couponOpen(coupon())).toBe(true);
  expect(couponOpen(coupon({ situacao: 'agendado' }))).toBe(true);
  for (const situacao of ['encerrado', 'esgotado', 'desligado'] as const)
    expect(couponOpen(coupon({ situacao }))).toBe(false);
  expect(couponClosedText(coupon({ situacao: 'encerrado' }))).toBe('Cupom encerrado em 27/11 às 23h59.');
  expect(couponClosedText(coupon({ situacao: 'esgotado' }))).toMatch(/^Cupom esgotado/);
  expect(couponClosedText(undefined)).toBe('Este cupom não está mais disponível.');
});

test("a coupon's state on both sides of its start and its end", () => {
  const base = { ativo: true, inicio: null, fim: null, usosMaximos: null, usados: 0 };
  const fim = new Date(END).toISOString();
  expect(couponState({ ...base, fim }, END - 1)).toBe('vigente');
  expect(couponState({ ...base, fim }, END + 1)).toBe('encerrado');
  expect(couponState({ ...base, inicio: fim }, END - 1)).toBe('agendado');
  expect(couponState({ ...base, inicio: fim }, END + 1)).toBe('vigente');
  expect(couponState({ ...base, usosMaximos: 3, usados: 3 }, END)).toBe('esgotado');
  expect(couponState({ ...base, ativo: false, fim }, END + 1)).toBe('desligado');
});
