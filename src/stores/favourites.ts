import { atom } from 'nanostores';
import { changeFavourite, getFavourites } from '#/api/account.ts';
import { ApiError } from '#/api/core.ts';
import { trackAddToWishlist } from '#/lib/analytics.ts';
import { api } from './api.ts';
import { ensureUser } from './user.ts';

/** Product ids the logged-in shopper keeps as favourites (empty for guests). */
export const $favourites = atom<ReadonlySet<number>>(new Set());

export const LOGIN_PATH = '/checkout/acesso';
export const VERIFY_FAILED = 'Erro ao fazer a request de favoritos!';

/** The login page, coming back to where the shopper is. */
export const loginUrl = (back: string) => `${LOGIN_PATH}?retorno=${encodeURIComponent(back)}`;

let loading: Promise<void> | undefined;

/** One request for every heart on the page (only for a logged-in shopper; guests have none). */
export function loadFavourites(): Promise<void> {
  const load = (async () => {
    const user = await ensureUser();
    if (!user?.logado) return;
    try {
      $favourites.set(new Set(await getFavourites(api())));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      console.error(VERIFY_FAILED, error.message);
    }
  })().finally(() => {
    if (loading === load) loading = undefined;
  });
  loading = load;
  return load;
}

/**
 * Add when not a favourite, remove when it is; the heart follows the answer's `sucesso`. A guest's
 * 401 sends them to the login page (and back here afterwards).
 */
export async function toggleFavourite(
  product: { id: number; name: string; price: number },
  go: (url: string) => void = (url) => {
    location.assign(url);
  },
): Promise<void> {
  // A tap before the page's list arrived: wait for it, or the heart would add what is already there
  // and the late list would then paint over the answer.
  if (loading) await loading;
  const isFavourite = $favourites.get().has(product.id);
  try {
    const answer = await changeFavourite(api(), isFavourite ? 'remove' : 'add', product.id);
    if (!answer.sucesso) return;
    const next = new Set($favourites.get());
    if (isFavourite) next.delete(product.id);
    else next.add(product.id);
    $favourites.set(next);
    if (!isFavourite)
      trackAddToWishlist([{ item_id: String(product.id), item_name: product.name, price: product.price }]);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 401) go(loginUrl(location.pathname + location.search));
    else console.error('[favoritos]', error.message);
  }
}
