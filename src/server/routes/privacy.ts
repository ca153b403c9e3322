import { Hono } from 'hono';
import type { Context } from 'hono';
import type { FormAnswer } from '#/contract/forms.ts';
import { consentWithdrawSchema, deletionAskSchema } from '#/contract/rights.ts';
import { requireCustomer } from '#/server/accounts/customers.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { invalidForm, readForm } from '#/server/forms/fields.ts';
import { dayAndTime } from '#/server/lib/dates.ts';
import { rateLimit } from '#/server/rate-limit.ts';
import { askDeletion } from '#/server/rights/deletion.ts';
import { exportData, privacyOf, withdrawOne } from '#/server/rights/privacy.ts';

/**
 * The customer's rights over their data (`checkout/privacy`, our extension; LGPD art. 18): consents and the
 * deletion request, the copy of their data, a consent taken back, the account's deletion asked.
 */
export const privacy = new Hono<PlatformEnv>();

const LOGIN = 'Entre na sua conta para cuidar dos seus dados.';
const customerOf = (c: Context<PlatformEnv>) => requireCustomer(c.get('config').db, c.get('session'), LOGIN);
const body = async (c: Context<PlatformEnv>) => (await c.req.json().catch(() => undefined)) as unknown;

privacy.get('/', async (c) => c.json(await privacyOf(c.get('config').db, await customerOf(c))));

privacy.get('/export', rateLimit('cópia dos dados', 10, 60_000), async (c) =>
  c.json(await exportData(c.get('config').db, await customerOf(c))),
);

privacy.post('/consents', async (c) => {
  const customer = await customerOf(c);
  const form = readForm(await body(c), consentWithdrawSchema);
  if (!form.ok) return c.json(invalidForm(form.erros), 400);
  const mensagem = await withdrawOne(c.get('config').db, customer, form.data.consentimento, form.data.id);
  return c.json({ sucesso: true, mensagem } satisfies FormAnswer);
});

privacy.post('/deletion', rateLimit('exclusão de conta', 5, 60_000), async (c) => {
  const customer = await customerOf(c);
  const form = readForm(await body(c), deletionAskSchema);
  if (!form.ok) return c.json(invalidForm(form.erros), 400);
  const { db, mailer } = c.get('config');
  const due = await askDeletion({ db, mailer, origin: c.get('origin') }, customer, form.data.senha);
  return c.json({
    sucesso: true,
    mensagem: `Pedido de exclusão recebido. Respondemos até ${dayAndTime(due)} e enviamos a confirmação para ${customer.email}.`,
  } satisfies FormAnswer);
});
