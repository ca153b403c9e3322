import type { APIRoute } from 'astro';
import { logout } from '../../api/account.ts';
import { ApiError, createClient } from '../../api/http.ts';
import { SESSION_COOKIE, sessionCookieOptions } from '../../lib/session.ts';

/** Log out (a form posts here): the platform ends the session and issues a new, anonymous one. */
export const POST: APIRoute = async ({ cookies, url, redirect }) => {
  const client = createClient(url.origin, cookies.get(SESSION_COOKIE)?.value);
  try {
    await logout(client);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    console.warn('[sair]', error.message);
  }
  if (client.issuedSession) cookies.set(SESSION_COOKIE, client.issuedSession, sessionCookieOptions(url));
  else cookies.delete(SESSION_COOKIE, { path: '/' });
  return redirect('/', 303);
};

export const GET: APIRoute = ({ redirect }) => redirect('/checkout/acesso', 303);
