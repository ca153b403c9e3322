import { confirmLogin, getUser, login, logout, requestPasswordReset } from '#/api/account.ts';
import { ApiError } from '#/api/http.ts';
import { SESSION_COOKIE } from '#/contract/session.ts';
import type { User } from '#/contract/user.ts';
import type { Answer, Notice } from './answer.ts';
import { fieldRefusal, redirect, refusal } from './answer.ts';
import { byAction, postedFields, safeBack } from './fields.ts';
import type { Fields } from './fields.ts';
import { keepIssuedSession, sessionCookieOptions, visitorClient } from './visit.ts';
import type { Visit } from './visit.ts';

export type Login = {
  /** Where the visitor goes once logged in (`retorno`, a path of this store), and the way to sign up. */
  back: string;
  signup: string;
  values: Fields;
  errors: Readonly<Record<string, string>>;
  notice: Notice | undefined;
  /** The recovery form was the one posted (it stays open). */
  recovering: boolean;
  /** Someone already logged in (a GET only). */
  user: User | undefined;
  /** A login held for the code e-mailed to the account (the store is under attack and this device is new). */
  code?: { desafio: string; error?: string | undefined } | undefined;
};

/** The cookie that lets a device that logged in before skip the code while the store is under attack. */
export const DEVICE_COOKIE = 'loja_dispositivo';
const DEVICE_DAYS = 400;

function keepDevice(visit: Visit, token: string | undefined) {
  if (token)
    visit.cookies.set(DEVICE_COOKIE, token, {
      ...sessionCookieOptions(visit.url),
      maxAge: DEVICE_DAYS * 24 * 60 * 60,
    });
}

/**
 * Login ('Já sou cliente') and the way to sign up, plus the password-recovery request (`acao=recuperar`).
 * A visitor sent here from a page that needs a login goes back to `retorno` afterwards.
 */
export async function loginPage(visit: Visit): Promise<Answer<Login>> {
  const back = safeBack(visit.url.searchParams.get('retorno'), '/minha-conta/');
  const client = visitorClient(visit);
  const fields = await postedFields(visit.request);
  const view: Login = {
    back,
    signup: `/checkout/cadastro${back === '/minha-conta/' ? '' : `?retorno=${encodeURIComponent(back)}`}`,
    values: fields ?? {},
    errors: {},
    notice: undefined,
    recovering: fields?.['acao'] === 'recuperar',
    user: undefined,
  };
  if (!fields) {
    view.user = await getUser(client).catch(() => undefined);
    return { view };
  }
  try {
    return await byAction<Answer<Login>>(
      fields,
      {
        recuperar: async ({ usuario = '' }) => {
          const { mensagem } = await requestPasswordReset(client, usuario);
          return { view: { ...view, notice: { text: mensagem, error: false } } };
        },
        codigo: async ({ desafio = '', codigo = '' }) => {
          try {
            const answer = await confirmLogin(client, desafio, codigo);
            keepDevice(visit, answer.dispositivo);
            keepIssuedSession(visit, client);
            return redirect(back);
          } catch (error) {
            const { status, why } = fieldRefusal(error, 'codigo');
            return {
              status,
              view: { ...view, code: { desafio, error: why }, notice: { text: why, error: true } },
            };
          }
        },
      },
      async ({ usuario = '', senha = '' }) => {
        const answer = await login(client, usuario, senha, visit.cookies.get(DEVICE_COOKIE)?.value);
        if (answer.desafio)
          return {
            view: {
              ...view,
              code: { desafio: answer.desafio },
              notice: { text: answer.mensagem, error: false },
            },
          };
        keepDevice(visit, answer.dispositivo);
        keepIssuedSession(visit, client);
        return redirect(back);
      },
    );
  } catch (error) {
    const refused = refusal(error);
    return {
      status: refused.status,
      view: { ...view, errors: refused.fields, notice: { text: refused.mensagem, error: true } },
    };
  }
}

/** Log out (a form posts to /checkout/sair): the platform ends the session and issues a new, anonymous one. */
export async function logoutAnswer(visit: Visit): Promise<{ redirect: string }> {
  const client = visitorClient(visit);
  try {
    await logout(client);
  } catch (error) {
    // Whatever the platform says, this browser forgets the session below.
    if (!(error instanceof ApiError)) throw error;
    console.warn('[sair]', error.message);
  }
  if (!keepIssuedSession(visit, client)) {
    const { maxAge: _kept, ...options } = sessionCookieOptions(visit.url);
    visit.cookies.delete(SESSION_COOKIE, options);
  }
  return redirect('/');
}
