import type { CartItem } from '#/contract/cart.ts';

/**
 * Analytics events in GA4's shape, pushed to `window.dataLayer` ANALYTICS_DELAY_MS late (spec
 * section 1: they are not product behaviour and must never slow it). The tag manager that reads the
 * data layer is a separate, consent-gated concern.
 */
export const ANALYTICS_DELAY_MS = 2000;

export type GaItem = {
  item_id: string;
  item_name: string;
  item_brand?: string;
  item_variant?: string;
  item_list_name?: string;
  index?: number;
  price: number;
  discount?: number;
  quantity?: number;
};

/** A cart line as GA4 reads it (`quantity` units of it: an add or a removal may move only part). */
export const gaItem = (item: CartItem, quantity = item.quantidade): GaItem => ({
  item_id: String(item.hash.idProduto),
  item_name: item.nome,
  item_variant: item.atributos.simples?.atributoValor.label ?? '',
  price: item.precos.precoPor,
  discount: Math.round((item.precos.precoDe - item.precos.precoPor) * 100) / 100,
  quantity,
});

type DataLayerWindow = Window & { dataLayer?: object[] };

const pending: object[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

function flush(): void {
  clearTimeout(timer);
  timer = undefined;
  const w = window as DataLayerWindow;
  w.dataLayer ??= [];
  for (const entry of pending.splice(0)) {
    // GA4 asks for the previous ecommerce object to be cleared before the next one.
    if ('ecommerce' in entry) w.dataLayer.push({ ecommerce: null });
    w.dataLayer.push(entry);
  }
}

/**
 * Queue an event for the data layer. Events leave ANALYTICS_DELAY_MS after the last one queued, or at
 * once when the page is being left (a search submit, a click to a product), so none is lost.
 */
export function track(event: string, params: object = {}): void {
  if (pending.length === 0) addEventListener('pagehide', flush, { once: true });
  pending.push({ event, ...params });
  clearTimeout(timer);
  timer = setTimeout(flush, ANALYTICS_DELAY_MS);
}

const value = (items: GaItem[]) =>
  Math.round(items.reduce((sum, i) => sum + i.price * (i.quantity ?? 1), 0) * 100) / 100;
const ecommerce = (items: GaItem[], extra: object = {}) => ({
  ecommerce: { currency: 'BRL', value: value(items), items, ...extra },
});

export const trackAddToCart = (items: GaItem[]) => {
  track('add_to_cart', ecommerce(items));
};
export const trackRemoveFromCart = (items: GaItem[]) => {
  track('remove_from_cart', ecommerce(items));
};
export const trackAddToWishlist = (items: GaItem[]) => {
  track('add_to_wishlist', ecommerce(items));
};
export const trackSearch = (term: string) => {
  track('search', { search_term: term });
};
export const trackViewItemList = (list: string, items: GaItem[]) => {
  track('view_item_list', { ecommerce: { item_list_name: list, items } });
};
export const trackSelectItem = (list: string, item: GaItem) => {
  track('select_item', { ecommerce: { item_list_name: list, items: [item] } });
};
export const trackSelectPromotion = (promotion: { id: string; name: string; slot: string }) => {
  track('select_promotion', {
    ecommerce: {
      promotion_id: promotion.id,
      promotion_name: promotion.name,
      creative_slot: promotion.slot,
      items: [],
    },
  });
};
