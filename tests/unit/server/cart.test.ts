import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cartSchema, upsellSchema } from '#/contract/cart.ts';
import type { Cart } from '#/contract/cart.ts';
import { errorSchema } from '#/contract/common.ts';
import { productPageSchema, listingSchema } from '#/contract/page.ts';
import { newSession, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';

let store: TestPlatform;
let product: { id: number; variant: number; stock: number; price: number };
let other: typeof product;
beforeAll(async () => {
  store = await startPlatform();
  const listing = await store.getJson(
    '/v2/front/url/product/listing/category?url=/banheiro/&limit=20',
    listingSchema,
  );
  const pick = async (path: string) => {
    const page = await store.getJson(`/v2/front/url/product/detail?url=${path}`, productPageSchema);
    const v = page.conteudo.atributos.simples?.valores.find((x) => x.estoque > 3);
    return v
      ? { id: page.conteudo.id, variant: v.idAtributoValor, stock: v.estoque, price: v.precos.por }
      : undefined;
  };
  const found = [];
  for (const p of listing.conteudo.produtos) {
    const x = await pick(p.rota.path ?? '');
    if (x) found.push(x);
    if (found.length === 2) break;
  }
  [product, other] = found as [typeof product, typeof other];
});
afterAll(() => store.stop());

/** A fresh session per test: carts never leak between tests. */
const session = () => ({ Session: newSession() });
const call = async (method: string, headers: Record<string, string>, body?: unknown) => {
  const res = await store.request('/v2/front/checkout/cart', {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as unknown };
};
const cartOf = async (method: string, headers: Record<string, string>, body?: unknown): Promise<Cart> => {
  const { status, body: json } = await call(method, headers, body);
  if (status !== 200) throw new Error(`${method}: ${String(status)} ${JSON.stringify(json)}`);
  return cartSchema.parse(json);
};
const add = (headers: Record<string, string>, quantidade: number | string, p = product) =>
  cartOf('POST', headers, {
    tipo: 'produto',
    itens: [{ idProduto: p.id, idAtributoSimples: p.variant, idUnidadeVenda: 0, idArmazem: 0, quantidade }],
  });

describe('cart', () => {
  test('a new session has an empty cart', async () => {
    const cart = await cartOf('GET', session());
    expect(cart).toMatchObject({ quantidadeItens: 0, quantidadeTotal: 0, itens: [], subtotal: { valor: 0 } });
  });

  test('adding puts one line with prices, totals and the cash discount', async () => {
    const s = session();
    await add(s, 1);
    const cart = await add(s, 1);
    expect(cart.quantidadeItens).toBe(1);
    expect(cart.quantidadeTotal).toBe(2);
    expect(cart.itens[0]?.hash).toMatchObject({
      idProduto: product.id,
      idAtributoSimples: product.variant,
      quantidade: 2,
    });
    expect(cart.subtotal.valor).toBeCloseTo(product.price * 2, 2);
    expect(cart.subtotal.descontoVista.porcentagem).toBe(10);
    expect(cart.subtotal.descontoVista.valor).toBeCloseTo(product.price * 2 * 0.9, 1);
    expect(cart.itens[0]?.imagem).toMatch(/-small\.webp$/);
    expect(cart.mensagens).toEqual([]);
  });

  test('string values from the ready-made carrinho payload are accepted', async () => {
    const cart = await add(session(), '2');
    expect(cart.quantidadeTotal).toBe(2);
  });

  test('a quantity above stock is capped with a Portuguese message', async () => {
    const cart = await add(session(), product.stock + 5);
    expect(cart.itens[0]?.quantidade).toBe(product.stock);
    expect(cart.mensagens[0]?.mensagem).toMatch(/em estoque/);
  });

  test('20 concurrent adds of one product leave one line with the right quantity', async () => {
    const s = session();
    await Promise.all(Array.from({ length: 20 }, () => add(s, 1)));
    const cart = await cartOf('GET', s);
    expect(cart.quantidadeItens).toBe(1);
    expect(cart.itens[0]?.quantidade).toBe(Math.min(20, product.stock));
  });

  test('PUT sets the absolute quantity; DELETE removes the line', async () => {
    const s = session();
    await add(s, 1);
    await add(s, 1, other);
    const hash = {
      tipo: 'produto',
      idProduto: product.id,
      idAtributoSimples: product.variant,
      idUnidadeVenda: 0,
      idArmazem: 0,
      adicional: '',
    };
    const updated = await cartOf('PUT', s, { ...hash, quantidade: 3 });
    expect(updated.itens.find((i) => i.hash.idProduto === product.id)?.quantidade).toBe(3);
    const removed = await cartOf('DELETE', s, hash);
    expect(removed.itens.map((i) => i.hash.idProduto)).toEqual([other.id]);
  });

  test('updating a line that is not in the cart is a 404', async () => {
    const { status } = await call('PUT', session(), {
      idProduto: product.id,
      idAtributoSimples: product.variant,
      quantidade: 2,
    });
    expect(status).toBe(404);
  });

  test.each([
    [
      { tipo: 'produto', itens: [{ idProduto: 99999999, idAtributoSimples: 1, quantidade: 1 }] },
      404,
      /Produto não encontrado/,
    ],
    [{ tipo: 'produto', itens: [{ idProduto: 1, idAtributoSimples: 0, quantidade: 1 }] }, 400, /acabamento/],
    [{ tipo: 'produto', itens: [{ idProduto: 1, idAtributoSimples: 1, quantidade: 0 }] }, 400, /mínima/],
    [{ tipo: 'produto', itens: [{ idProduto: 1, idAtributoSimples: 1, quantidade: -3 }] }, 400, /mínima/],
    [
      { tipo: 'produto', itens: [{ idProduto: 1, idAtributoSimples: 1, quantidade: 'muitos' }] },
      400,
      /número/,
    ],
    [{ tipo: 'produto', itens: [{ idProduto: 1, idAtributoSimples: 1, quantidade: 1.5 }] }, 400, /inteiro/],
    [{ tipo: 'produto', itens: [{ idProduto: 1, idAtributoSimples: 1, quantidade: 5000 }] }, 400, /máxima/],
    [{ tipo: 'produto', itens: [] }, 400, /ao menos um item/],
    [{ tipo: 'outro', itens: [{ idProduto: 1, idAtributoSimples: 1, quantidade: 1 }] }, 400, /tipo/],
  ])('bad add %j is %i and changes nothing', async (payload, status, message) => {
    const s = session();
    const res = await call('POST', s, payload);
    expect(res.status).toBe(status);
    expect(errorSchema.parse(res.body).mensagem).toMatch(message);
    expect((await cartOf('GET', s)).itens).toEqual([]);
  });
});

describe('side-cart upsell', () => {
  const offers = async (headers: Record<string, string>) => {
    const res = await store.request('/v2/front/checkout/upsell/carrinhoLateral', { headers });
    expect(res.status).toBe(200);
    return upsellSchema.parse(await res.json()).upsellDisponiveis;
  };

  test('an empty cart has no offers', async () => {
    expect(await offers(session())).toEqual([]);
  });

  test('offers leave out what is in the cart and add through their own payloads', async () => {
    const s = session();
    await add(s, 1);
    const [group, ...rest] = await offers(s);
    expect(rest).toEqual([]);
    expect(group).toMatchObject({ titulo: 'Ofertas Especiais para você', tipoItem: 'produto' });
    const itens = group?.itens ?? [];
    expect(itens.length).toBeGreaterThan(0);
    expect(itens.length).toBeLessThanOrEqual(6);
    expect(itens.map((i) => i.idProduto)).not.toContain(product.id);
    for (const item of itens) {
      expect(item.atributosSimples.valores.length).toBeGreaterThan(0);
      const selected = item.idAtributoSimplesSelecionado;
      if (item.travarAtributoSimples) expect(selected).not.toBe(0);
      if (item.atributosSimples.valores.length === 1)
        expect(selected).toBe(item.atributosSimples.valores[0]?.idAtributoValor);
      expect(item.carrinho.itens.length).toBe(selected ? 1 : 0);
    }
    // The first value's payload adds that finish of the offered product.
    const offer = itens[0];
    const value = offer?.atributosSimples.valores[0];
    if (!offer || !value) throw new Error('no offer');
    const cart = await cartOf('POST', s, value.carrinho);
    expect(cart.itens.map((i) => i.hash.idAtributoSimples)).toContain(value.idAtributoValor);
    expect((await offers(s))[0]?.itens.map((i) => i.idProduto)).not.toContain(offer.idProduto);
  });

  test('an offer with the finish already in the cart comes locked to it', async () => {
    const s = session();
    const cart = await add(s, 1);
    const finish = cart.itens[0]?.atributos.simples?.atributoValor.label;
    const itens = (await offers(s))[0]?.itens ?? [];
    const locked = itens.filter((i) => i.travarAtributoSimples);
    expect(locked.length).toBeGreaterThan(0);
    for (const item of locked) {
      const chosen = item.atributosSimples.valores.find(
        (v) => v.idAtributoValor === item.idAtributoSimplesSelecionado,
      );
      expect(chosen?.label).toBe(finish);
    }
  });
});
