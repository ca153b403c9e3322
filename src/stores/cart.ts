import { atom, computed } from 'nanostores';
import { addPayload, addToCart, getCart, getUpsell, removeLine, setQuantity } from '#/api/cart.ts';
import type { LineKey } from '#/api/cart.ts';
import { ApiError } from '#/api/core.ts';
import type { Cart, CartItem, CartPayload, Upsell } from '#/contract/cart.ts';
import { validQuantity } from '#/contract/cart-rules.ts';
import { gaItem, trackAddToCart, trackRemoveFromCart } from '#/lib/analytics.ts';
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

/** Run one cart call with the loader; its answer becomes the cart, its problems the messages. */
async function mutate(call: () => Promise<Cart>): Promise<Cart | undefined> {
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

async function loadUpsell(): Promise<void> {
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

async function addThen(call: () => Promise<Cart>): Promise<Cart | undefined> {
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

/** Add an upsell offer's ready-made payload and open the drawer. */
export const addOffer = (payload: CartPayload) => addThen(() => addPayload(api(), payload));

export async function changeQuantity(line: CartItem, quantidade: number): Promise<void> {
  if (!validQuantity(quantidade) || quantidade === line.quantidade) return;
  const cart = await mutate(() => setQuantity(api(), line.hash, quantidade));
  const now = cart?.itens.find((i) => i.hash.idAtributoSimples === line.hash.idAtributoSimples);
  if (now && now.quantidade > line.quantidade)
    trackAddToCart([gaItem(now, now.quantidade - line.quantidade)]);
  if (now && now.quantidade < line.quantidade)
    trackRemoveFromCart([gaItem(now, line.quantidade - now.quantidade)]);
}

export async function removeItem(line: CartItem): Promise<void> {
  const key: LineKey = line.hash;
  if (await mutate(() => removeLine(api(), key))) {
    trackRemoveFromCart([gaItem(line)]);
    void loadUpsell();
  }
}
