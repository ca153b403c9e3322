import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { errorSchema } from '#/contract/common.ts';
import { productPageSchema, listingSchema } from '#/contract/page.ts';
import { shippingSchema } from '#/contract/shipping.ts';
import { userSchema } from '#/contract/user.ts';
import { ufOfCep } from '#/server/addresses/table.ts';
import { quoteShipping } from '#/server/cart/shipping.ts';
import { withCarriers } from '#/server/carriers/pricing.ts';
import { STORE_SETTINGS } from '#/server/config/store-settings.ts';
import { newSession, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';

let store: TestPlatform;
let cheap: { id: number; variant: number; price: number };
beforeAll(async () => {
  store = await startPlatform(60);
  const listing = await store.getJson(
    '/v2/front/url/product/listing/category?url=/banheiro/&limit=40&order=Menor%20Pre%C3%A7o',
    listingSchema,
  );
  const first = listing.conteudo.produtos.find((p) => p.status === 'disponivel');
  const page = await store.getJson(
    `/v2/front/url/product/detail?url=${first?.rota.path ?? ''}`,
    productPageSchema,
  );
  const v = page.conteudo.atributos.simples?.valores.find((x) => x.estoque > 5);
  if (!v) throw new Error('no variant');
  cheap = { id: page.conteudo.id, variant: v.idAtributoValor, price: v.precos.por };
});
afterAll(() => store.stop());

const session = () => ({ Session: newSession() });
const post = (path: string, body: unknown, headers = session()) =>
  store.request(`/v2/front/${path}`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('shipping', () => {
  test('CEP ranges give the state', () => {
    expect(ufOfCep('01310100')).toBe('SP');
    expect(ufOfCep('20040020')).toBe('RJ');
    expect(ufOfCep('69900000')).toBe('AC');
    expect(ufOfCep('70040010')).toBe('DF');
    expect(ufOfCep('90010000')).toBe('RS');
    expect(ufOfCep('00000100')).toBeUndefined();
  });

  test('a product quote: delivery options by region (a new store has no pickup point), the CEP remembered', async () => {
    const s = session();
    const res = await post(
      'shipment/product',
      { cep: '13035-000', idProduto: cheap.id, idAtributoValor: cheap.variant, quantidade: 1 },
      s,
    );
    expect(res.status).toBe(200);
    const quote = shippingSchema.parse(await res.json());
    expect(quote.uf).toBe('SP');
    expect(quote.fretes.map((f) => f.id)).toEqual(['economica', 'expressa']);
    const [economy, express] = quote.fretes;
    expect(express?.valor).toBeGreaterThan(economy?.valor ?? 0);
    expect(express?.dias).toBeLessThan(economy?.dias ?? 0);
    expect(economy?.prazo).toMatch(/^até \d+ dias? úte?is?$/);
    const north = shippingSchema.parse(
      await (await post('shipment/product', { cep: '69900-000', idProduto: cheap.id, quantidade: 1 })).json(),
    );
    expect(north.fretes[0]?.dias).toBeGreaterThan(economy?.dias ?? 0);
    const user = userSchema.parse(
      await (await store.request('/v2/front/checkout/user', { headers: s })).json(),
    );
    expect(user.endereco.cep).toBe('13035000');
  });

  test('the region rule makes economy free (R$ 299,90 in the Southeast); below, the missing amount is given', async () => {
    const quantidade = Math.ceil(299.9 / cheap.price);
    const below = shippingSchema.parse(
      await (
        await post('shipment/product', {
          cep: '01310-100',
          idProduto: cheap.id,
          idAtributoValor: cheap.variant,
          quantidade: 1,
        })
      ).json(),
    );
    if (cheap.price < 299.9) {
      expect(below.fretes[0]?.valor).toBeGreaterThan(0);
      expect(below.faltaFreteGratis).toBeCloseTo(299.9 - cheap.price, 2);
    }
    const above = shippingSchema.parse(
      await (
        await post('shipment/product', {
          cep: '01310-100',
          idProduto: cheap.id,
          idAtributoValor: cheap.variant,
          quantidade,
        })
      ).json(),
    );
    expect(above.fretes[0]).toMatchObject({ valor: 0, label: 'Econômica – Frete Grátis' });
    expect(above.faltaFreteGratis).toBe(0);
  });

  test('free shipping follows the settings: the region rule unless the alert uses its fixed value', () => {
    const settings = (alerta: Partial<typeof STORE_SETTINGS.checkout.alertaFreteGratis>) => ({
      ...STORE_SETTINGS,
      checkout: {
        ...STORE_SETTINGS.checkout,
        alertaFreteGratis: { ...STORE_SETTINGS.checkout.alertaFreteGratis, ...alerta },
      },
    });
    const quote = (cep: string, value: number, alerta = {}) => quoteShipping(cep, value, 1, settings(alerta));
    // The store's own settings: the alert on, its fixed value (599,90) not used.
    expect(STORE_SETTINGS.checkout.alertaFreteGratis).toMatchObject({ ativo: true, usarValorFixo: false });
    expect(quote('01310100', 299.9)?.fretes[0]?.valor).toBe(0);
    expect(quote('01310100', 299.89)?.faltaFreteGratis).toBe(0.01);
    expect(quote('69005000', 500)).toMatchObject({ uf: 'AM', faltaFreteGratis: 99.9 });
    expect(quote('80010000', 399.9)?.fretes[0]?.valor).toBe(0);
    expect(quote('69005000', 500)?.fretes[0]?.valor).toBeGreaterThan(0);
    // Fixed value on: 599,90 everywhere, for the alert and for the quote alike.
    expect(quote('01310100', 500, { usarValorFixo: true })?.faltaFreteGratis).toBe(99.9);
    expect(quote('01310100', 500, { usarValorFixo: true })?.fretes[0]?.valor).toBeGreaterThan(0);
    expect(quote('69005000', 599.9, { usarValorFixo: true })?.fretes[0]?.valor).toBe(0);
    // Alert off: no amount to show; the region's rule still applies.
    expect(quote('01310100', 100, { ativo: false })).not.toHaveProperty('faltaFreteGratis');
    expect(quote('01310100', 300, { ativo: false, usarValorFixo: true })?.fretes[0]?.valor).toBe(0);
  });

  test('the days the store takes to dispatch are added to every delivery promise, not to pickup', () => {
    const withDays = (diasPreparo: number) => ({
      ...STORE_SETTINGS,
      checkout: { ...STORE_SETTINGS.checkout, diasPreparo },
      pontosRetirada: [{ id: 1, nome: 'Loja', endereco: 'Rua A, 1', horario: '', prazoDias: 1 }],
    });
    const days = (diasPreparo: number) =>
      quoteShipping('01310100', 100, 1, withDays(diasPreparo))?.fretes.map((f) => [f.id, f.dias, f.prazo]);
    const none = days(0) ?? [];
    const three = days(3) ?? [];
    expect(three).toEqual(
      none.map(([id, n, text]) =>
        id === 'retirada-1' ? [id, n, text] : [id, Number(n) + 3, `até ${String(Number(n) + 3)} dias úteis`],
      ),
    );
    // A carrier's days get them too.
    const table = quoteShipping('01310100', 100, 1, withDays(2));
    const service = { carrier: 'Jadlog', service: '.Package', serviceId: '3', price: 20, days: 4, boxes: [] };
    const priced = table && withCarriers(table, { economica: service, expressa: service }, 2);
    expect(priced?.fretes.find((f) => f.id === 'economica')).toMatchObject({
      dias: 6,
      prazo: 'até 6 dias úteis',
    });
  });

  test('a cart quote uses the cart; an empty cart is a 400', async () => {
    const s = session();
    const empty = await post('shipment/cart', { cep: '13035000' }, s);
    expect(empty.status).toBe(400);
    expect(errorSchema.parse(await empty.json()).mensagem).toMatch(/vazia/);
    await post(
      'checkout/cart',
      { tipo: 'produto', itens: [{ idProduto: cheap.id, idAtributoSimples: cheap.variant, quantidade: 2 }] },
      s,
    );
    const quote = shippingSchema.parse(await (await post('shipment/cart', { cep: '13035000' }, s)).json());
    expect(quote.fretes.map((f) => f.id)).toEqual(['economica', 'expressa']);
  });

  test.each([
    [{ cep: '123', idProduto: 1 }, 400, /CEP inválido/],
    [{ cep: '00000-000', idProduto: 1 }, 400, /CEP inválido/],
    [{ cep: '00000-100', idProduto: 1 }, 400, /Não encontramos este CEP/],
    [{ cep: '13035000', idProduto: 99_999_999 }, 404, /Produto não encontrado/],
    [{ cep: '13035000' }, 400, /Informe o produto/],
  ])('%j is %i', async (body, status, message) => {
    const res = await post('shipment/product', body);
    expect(res.status).toBe(status);
    expect(errorSchema.parse(await res.json()).mensagem).toMatch(message);
  });
});
