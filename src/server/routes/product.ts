import { Hono } from 'hono';
import { HONEYPOT_FIELD, STOCK_REQUEST_SAVED, stockRequestSchema } from '#/contract/forms.ts';
import type { FormAnswer } from '#/contract/forms.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { invalidForm, readForm } from '#/server/forms/fields.ts';
import { requestStockNotice } from '#/server/forms/stock-requests.ts';
import { shopperMailSaid } from '#/server/mail/said.ts';
import { rateLimit } from '#/server/rate-limit.ts';

/** `product/solicitation` ("Avise-me"): be e-mailed once when a sold-out finish is back in stock. */
export const product = new Hono<PlatformEnv>();

product.post('/solicitation', rateLimit('avise-me', 10, 60_000), async (c) => {
  const result = readForm(await c.req.json().catch(() => undefined), stockRequestSchema);
  if (!result.ok) return c.json(invalidForm(result.erros), 400);
  if (!result.data[HONEYPOT_FIELD])
    await requestStockNotice(c.get('config').db, result.data, c.get('origin'));
  return c.json({
    sucesso: true,
    mensagem: shopperMailSaid(c.get('config').mailer, STOCK_REQUEST_SAVED, 'Pedido de aviso registrado.'),
  } satisfies FormAnswer);
});
