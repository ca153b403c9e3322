import type { APIRoute } from 'astro';
import { changeFavourite } from '#/api/account.ts';
import { ApiError } from '#/api/http.ts';
import { safeBack } from '#/lib/forms.ts';
import { visitorClient } from '#/lib/session.ts';

/**
 * The wishlist heart without JavaScript: toggle the product on the platform and go back (303); a
 * guest goes to the login page, which brings them back afterwards. Astro's origin check keeps other
 * sites from posting here.
 */
export const POST: APIRoute = async ({ request, cookies, url, redirect }) => {
  const form = await request.formData().catch(() => undefined);
  const back = safeBack(url.searchParams.get('retorno'));
  const raw = form?.get('idProduto');
  const id = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (!id) return redirect(back, 303);
  const client = visitorClient({ url, cookies });
  try {
    const { favorito } = await changeFavourite(client, 'verify', id);
    await changeFavourite(client, favorito ? 'remove' : 'add', id);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 401) return redirect(`/checkout/acesso?retorno=${encodeURIComponent(back)}`, 303);
    console.warn('[favoritos]', error.message);
  }
  return redirect(back, 303);
};

export const GET: APIRoute = ({ redirect }) => redirect('/minha-conta/lista-desejo', 303);
