import { addPayload, removeLine, setQuantity } from '#/api/cart.ts';
import type { LineKey } from '#/api/cart.ts';
import type { CartItem, CartPayload } from '#/contract/cart.ts';
import { validQuantity } from '#/contract/cart-rules.ts';
import { gaItem, trackAddToCart, trackRemoveFromCart } from '#/lib/analytics.ts';
import { api } from './api.ts';
import { addThen, loadUpsell, mutate } from './cart.ts';

/*
 * What the side cart's drawer does to the cart (its lines' quantities, removal, an upsell offer): loaded
 * with the drawer, not as the islands hydrate (cart.ts keeps the cart itself, its count and 'Comprar').
 */

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
