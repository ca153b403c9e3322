import { Window } from 'happy-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { createClient } from '#/api/http.ts';
import { productPageSchema, listingSchema } from '#/contract/page.ts';
import { showcaseSchema } from '#/contract/store.ts';
import { useClient } from '#/stores/api.ts';
import * as cartLines from '#/stores/cart-lines.ts';
import * as cartStore from '#/stores/cart.ts';

/** The cart's store as the islands see it: the cart itself, and what the drawer's lines do. */
const cart = { ...cartStore, ...cartLines };
import * as favourites from '#/stores/favourites.ts';
import * as search from '#/stores/search.ts';
import { forgetUser } from '#/stores/user.ts';
import { APP_TOKEN, ORIGIN, newSession, startPlatform } from '../server/harness.ts';
import type { TestPlatform } from '../server/harness.ts';

/**
 * The islands' stores and actions against the real embedded platform (answers checked against the
 * contract on the way), in a small browser-like global scope.
 */
let store: TestPlatform;
let product: { id: number; variant: number; stock: number };
const browser = new Window({ url: `${ORIGIN}/banheiro/` });

beforeAll(async () => {
  store = await startPlatform(60);
  const listing = await store.getJson(
    '/v2/front/url/product/listing/category?url=/banheiro/&limit=20',
    listingSchema,
  );
  for (const p of listing.conteudo.produtos) {
    const page = await store.getJson(
      `/v2/front/url/product/detail?url=${p.rota.path ?? ''}`,
      productPageSchema,
    );
    const v = page.conteudo.atributos.simples?.valores.find((x) => x.estoque > 2 && x.estoque < 50);
    if (v) {
      product = { id: page.conteudo.id, variant: v.idAtributoValor, stock: v.estoque };
      break;
    }
  }
  vi.stubGlobal('localStorage', browser.localStorage);
  vi.stubGlobal('sessionStorage', browser.sessionStorage);
  vi.stubGlobal('location', browser.location);
  vi.stubGlobal('addEventListener', browser.addEventListener.bind(browser));
  vi.stubGlobal('removeEventListener', browser.removeEventListener.bind(browser));
  vi.stubGlobal('window', browser);
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await browser.happyDOM.close();
  await store.stop();
});

/** A fresh visitor: new session, empty storage, empty data layer; `calls` records each API call. */
function visitor(calls?: string[]): string {
  const session = newSession();
  useClient(
    createClient(ORIGIN, session, {
      appToken: APP_TOKEN,
      validate: true,
      // The store's entry strips `/api` before the platform sees the call; so does this.
      fetch: async (input, init) => {
        const request = new Request(input, init);
        const url = new URL(request.url);
        url.pathname = url.pathname.replace(/^\/api/, '');
        calls?.push(`${request.method} ${url.pathname}`);
        return store.platform.api.request(new Request(url, request));
      },
    }),
  );
  browser.localStorage.clear();
  (browser as unknown as { dataLayer?: unknown[] }).dataLayer = [];
  cart.$cart.set(undefined);
  cart.$cartOpen.set(false);
  cart.$cartMessages.set([]);
  favourites.$favourites.set(new Set());
  forgetUser();
  return session;
}
const dataLayer = () =>
  (browser as unknown as { dataLayer: { event?: string; ecommerce?: unknown }[] }).dataLayer;

describe('cart store', () => {
  beforeEach(() => {
    visitor();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('opening loads the cart and the (empty) offers', async () => {
    await cart.openCart();
    expect(cart.$cartOpen.get()).toBe(true);
    expect(cart.$cart.get()?.itens).toEqual([]);
    expect(cart.$upsell.get()).toEqual([]);
  });

  test('reads on their way are shared: the hydration check and a replayed tap make one request', async () => {
    const calls: string[] = [];
    visitor(calls);
    const [a, b] = await Promise.all([cart.loadCart(), cart.openCart().then(() => cart.$cart.get())]);
    expect(a).toEqual(b);
    expect(calls.filter((c) => c === 'GET /v2/front/checkout/cart')).toHaveLength(1);
    // Once answered, the next read asks again.
    await cart.loadCart();
    expect(calls.filter((c) => c === 'GET /v2/front/checkout/cart')).toHaveLength(2);
  });

  test('add, plus, minus, remove: the cart, the kept count and the analytics follow', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await cart.addItem({ idProduto: product.id, idAtributoSimples: product.variant, quantidade: 1 });
    expect(cart.$cartOpen.get()).toBe(true);
    expect(cart.$cartCount.get()).toBe(1);
    expect(browser.localStorage.getItem(cart.COUNT_KEY)).toBe('1');
    const line = () => {
      const item = cart.$cart.get()?.itens[0];
      if (!item) throw new Error('no line');
      return item;
    };
    await cart.changeQuantity(line(), 2);
    expect(line().quantidade).toBe(2);
    await cart.changeQuantity(line(), 1);
    expect(line().quantidade).toBe(1);
    // Bad quantities never reach the platform.
    await cart.changeQuantity(line(), 0);
    await cart.changeQuantity(line(), 1.5);
    expect(line().quantidade).toBe(1);
    await cart.removeItem(line());
    expect(cart.$cart.get()?.itens).toEqual([]);
    expect(browser.localStorage.getItem(cart.COUNT_KEY)).toBe('0');
    // Events reach the data layer 2 s later, in GA4's shape.
    expect(dataLayer()).toEqual([]);
    await vi.advanceTimersByTimeAsync(2000);
    const events = dataLayer().flatMap((e) => (e.event ? [e.event] : []));
    expect(events).toEqual(['add_to_cart', 'add_to_cart', 'remove_from_cart', 'remove_from_cart']);
    expect(dataLayer()[1]).toMatchObject({
      event: 'add_to_cart',
      ecommerce: { currency: 'BRL', items: [{ item_id: String(product.id), quantity: 1 }] },
    });
  });

  test('a quantity above stock is capped; the message clears after 10 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await cart.addItem({ idProduto: product.id, idAtributoSimples: product.variant, quantidade: 1 });
    const item = cart.$cart.get()?.itens[0];
    if (!item) throw new Error('no line');
    await cart.changeQuantity(item, product.stock + 5);
    expect(cart.$cart.get()?.itens[0]?.quantidade).toBe(product.stock);
    expect(cart.$cartMessages.get()[0]?.mensagem).toMatch(/estoque/);
    await vi.advanceTimersByTimeAsync(cart.MESSAGE_TTL_MS);
    expect(cart.$cartMessages.get()).toEqual([]);
  });

  test('a failed add changes nothing and opens the drawer on the platform message (the shopper is told)', async () => {
    await cart.addItem({ idProduto: 99_999_999, idAtributoSimples: 1, quantidade: 1 });
    expect(cart.$cartMessages.get()).toEqual([{ tipo: 'erro', mensagem: 'Produto não encontrado.' }]);
    expect(cart.$cartOpen.get()).toBe(true);
    expect(cart.$cart.get()?.itens ?? []).toEqual([]);
    expect(cart.$cartBusy.get()).toBe(false);
  });

  test('an upsell offer adds through its own payload and opens the drawer', async () => {
    await cart.addItem({ idProduto: product.id, idAtributoSimples: product.variant, quantidade: 1 });
    cart.closeCart();
    await cart.openCart();
    const offer = cart.$upsell.get()[0]?.itens[0];
    const value = offer?.atributosSimples.valores[0];
    if (!offer || !value) throw new Error('no offer');
    await cart.addOffer(value.carrinho);
    expect(cart.$cartOpen.get()).toBe(true);
    expect(cart.$cart.get()?.itens.map((i) => i.hash.idProduto)).toContain(offer.idProduto);
  });
});

