import { useEffect } from 'react';
import { idOf, nameOf, priceOf } from './favourite-hearts.ts';
import { trackSelectItem, trackSelectPromotion, trackViewItemList } from '#/lib/analytics.ts';
import type { GaItem } from '#/lib/analytics.ts';

/** A card as an analytics item (read from its heart and its price). */
function cardItem(card: Element, list: string, index: number): GaItem | undefined {
  const heart = card.querySelector<HTMLElement>('[data-fav]');
  if (!heart) return undefined;
  return {
    item_id: String(idOf(heart)),
    item_name: nameOf(heart),
    item_brand: card.querySelector('.card__brand')?.textContent.trim() ?? '',
    item_list_name: list,
    index,
    price: priceOf(heart),
  };
}

/** view_item_list for the page's product lists, select_item and select_promotion on their clicks. */
export function usePageTracking(): void {
  useEffect(() => {
    for (const list of document.querySelectorAll<HTMLElement>('[data-list-name]')) {
      const name = list.dataset['listName'] ?? '';
      const items = [...list.querySelectorAll('article.card')].flatMap(
        (card, i) => cardItem(card, name, i) ?? [],
      );
      if (items.length) trackViewItemList(name, items);
    }
    const onClick = (event: MouseEvent) => {
      if (!(event.target instanceof Element)) return;
      const promo = event.target.closest<HTMLElement>('[data-promo]');
      if (promo) {
        trackSelectPromotion({
          id: promo.dataset['promo'] ?? '',
          name: promo.dataset['promoName'] ?? '',
          slot: promo.dataset['promoSlot'] ?? '',
        });
        return;
      }
      const link = event.target.closest('a.card__link');
      const list = link?.closest<HTMLElement>('[data-list-name]');
      const card = link?.closest('article.card');
      if (!link || !list || !card) return;
      const index = [...list.querySelectorAll('article.card')].indexOf(card);
      const item = cardItem(card, list.dataset['listName'] ?? '', index);
      if (item) trackSelectItem(item.item_list_name ?? '', item);
    };
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('click', onClick);
    };
  }, []);
}
