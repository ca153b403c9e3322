import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  LOGIN_FAILED,
  loginSchema,
  profileSchema,
  RECOVERY_SENT,
  recoverySchema,
  resetSchema,
  signupSchema,
} from '#/contract/account.ts';
import { addressSchema } from '#/contract/address.ts';
import { HONEYPOT_FIELD } from '#/contract/forms.ts';
import type { FormAnswer } from '#/contract/forms.ts';
import {
  createCustomer,
  findByLogin,
  firstName,
  requireCustomer,
  takenBy,
  updateProfile,
} from '#/server/accounts/customers.ts';
import { LOGIN_BLOCKED, loginThrottle } from '#/server/accounts/login-throttle.ts';
import { resetPassword, sendRecoveryLink } from '#/server/accounts/password-resets.ts';
import { decoyHash, hashPassword, verifyPassword } from '#/server/accounts/passwords.ts';
import { handOver } from '#/server/accounts/sessions.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { PlatformError } from '#/server/errors.ts';
import { invalidForm, readForm } from '#/server/forms/fields.ts';
import { issueSession } from '#/server/middleware.ts';
import { rateLimit, retryAfter } from '#/server/rate-limit.ts';

/** Accounts: sign-up, login, logout, password recovery and profile (mounted under `checkout`). */
export const account = new Hono<PlatformEnv>();

const body = async (c: Context<PlatformEnv>) => (await c.req.json().catch(() => undefined)) as unknown;

/**
 * Log `customerId` in (or out, with null) on a new session id: the old id stops working, the cart
 * and the CEP move to the new one.
 */
async function rotateSession(c: Context<PlatformEnv>, customerId: number | null, keepCart: boolean) {
  const old = c.get('session');
  await handOver(c.get('config').db, old, issueSession(c), { customerId, keepCart });
}

account.post('/register', rateLimit('cadastro', 5, 60_000), async (c) => {
  const form = readForm(await body(c), signupSchema);
  if (!form.ok) return c.json(invalidForm(form.erros), 400);
  const data = form.data;
  const welcome: FormAnswer = {
    sucesso: true,
    mensagem: `Cadastro feito. Boas-vindas, ${firstName(data.nomeRazao)}!`,
  };
  if (data[HONEYPOT_FIELD]) return c.json(welcome);
  const { db } = c.get('config');
  const field = await takenBy(db, data.email, data.documento);
  if (field) {
    const mensagem =
      field === 'email'
        ? 'Já existe uma conta com este e-mail. Entre com ele ou peça uma nova senha.'
        : `Já existe uma conta com este ${data.pessoa === 'J' ? 'CNPJ' : 'CPF'}. Entre com ele ou peça uma nova senha.`;
    return c.json(invalidForm({ [field]: mensagem }), 409);
  }
  const created = await createCustomer(db, {
    email: data.email,
    pessoa: data.pessoa,
    document: data.documento,
    name: data.nomeRazao,
    phone: data.celular,
    sexo: data.sexo,
    birthDate: data.nascimento,
    address: addressSchema.parse(data),
    passwordHash: await hashPassword(data.senha),
    optin: data.optin,
  });
  if (created === undefined)
    return c.json(invalidForm({ email: 'Já existe uma conta com este e-mail.' }), 409);
  await rotateSession(c, created, true);
  return c.json(welcome, 201);
});

account.post('/login', rateLimit('login', 10, 60_000), async (c) => {
  const form = readForm(await body(c), loginSchema);
  if (!form.ok) return c.json(invalidForm(form.erros), 400);
  const { usuario, senha } = form.data;
  const customer = await findByLogin(c.get('config').db, usuario);
  const throttle = loginThrottle(c.get('config').limits, usuario);
  const held = await throttle.held();
  if (held) {
    c.header('Retry-After', retryAfter(held));
    throw new PlatformError(429, 'rate_limited', LOGIN_BLOCKED);
  }
  // Unknown account and wrong password: the same work, the same answer.
  const ok = await verifyPassword(senha, customer?.passwordHash ?? (await decoyHash()));
  if (!customer || !ok) {
    await throttle.failed();
    throw new PlatformError(401, 'login_failed', LOGIN_FAILED);
  }
  await throttle.succeeded();
  await rotateSession(c, customer.id, true);
  return c.json({ sucesso: true, mensagem: `Olá, ${firstName(customer.name)}!` } satisfies FormAnswer);
});

account.post('/logout', async (c) => {
  await rotateSession(c, null, false);
  return c.json({ sucesso: true, mensagem: 'Você saiu da sua conta.' } satisfies FormAnswer);
});

account.post('/password-recovery', rateLimit('recuperação de senha', 5, 60_000), async (c) => {
  const form = readForm(await body(c), recoverySchema);
  if (!form.ok) return c.json(invalidForm(form.erros), 400);
  const { db } = c.get('config');
  const customer = await findByLogin(db, form.data.usuario);
  if (customer) await sendRecoveryLink(db, c.get('config').mailer, c.get('origin'), customer);
  return c.json({ sucesso: true, mensagem: RECOVERY_SENT } satisfies FormAnswer);
});

account.post('/password-reset', rateLimit('nova senha', 10, 60_000), async (c) => {
  const form = readForm(await body(c), resetSchema);
  if (!form.ok) return c.json(invalidForm(form.erros), 400);
  if (!(await resetPassword(c.get('config').db, form.data.token, form.data.senha)))
    return c.json(invalidForm({ token: 'Este link já foi usado ou expirou. Peça um novo.' }), 400);
  return c.json({ sucesso: true, mensagem: 'Senha alterada. Entre com a nova senha.' } satisfies FormAnswer);
});

account.post('/user', async (c) => {
  const { db } = c.get('config');
  const customer = await requireCustomer(db, c.get('session'), 'Entre na sua conta para alterar seus dados.');
  const form = readForm(await body(c), profileSchema);
  if (!form.ok) return c.json(invalidForm(form.erros), 400);
  const { nomeRazao, celular, optin, ...address } = form.data;
  await updateProfile(db, customer.id, { name: nomeRazao, phone: celular, optin, address });
  return c.json({ sucesso: true, mensagem: 'Dados atualizados.' } satisfies FormAnswer);
});
