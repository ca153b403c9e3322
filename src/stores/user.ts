import { atom } from 'nanostores';
import { getUser } from '#/api/account.ts';
import { ApiError } from '#/api/core.ts';
import type { User } from '#/contract/user.ts';
import { api } from './api.ts';

/** The visitor as the platform knows them (logged in or not); undefined until asked. */
export const $user = atom<User | undefined>(undefined);

let loading: Promise<User | undefined> | undefined;

/** Ask the platform once per page (greeting, favourites, internal-sale bar all share the answer). */
export function ensureUser(): Promise<User | undefined> {
  loading ??= getUser(api()).then(
    (user) => {
      $user.set(user);
      return user;
    },
    (error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
      console.warn('[usuário]', error.message);
      return undefined;
    },
  );
  return loading;
}

/** Forget the answer: the session changed without a new page (a test's next visitor). */
export function forgetUser(): void {
  loading = undefined;
  $user.set(undefined);
}

/** First name for greetings ('Olá, Ana'). */
export const firstName = (user: User | undefined): string | undefined =>
  user?.logado ? user.nomeRazao.trim().split(/\s+/)[0] : undefined;