describe('search store', () => {
  beforeEach(() => {
    visitor();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('suggestions come 500 ms after the last key; empty text brings the defaults back', async () => {
    search.typed('torn', search.SUGGESTIONS_DESKTOP);
    search.typed('torneira', search.SUGGESTIONS_DESKTOP);
    expect(search.$searchOpen.get()).toBe(true);
    await vi.advanceTimersByTimeAsync(search.SEARCH_DEBOUNCE_MS - 1);
    expect(search.$searchLoading.get()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => {
      expect(search.$suggestions.get().length).toBeGreaterThan(0);
    });
    expect(search.$suggestions.get().length).toBeLessThanOrEqual(8);
    expect(search.$suggestions.get().filter((p) => /torneira/i.test(p.nome)).length).toBeGreaterThan(0);
    search.typed('', search.SUGGESTIONS_MOBILE);
    const bestSellers = await store.getJson(
      '/v2/front/showcase/products/vitrine-mais-vendidos?limit=3',
      showcaseSchema,
    );
    await vi.waitFor(() => {
      expect(search.$suggestions.get().map((p) => p.id)).toEqual(bestSellers.produtos.map((p) => p.id));
    });
  });

  test('submit needs text, records the search, clears the input and goes to /busca', async () => {
    const go = vi.fn();
    expect(search.submitSearch('   ', go)).toBe(false);
    expect(go).not.toHaveBeenCalled();
    search.$searchText.set(' cuba inox ');
    expect(search.submitSearch(search.$searchText.get(), go)).toBe(true);
    expect(go).toHaveBeenCalledWith('/busca?busca=cuba%20inox');
    expect(search.$searchText.get()).toBe('');
    await vi.advanceTimersByTimeAsync(2000);
    expect(dataLayer()).toContainEqual({ event: 'search', search_term: 'cuba inox' });
    // A blur while the submit is under way keeps the results.
    search.$suggestions.set([]);
    search.closeSearch();
    expect(search.$submitting.get()).toBe(true);
    search.$submitting.set(false);
  });
});

describe('favourites store', () => {
  test('a guest is sent to the login page, coming back here', async () => {
    visitor();
    const go = vi.fn();
    await favourites.toggleFavourite({ id: product.id, name: 'x', price: 1 }, go);
    expect(go).toHaveBeenCalledWith('/checkout/acesso?retorno=%2Fbanheiro%2F');
    expect(favourites.$favourites.get().size).toBe(0);
  });

  test('a customer toggles by the answer: add, then remove', async () => {
    const session = visitor();
    await store.loginAs(session, { name: 'Lia' });
    const go = vi.fn();
    await favourites.toggleFavourite({ id: product.id, name: 'Produto', price: 10 }, go);
    expect([...favourites.$favourites.get()]).toEqual([product.id]);
    await favourites.toggleFavourite({ id: product.id, name: 'Produto', price: 10 }, go);
    expect(favourites.$favourites.get().size).toBe(0);
    expect(go).not.toHaveBeenCalled();
  });

  test("a tap while the page's list is still on its way acts on the list, and the list does not undo it", async () => {
    const session = visitor();
    await store.loginAs(session, { name: 'Rui' });
    const go = vi.fn();
    await favourites.toggleFavourite({ id: product.id, name: 'Produto', price: 10 }, go);
    // A new page: the heart is already a favourite, but the page has not read the list yet.
    favourites.$favourites.set(new Set());
    forgetUser();
    const loaded = favourites.loadFavourites();
    await favourites.toggleFavourite({ id: product.id, name: 'Produto', price: 10 }, go);
    await loaded;
    expect(favourites.$favourites.get().size).toBe(0);
    await favourites.loadFavourites();
    expect(favourites.$favourites.get().size).toBe(0);
  });
});
