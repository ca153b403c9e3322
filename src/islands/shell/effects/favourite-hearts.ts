import { useEffect } from 'react';
import { $favourites, loadFavourites, toggleFavourite } from '#/stores/favourites.ts';
import { parseBRL } from '#/lib/read-price.ts';

/** The product name behind a heart ('Favoritar Torneira X' → 'Torneira X'). */
export const nameOf = (heart: HTMLElement) =>
  (heart.getAttribute('aria-label') ?? '').replace(/^Favoritar /, '');

/** The product id a heart sends (its button's value). */
export const idOf = (heart: HTMLElement) => Number(heart.getAttribute('value'));

/** The price its card or buy box shows (none for a product off sale: 0), for analytics. */
export const priceOf = (heart: HTMLElement) =>
  parseBRL(heart.closest('article, .buy')?.querySelector('.price__por')?.textContent ?? '');

/** The hearts of the page: one request for all, each submit toggles, every heart of a product follows. */
export function useFavouriteHearts(): void {
  useEffect(() => {
    void loadFavourites();
    const paint = (ids: ReadonlySet<number>) => {
      for (const heart of document.querySelectorAll<HTMLElement>('[data-fav]'))
        heart.setAttribute('aria-pressed', String(ids.has(idOf(heart))));
    };
    const unpaint = $favourites.subscribe(paint);
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.matches('[data-fav-form]')) return;
      event.preventDefault();
      const heart = form.querySelector<HTMLElement>('[data-fav]');
      if (!heart) return;
      void toggleFavourite({
        id: idOf(heart),
        name: nameOf(heart),
        price: priceOf(heart),
      });
    };
    document.addEventListener('submit', onSubmit);
    return () => {
      unpaint();
      document.removeEventListener('submit', onSubmit);
    };
  }, []);
}
