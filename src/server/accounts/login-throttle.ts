// One concern: slowing credential stuffing (one password tried over many accounts from a few addresses)
// beyond the per-address limit. Failures count per account, whatever the address, and store-wide (the
// login protection pattern of rate-limiter-flexible); a held account is refused even with the right
// password for a while.
import type { RateLimiterRes } from 'rate-limiter-flexible';
import type { Limits } from '#/server/rate-limit.ts';

/** Failed logins one account may take in FAILURE_WINDOW_SECONDS, from any address, before it is held. */
export const ACCOUNT_FAILURES = 10;
const FAILURE_WINDOW_SECONDS = 15 * 60;
/** Failed logins the whole store takes in a minute before logins pause (a stuffing burst). */
export const STORE_FAILURES_PER_MINUTE = 300;
export const LOGIN_BLOCKED =
  'Muitas tentativas de entrar nesta conta. Aguarde alguns minutos ou crie uma nova senha em "Esqueci minha senha".';

export type LoginThrottle = {
  /** The count that holds this login now, if any (its wait goes in Retry-After). */
  held: () => Promise<RateLimiterRes | undefined>;
  /** A wrong password (or an unknown account): one more failure for the account and the store. */
  failed: () => Promise<void>;
  /** The right password: the account's failures are forgotten. */
  succeeded: () => Promise<void>;
};

/**
 * The throttle of a login attempt for `usuario` (an e-mail or a document, as typed). `door` keeps the
 * shoppers' login and the back office's apart: a stuffing run on one does not lock the other.
 */
export function loginThrottle(
  limits: Limits,
  usuario: string,
  door: 'login' | 'painel' = 'login',
): LoginThrottle {
  const perAccount = limits.limiter(`${door}-falhas-conta`, ACCOUNT_FAILURES, FAILURE_WINDOW_SECONDS);
  const storeWide = limits.limiter(`${door}-falhas-loja`, STORE_FAILURES_PER_MINUTE, 60);
  const account = usuario.toLowerCase().slice(0, 200);
  return {
    async held() {
      const [byAccount, byStore] = await Promise.all([perAccount.get(account), storeWide.get('loja')]);
      if (byAccount && byAccount.consumedPoints >= ACCOUNT_FAILURES) return byAccount;
      if (byStore && byStore.consumedPoints >= STORE_FAILURES_PER_MINUTE) return byStore;
      return undefined;
    },
    async failed() {
      await Promise.all([perAccount.penalty(account), storeWide.penalty('loja')]);
    },
    async succeeded() {
      await perAccount.delete(account);
    },
  };
}
