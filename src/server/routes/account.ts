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
import { createResetToken, resetPassword } from '#/server/accounts/password-resets.ts';
import { decoyHash, hashPassword, verifyPassword } from '#/server/accounts/passwords.ts';
import { handOver } from '#/server/accounts/sessions.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { PlatformError } from '#/server/errors.ts';
import { invalidForm, readForm } from '#/server/forms/fields.ts';
import { sendInBackground } from '#/server/mail/mailer.ts';
import { issueSession } from '#/server/middleware.ts';
import { loadSettings } from '#/server/content/settings.ts';
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
    address: {
      cep: data.cep,
      logradouro: data.logradouro,
      numero: data.numero,
      complemento: data.complemento,
      bairro: data.bairro,
      cidade: data.cidade,
      uf: data.uf,
    },
    passwordHash: await hashPassword(data.senha),
    optin: data.optin,
  });
  if (created === undefined)
    return c.json(invalidForm({ email: 'Já existe uma conta com este e-mail.' }), 409);
  await rotateSession(c, created, true);
  return c.json(welcome, 201);
});

/** Failed logins one account may take in FAILURE_WINDOW_SECONDS, from any address, before it is held. */
const ACCOUNT_FAILURES = 10;
const FAILURE_WINDOW_SECONDS = 15 * 60;
/** Failed logins the whole store takes in a minute before logins pause (a stuffing burst). */
const STORE_FAILURES_PER_MINUTE = 300;
const LOGIN_BLOCKED =
  'Muitas tentativas de entrar nesta conta. Aguarde alguns minutos ou crie uma nova senha em "Esqueci minha senha".';

account.post('/login', rateLimit('login', 10, 60_000), async (c) => {
  const form = readForm(await body(c), loginSchema);
  if (!form.ok) return c.json(invalidForm(form.erros), 400);
  const { usuario, senha } = form.data;
  const customer = await findByLogin(c.get('config').db, usuario);
  // Credential stuffing (one password tried over many accounts from a few addresses) is slowed beyond the
  // per-address limit: failures count per account, whatever the address, and store-wide (login protection
  // pattern of rate-limiter-flexible). A blocked account is refused even with the right password for a while.
  const { limits } = c.get('config');
  const perAccount = limits.limiter('login-falhas-conta', ACCOUNT_FAILURES, FAILURE_WINDOW_SECONDS);
  const storeWide = limits.limiter('login-falhas-loja', STORE_FAILURES_PER_MINUTE, 60);
  const account = usuario.toLowerCase().slice(0, 200);
  const [byAccount, byStore] = await Promise.all([perAccount.get(account), storeWide.get('loja')]);
  const blocked = [
    byAccount && byAccount.consumedPoints >= ACCOUNT_FAILURES ? byAccount : undefined,
    byStore && byStore.consumedPoints >= STORE_FAILURES_PER_MINUTE ? byStore : undefined,
  ].find(Boolean);
  if (blocked) {
    c.header('Retry-After', retryAfter(blocked));
    throw new PlatformError(429, 'rate_limited', LOGIN_BLOCKED);
  }
  // Unknown account and wrong password: the same work, the same answer.
  const ok = await verifyPassword(senha, customer?.passwordHash ?? (await decoyHash()));
  if (!customer || !ok) {
    await Promise.all([perAccount.penalty(account), storeWide.penalty('loja')]);
    throw new PlatformError(401, 'login_failed', LOGIN_FAILED);
  }
  await perAccount.delete(account);
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
  if (customer) {
    const token = await createResetToken(db, customer.id);
    const { nomeLoja } = await loadSettings(db);
    const link = `${c.get('origin')}/checkout/nova-senha?token=${token}`;
    // Sent in the background: the answer takes as long for an address that has no account.
    sendInBackground(c.get('config').mailer, {
      to: customer.email,
      subject: `Crie sua nova senha na ${nomeLoja}`,
      text: [
        `Olá, ${firstName(customer.name)}!`,
        '',
        `Recebemos um pedido para criar uma nova senha na ${nomeLoja}. Abra o link abaixo para escolher a nova senha (ele vale por 1 hora e funciona uma vez):`,
        '',
        link,
        '',
        'Se não foi você quem pediu, ignore este e-mail: sua senha continua a mesma.',
      ].join('\n'),
    });
  }
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
