import { atom } from 'nanostores';
import { ApiError } from '#/api/core.ts';
import { searchProducts } from '#/api/page.ts';
import { getShowcase } from '#/api/store.ts';
import type { Produto } from '#/contract/product.ts';
import { searchText } from '#/contract/search-text.ts';
import { trackSearch } from '#/lib/analytics.ts';
import { api } from './api.ts';

/** Header search (spec sections 2, 4 and 9). */
export const SEARCH_DEBOUNCE_MS = 500;
export const BLUR_DELAY_MS = 300;
export const VOICE_SUBMIT_MS = 2000;
export const SUGGESTIONS_DESKTOP = 8;
export const SUGGESTIONS_MOBILE = 3;
/** The showcase whose products are the suggestions before anything is typed. */
const DEFAULTS_SHOWCASE = 'vitrine-mais-vendidos';

export const $searchText = atom('');
/** The suggestion panel is open (desktop dropdown or mobile full-screen panel). */
export const $searchOpen = atom(false);
export const $suggestions = atom<Produto[]>([]);
export const $searchLoading = atom(false);
/** A submit is on its way: blurring the input must not clear the results. */
export const $submitting = atom(false);

let timer: ReturnType<typeof setTimeout> | undefined;
let sequence = 0;
let defaults: Produto[] | undefined;

async function fetchSuggestions(text: string, limit: number): Promise<void> {
  const mine = ++sequence;
  $searchLoading.set(true);
  try {
    const products = text
      ? (await searchProducts(api(), text, { offset: 0, limit })).conteudo.produtos
      : (defaults ??= (await getShowcase(api(), DEFAULTS_SHOWCASE, { limit: SUGGESTIONS_DESKTOP })).produtos);
    if (mine === sequence) $suggestions.set(products.slice(0, limit));
  } catch (error) {
    // Spec section 8: search failures are only logged.
    if (!(error instanceof ApiError)) throw error;
    console.warn('[busca]', error.message);
    if (mine === sequence) $suggestions.set([]);
  } finally {
    if (mine === sequence) $searchLoading.set(false);
  }
}

/** The shopper typed: open the panel and fetch suggestions SEARCH_DEBOUNCE_MS after the last key. */
export function typed(text: string, limit: number): void {
  $searchText.set(text);
  $searchOpen.set(true);
  clearTimeout(timer);
  const query = searchText(text);
  if (!query) {
    void fetchSuggestions('', limit);
    return;
  }
  timer = setTimeout(() => void fetchSuggestions(query, limit), SEARCH_DEBOUNCE_MS);
}

/** Open the panel on the current text (focus, or the mobile panel opening). */
export function openSearch(limit: number): void {
  $searchOpen.set(true);
  if ($suggestions.get().length === 0) void fetchSuggestions(searchText($searchText.get()), limit);
}

/** Close the panel; results are dropped unless a submit is on its way. */
export function closeSearch(): void {
  clearTimeout(timer);
  $searchOpen.set(false);
  if (!$submitting.get()) {
    sequence += 1;
    $suggestions.set([]);
    $searchLoading.set(false);
  }
}

/** The results page for a text; nothing for empty text. */
export const searchUrl = (text: string): string | undefined => {
  const query = searchText(text);
  return query ? `/busca?busca=${encodeURIComponent(query)}` : undefined;
};

/** Submit: only with text; records the search, clears the input and goes to /busca. */
export function submitSearch(
  text: string,
  go: (url: string) => void = (url) => {
    location.assign(url);
  },
): boolean {
  const url = searchUrl(text);
  if (!url) return false;
  $submitting.set(true);
  trackSearch(searchText(text));
  $searchText.set('');
  $searchOpen.set(false);
  go(url);
  return true;
}
