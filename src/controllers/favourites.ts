import { changeFavourite, getFavouriteProducts } from '#/api/account.ts';
import { ApiError } from '#/api/http.ts';
import type { Answer } from './answer.ts';
import { redirect, refusal } from './answer.ts';
import { postedFields, safeBack } from './fields.ts';
import { loginFor, visitorClient } from './visit.ts';
import type { Visit } from './visit.ts';

type Produtos = Awaited<ReturnType<typeof getFavouriteProducts>>;

/** The customer's favourites as a product grid; a guest is sent to log in and comes back here. */
export async function favouritesPage(visit: Visit): Promise<Answer<Produtos>> {
  try {
    return { view: await getFavouriteProducts(visitorClient(visit)) };
  } catch (error) {
    if (refusal(error).status === 401) return redirect(loginFor(visit.url.pathname));
    throw error;
  }
}

/**
 * The wishlist heart without JavaScript (`POST /favoritos`): toggle the product on the platform and go back
 * (`retorno`); a guest goes to the login page, which brings them back afterwards.
 */
export async function toggleFavourite(visit: Visit): Promise<{ redirect: string }> {
  const back = safeBack(visit.url.searchParams.get('retorno'));
  const raw = (await postedFields(visit.request))?.['idProduto'] ?? '';
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (!id) return redirect(back);
  const client = visitorClient(visit);
  try {
    const { favorito } = await changeFavourite(client, 'verify', id);
    await changeFavourite(client, favorito ? 'remove' : 'add', id);
  } catch (error) {
    // The heart is a convenience: a platform that fails here sends the shopper back, not to an error page.
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 401) return redirect(loginFor(back));
    console.warn('[favoritos]', error.message);
  }
  return redirect(back);
}
