import { atom, computed } from 'nanostores';
import { addToCart, getCart, getUpsell } from '#/api/cart.ts';
import { ApiError } from '#/api/core.ts';
import type { Cart, Upsell } from '#/contract/cart.ts';
import { gaItem, trackAddToCart } from '#/lib/analytics.ts';
import type { GaItem } from '#/lib/analytics.ts';
import { COUNT_KEY } from '#/lib/cart-view.ts';
import { api } from './api.ts';

export { COUNT_KEY };

/** Cart messages stay this long (spec section 9). */
export const MESSAGE_TTL_MS = 10_000;

export type CartMessage = Cart['mensagens'][number];

export const $cart = atom<Cart | undefined>(undefined);
export const $cartOpen = atom(false);
/** A cart call is running (the drawer shows its loader). */
export const $cartBusy = atom(false);
export const $cartMessages = atom<CartMessage[]>([]);
export const $upsell = atom<Upsell['upsellDisponiveis']>([]);
/** Distinct lines, as the header shows it (spec: read from quantidadeItens). */
export const $cartCount = computed($cart, (cart) => cart?.quantidadeItens);

let clearMessages: ReturnType<typeof setTimeout> | undefined;
function showMessages(messages: CartMessage[]): void {
  clearTimeout(clearMessages);
  $cartMessages.set(messages);
  if (messages.length)
    clearMessages = setTimeout(() => {
      $cartMessages.set([]);
    }, MESSAGE_TTL_MS);
}

function keepCount(cart: Cart): void {
  try {
    localStorage.setItem(COUNT_KEY, String(cart.quantidadeItens));
  } catch {
    // Private mode or storage full: the count still shows for this page.
  }
}

/**
 * Run one cart call with the loader; its answer becomes the cart, its problems the messages. (What the
 * drawer's lines do is in cart-lines.ts, loaded with the drawer.)
 */
export async function mutate(call: () => Promise<Cart>): Promise<Cart | undefined> {
  $cartBusy.set(true);
  try {
    const cart = await call();
    $cart.set(cart);
    keepCount(cart);
    showMessages(cart.mensagens);
    return cart;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    showMessages([{ tipo: 'erro', mensagem: error.mensagem }]);
    return undefined;
  } finally {
    $cartBusy.set(false);
  }
}

let loading: Promise<Cart | undefined> | undefined;

/** Read the cart; calls while a read is on its way share it (hydration's check and a replayed tap). */
export function loadCart(): Promise<Cart | undefined> {
  loading ??= mutate(() => getCart(api())).finally(() => {
    loading = undefined;
  });
  return loading;
}

export async function loadUpsell(): Promise<void> {
  try {
    $upsell.set((await getUpsell(api())).upsellDisponiveis);
  } catch (error) {
    // Spec section 8: an upsell failure means no upsell.
    if (!(error instanceof ApiError)) throw error;
    $upsell.set([]);
  }
}

export async function openCart(): Promise<void> {
  $cartOpen.set(true);
  await loadCart();
  await loadUpsell();
}

export function closeCart(): void {
  $cartOpen.set(false);
}

/** Lines added by a call: what the answer has beyond what the cart had. */
function added(before: Cart | undefined, after: Cart): GaItem[] {
  return after.itens.flatMap((item) => {
    const old = before?.itens.find((i) => i.hash.idAtributoSimples === item.hash.idAtributoSimples);
    const more = item.quantidade - (old?.quantidade ?? 0);
    return more > 0 ? [gaItem(item, more)] : [];
  });
}

export async function addThen(call: () => Promise<Cart>): Promise<Cart | undefined> {
  const before = $cart.get();
  const cart = await mutate(call);
  // Open the drawer either way: on a failure it is where the shopper reads why (its message is there).
  $cartOpen.set(true);
  if (cart) {
    const items = added(before, cart);
    if (items.length) trackAddToCart(items);
    void loadUpsell();
  }
  return cart;
}

/** Add a product (the product page's 'Comprar') and open the drawer. */
export const addItem = (item: { idProduto: number; idAtributoSimples: number; quantidade: number }) =>
  addThen(() => addToCart(api(), item));
