import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { errorSchema } from '#/contract/common.ts';
import { userSchema } from '#/contract/user.ts';
import { wishlistAnswerSchema, wishlistSchema } from '#/contract/wishlist.ts';
import { newSession, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';

let store: TestPlatform;
beforeAll(async () => {
  store = await startPlatform(40);
});
afterAll(() => store.stop());

const session = () => ({ Session: newSession() });
const post = (headers: Record<string, string>, action: string, body: unknown) =>
  store.request(`/v2/front/wishlist/${action}`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const item = (idProduto: number | string) => ({
  idProduto,
  idAtributoSimples: 0,
  idUnidadeVenda: 0,
  quantidade: 1,
  parametroAdicional: '',
});
const favourites = async (headers: Record<string, string>) =>
  wishlistSchema.parse(await (await store.request('/v2/front/wishlist', { headers })).json()).favoritos;

describe('wishlist', () => {
  test('a guest gets 401 with a Portuguese message on every call', async () => {
    const guest = session();
    const list = await store.request('/v2/front/wishlist', { headers: guest });
    expect(list.status).toBe(401);
    for (const action of ['add', 'remove', 'verify']) {
      const res = await post(guest, action, item(1));
      expect(res.status).toBe(401);
      expect(errorSchema.parse(await res.json()).mensagem).toMatch(/login/);
    }
  });

  test('a customer adds, verifies, lists and removes; adding twice keeps one entry', async () => {
    const s = session();
    await store.loginAs(s.Session, { name: 'Ana Souza' });
    expect(await favourites(s)).toEqual([]);
    const added = wishlistAnswerSchema.parse(await (await post(s, 'add', item(3))).json());
    expect(added).toMatchObject({ sucesso: true, favorito: true });
    await post(s, 'add', item('3'));
    await post(s, 'add', item(5));
    expect(await favourites(s)).toEqual([5, 3]);
    expect(wishlistAnswerSchema.parse(await (await post(s, 'verify', item(3))).json()).favorito).toBe(true);
    const removed = wishlistAnswerSchema.parse(await (await post(s, 'remove', item(3))).json());
    expect(removed).toMatchObject({ sucesso: true, favorito: false });
    expect(wishlistAnswerSchema.parse(await (await post(s, 'verify', item(3))).json()).favorito).toBe(false);
    expect(await favourites(s)).toEqual([5]);
  });

  test('favourites belong to the customer, not to other sessions', async () => {
    const a = session();
    const b = session();
    await store.loginAs(a.Session, { name: 'Bruno' });
    await store.loginAs(b.Session, { name: 'Carla' });
    await post(a, 'add', item(7));
    expect(await favourites(b)).toEqual([]);
  });

  test.each([
    [item(99_999_999), 404, /não encontrado/],
    [item(0), 400, /produto/],
    [item('abc'), 400, /número/],
    [[], 400, /idProduto/],
  ])('bad body %j is %i and stores nothing', async (body, status, message) => {
    const s = session();
    await store.loginAs(s.Session, { name: 'Dora' });
    const res = await post(s, 'add', body);
    expect(res.status).toBe(status);
    expect(errorSchema.parse(await res.json()).mensagem).toMatch(message);
    expect(await favourites(s)).toEqual([]);
  });

  test('checkout/user answers the logged-in shape, with the internal seller when there is one', async () => {
    const s = session();
    await store.loginAs(s.Session, { name: 'Eva Lima', internalSeller: 'Marcos (loja física)' });
    const user = userSchema.parse(
      await (await store.request('/v2/front/checkout/user', { headers: s })).json(),
    );
    expect(user).toMatchObject({
      logado: true,
      nomeRazao: 'Eva Lima',
      vendaInterna: { ativo: true, vendedor: 'Marcos (loja física)' },
    });
  });
});
