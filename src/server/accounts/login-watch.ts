// One concern: noticing credential stuffing spread over many addresses and accounts (each under its own
// limits), and holding logins from devices that never logged in while it lasts. Failures are counted
// store-wide (shared by every instance) per minute and per day; a minute far above the day's average minute
// is an attack. A device that logged in before carries a signed token and never notices.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { loadSettings } from '#/server/content/settings.ts';
import { inTransaction } from '#/server/db/client.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { postMail } from '#/server/mail/mailer.ts';
import type { Mailer } from '#/server/mail/mailer.ts';
import type { Limits } from '#/server/rate-limit.ts';
import { firstName } from './customers.ts';
import type { Customer } from './customers.ts';
import { challengeHashOf, CODE_TRIES, CODE_TTL_MS, newCode, sameCode } from './one-time-codes.ts';

/**
 * Accounts with a failed login in one minute below which nothing is an attack, however quiet the store
 * usually is (a shopper who mistypes fails on one account; stuffing fails on many).
 */
export const ATTACK_FLOOR = 20;
/** A minute with this many times the day's average of such accounts is an attack. */
export const ATTACK_FACTOR = 10;
const MINUTES_A_DAY = 24 * 60;
const MANY = 1_000_000_000;

export const HELD_LOGIN =
  'Por segurança, a loja está recebendo muitas tentativas de acesso agora. Se o e-mail e a senha estiverem certos, enviamos um código de 6 números para o e-mail da conta: digite-o abaixo para entrar. Nos aparelhos em que você já entrou, nada muda.';

/**
 * The store-wide count of accounts that failed a login (each counted once a minute, shared by every
 * instance), and whether now looks like a spread attack.
 */
export function loginWatch(limits: Limits) {
  const perAccount = limits.limiter('login-falhas-conta-minuto', MANY, 60);
  const minute = limits.limiter('login-contas-falhas-minuto', MANY, 60);
  const day = limits.limiter('login-contas-falhas-dia', MANY, MINUTES_A_DAY * 60);
  return {
    failed: async (usuario: string) => {
      const seen = await perAccount.penalty(usuario.toLowerCase().slice(0, 200));
      if (seen.consumedPoints === 1) await Promise.all([minute.penalty('loja'), day.penalty('loja')]);
    },
    underAttack: async () => {
      const [now, today] = await Promise.all([minute.get('loja'), day.get('loja')]);
      const normal = (today?.consumedPoints ?? 0) / MINUTES_A_DAY;
      return (now?.consumedPoints ?? 0) >= Math.max(ATTACK_FLOOR, ATTACK_FACTOR * normal);
    },
  };
}

const mac = (key: string, body: string) => createHmac('sha256', key).update(`dispositivo:${body}`).digest();

/** A token for the device a customer just logged in on (kept by the browser; the store keeps nothing). */
export function deviceToken(key: string, customerId: number): string {
  const body = `${String(customerId)}.${randomBytes(9).toString('base64url')}`;
  return `${body}.${mac(key, body).toString('base64url')}`;
}

/** Whether `token` is one this store gave this customer's device. */
export function knownDevice(key: string, token: string | undefined, customerId: number): boolean {
  const parts = (token ?? '').split('.');
  if (parts.length !== 3 || parts[0] !== String(customerId)) return false;
  const given = Buffer.from(parts[2] ?? '', 'base64url');
  const expected = mac(key, `${parts[0]}.${parts[1] ?? ''}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Hold a login for a code: always a challenge; the code is e-mailed only when the password was right
 * (`customer`), so the answer and its timing are the same either way.
 */
export async function holdLogin(
  deps: { db: Db; mailer: Mailer },
  customer: Customer | undefined,
): Promise<string> {
  const { challenge, code, challengeHash, codeHash } = newCode();
  const { nomeLoja } = await loadSettings(deps.db);
  // The code and its e-mail in one transaction: a challenge is never left with no message to answer it.
  await inTransaction(deps.db, async (tx) => {
    await tx.insert(t.loginCodes).values({
      challengeHash,
      customerId: customer?.id ?? null,
      codeHash,
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
    });
    if (customer)
      await postMail(deps.mailer, tx, {
        kind: 'codigo-login',
        to: customer.email,
        subject: `${code} é o seu código para entrar na ${nomeLoja}`,
        text: [
          `Olá, ${firstName(customer.name)}!`,
          '',
          'Alguém (você, esperamos) entrou com a sua senha num aparelho novo. Para concluir, digite este código:',
          '',
          `    ${code}`,
          '',
          'Ele vale 15 minutos. Se não foi você, troque a sua senha em "Esqueci minha senha": sem o código, ninguém entra.',
        ].join('\n'),
      });
  });
  return challenge;
}

/** The code typed for a held login: the customer to log in, or why not (a wrong try spent; five kill it). */
export async function confirmLogin(
  db: Db,
  challenge: string,
  code: string,
): Promise<{ customerId: number } | { refused: 'wrong' | 'expired' }> {
  const key = challengeHashOf(challenge);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(t.loginCodes)
      .where(and(eq(t.loginCodes.challengeHash, key), gt(t.loginCodes.expiresAt, new Date())))
      .for('update');
    if (!row || row.attempts >= CODE_TRIES) return { refused: 'expired' as const };
    if (!sameCode(challenge, code, row.codeHash) || row.customerId === null) {
      await tx
        .update(t.loginCodes)
        .set({ attempts: sql`${t.loginCodes.attempts} + 1` })
        .where(eq(t.loginCodes.challengeHash, key));
      return { refused: 'wrong' as const };
    }
    await tx.delete(t.loginCodes).where(eq(t.loginCodes.challengeHash, key));
    return { customerId: row.customerId };
  });
}

/** Forget held logins past their time (the hourly purge). */
export async function purgeLoginCodes(db: Db): Promise<number> {
  const gone = await db
    .delete(t.loginCodes)
    .where(lt(t.loginCodes.expiresAt, new Date()))
    .returning({ key: t.loginCodes.challengeHash });
  return gone.length;
}
