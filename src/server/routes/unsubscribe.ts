import { Hono } from 'hono';
import type { PlatformEnv } from '#/server/context.ts';
import { badRequest } from '#/server/errors.ts';
import { customerOfToken, withdrawConsent } from '#/server/cart/abandoned.ts';

/**
 * The way out of the store's offers (`/unsubscribe?t=`; our extension): no App-Token, no login, the signed
 * token is the check. `POST` is the one click a mail app makes from `List-Unsubscribe-Post` (RFC 8058); a
 * person who opens the link (`GET`) is sent to the page that asks them to confirm, so no mail scanner's visit
 * unsubscribes anyone.
 */
export const unsubscribe = new Hono<PlatformEnv>();

unsubscribe.get('/', (c) => c.redirect(`/descadastrar?t=${encodeURIComponent(c.req.query('t') ?? '')}`, 303));

unsubscribe.post('/', async (c) => {
  const { db, sessionKey } = c.get('config');
  const customer = customerOfToken(await sessionKey(), c.req.query('t') ?? '');
  if (customer === undefined) throw badRequest('Link de descadastro inválido ou incompleto.');
  await withdrawConsent(db, customer);
  return c.json({ sucesso: true, mensagem: 'Pronto: você não recebe mais ofertas da loja por e-mail.' });
});
