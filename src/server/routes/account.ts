import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { Mailer } from '#/server/mail/mailer.ts';
import { shopperMailSaid } from '#/server/mail/said.ts';
import {
  LOGIN_FAILED,
  loginConfirmSchema,
  loginSchema,
  profileSchema,
  RECOVERY_SENT,
  recoverySchema,
  resetSchema,
  signupConfirmSchema,
  signupSchema,
} from '#/contract/account.ts';
import { addressSchema } from '#/contract/address.ts';
import { HONEYPOT_FIELD } from '#/contract/forms.ts';
import type { FormAnswer } from '#/contract/forms.ts';
import {
  findByLogin,
  findCustomerName,
  firstName,
  requireCustomer,
  updateProfile,
} from '#/server/accounts/customers.ts';
import { confirmSignup, startSignup } from '#/server/accounts/signup-codes.ts';
import {
  confirmLogin,
  deviceToken,
  HELD_LOGIN,
  holdLogin,
  knownDevice,
  loginWatch,
} from '#/server/accounts/login-watch.ts';
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

/** What every sign-up hears, whether its e-mail is new or already has an account. */
const codeSent = (mailer: Mailer, email: string, desafio: string): FormAnswer => ({
  sucesso: true,
  mensagem: shopperMailSaid(
    mailer,
    `Enviamos um código de 6 números para ${email}. Digite-o abaixo para concluir o cadastro: ele vale 15 minutos. Não chegou? Confira o spam ou faça o cadastro de novo.`,
    `O cadastro espera o código de 6 números para ${email}.`,
  ),
  desafio,
});

account.post('/register', rateLimit('cadastro', 5, 60_000), async (c) => {
  const form = readForm(await body(c), signupSchema);
  if (!form.ok) return c.json(invalidForm(form.erros), 400);
  const data = form.data;
  // The same answer and the same work for a new e-mail, a taken one and a bot: nobody learns who is a customer.
  const passwordHash = await hashPassword(data.senha);
  if (data[HONEYPOT_FIELD])
    return c.json(codeSent(c.get('config').mailer, data.email, randomBytes(24).toString('base64url')));
  const { db, mailer, limits } = c.get('config');
  const desafio = await startSignup(
    { db, mailer, limits, origin: c.get('origin') },
    {
      email: data.email,
      pessoa: data.pessoa,
      document: data.documento,
      name: data.nomeRazao,
      phone: data.celular,
      sexo: data.sexo,
      birthDate: data.nascimento,
      stateRegistration: data.inscricaoEstadual,
      address: addressSchema.parse(data),
      passwordHash,
      optin: data.optin,
    },
  );
  return c.json(codeSent(c.get('config').mailer, data.email, desafio));
});

const CONFIRM_REFUSALS = {
  wrong: [400, { codigo: 'Código incorreto. Confira o e-mail e digite os 6 números de novo.' }],
  expired: [
    400,
    { codigo: 'Este código expirou ou já foi usado. Faça o cadastro de novo para receber outro.' },
  ],
  taken_email: [
    409,
    { codigo: 'Já existe uma conta com este e-mail. Entre com ele ou peça uma nova senha.' },
  ],
  taken_document: [
    409,
    {
      codigo:
        'Já existe uma conta com este CPF ou CNPJ, com outro e-mail. Entre com ela ou peça uma nova senha.',
    },
  ],
} as const;

/** The code from the e-mail: the account is made and logged in (the cart kept). */
account.post('/register/confirm', rateLimit('confirmação de cadastro', 10, 60_000), async (c) => {
  const form = readForm(await body(c), signupConfirmSchema);
  if (!form.ok) return c.json(invalidForm(form.erros), 400);
  const done = await confirmSignup(c.get('config').db, form.data.desafio, form.data.codigo);
  if ('refused' in done) {
    const [status, errors] = CONFIRM_REFUSALS[done.refused];
    return c.json(invalidForm(errors), status);
  }
  await rotateSession(c, done.customerId, true);
  const [created] = await findCustomerName(c.get('config').db, done.customerId);
  return c.json(
    { sucesso: true, mensagem: `Cadastro feito. Boas-vindas, ${firstName(created?.name ?? '')}!` },
    201,
  );
});

account.post('/login', rateLimit('login', 10, 60_000), async (c) => {
  const form = readForm(await body(c), loginSchema);
  if (!form.ok) return c.json(invalidForm(form.erros), 400);
  const { usuario, senha, dispositivo } = form.data;
  const { db, limits, mailer } = c.get('config');
  const customer = await findByLogin(db, usuario);
  const throttle = loginThrottle(limits, usuario);
  const held = await throttle.held();
  if (held) {
    c.header('Retry-After', retryAfter(held));
    throw new PlatformError(429, 'rate_limited', LOGIN_BLOCKED);
  }
  const watch = loginWatch(limits);
  const attack = await watch.underAttack();
  // Unknown account and wrong password: the same work, the same answer.
  const ok = await verifyPassword(senha, customer?.passwordHash ?? (await decoyHash()));
  if (!customer || !ok) {
    await Promise.all([throttle.failed(), watch.failed(usuario)]);
    // Under a spread attack the answer is the held login's, right password or not: no oracle.
    if (attack) return c.json(heldLogin(mailer, await holdLogin({ db, mailer }, undefined)));
    throw new PlatformError(401, 'login_failed', LOGIN_FAILED);
  }
  const key = c.get('sessionKey');
  if (attack && !knownDevice(key, dispositivo, customer.id))
    return c.json(heldLogin(mailer, await holdLogin({ db, mailer }, customer)));
  await throttle.succeeded();
  await rotateSession(c, customer.id, true);
  return c.json({
    sucesso: true,
    mensagem: `Olá, ${firstName(customer.name)}!`,
    dispositivo: deviceToken(key, customer.id),
  } satisfies FormAnswer);
});

const heldLogin = (mailer: Mailer, desafio: string): FormAnswer => ({
  sucesso: true,
  mensagem: shopperMailSaid(
    mailer,
    HELD_LOGIN,
    'Por segurança, esta entrada pede um código enviado por e-mail.',
  ),
  desafio,
});

/** A held login's code: the customer is logged in, and this device is known from now on. */
account.post('/login/confirm', rateLimit('confirmação de login', 10, 60_000), async (c) => {
  const form = readForm(await body(c), loginConfirmSchema);
  if (!form.ok) return c.json(invalidForm(form.erros), 400);
  const { db } = c.get('config');
  const done = await confirmLogin(db, form.data.desafio, form.data.codigo);
  if ('refused' in done)
    return c.json(invalidForm({ codigo: CONFIRM_REFUSALS[done.refused][1].codigo }), 400);
  await rotateSession(c, done.customerId, true);
  const [found] = await findCustomerName(db, done.customerId);
  return c.json({
    sucesso: true,
    mensagem: `Olá, ${firstName(found?.name ?? '')}!`,
    dispositivo: deviceToken(c.get('sessionKey'), done.customerId),
  } satisfies FormAnswer);
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
  return c.json({
    sucesso: true,
    mensagem: shopperMailSaid(c.get('config').mailer, RECOVERY_SENT, 'O link de nova senha vai por e-mail.'),
  } satisfies FormAnswer);
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
  const { nomeRazao, celular, optin, inscricaoEstadual, ...address } = form.data;
  await updateProfile(db, customer, {
    name: nomeRazao,
    phone: celular,
    optin,
    address,
    stateRegistration: inscricaoEstadual,
  });
  return c.json({ sucesso: true, mensagem: 'Dados atualizados.' } satisfies FormAnswer);
});
