import type { APIRoute } from 'astro';
import { logout } from '#/api/account.ts';
import { ApiError } from '#/api/http.ts';
import { SESSION_COOKIE } from '#/contract/session.ts';
import { keepIssuedSession, visitorClient } from '#/lib/session.ts';

/** Log out (a form posts here): the platform ends the session and issues a new, anonymous one. */
export const POST: APIRoute = async ({ cookies, url, redirect }) => {
  const client = visitorClient({ url, cookies });
  try {
    await logout(client);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    console.warn('[sair]', error.message);
  }
  if (!keepIssuedSession({ url, cookies }, client)) cookies.delete(SESSION_COOKIE, { path: '/' });
  return redirect('/', 303);
};

export const GET: APIRoute = ({ redirect }) => redirect('/checkout/acesso', 303);
