import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long a session lasts. An id is good for `absoluteMs` after it was issued (a login issues a new
 * one, so a login lasts that long at most); past it the shopper gets a new id that carries the cart and
 * the CEP but not the login. A login also ends after `loginIdleMs` without a visit. What a session holds
 * (cart, CEP) is purged `keepMs` after it last changed.
 */
export const SESSION_LIFETIME = {
  absoluteMs: 30 * DAY_MS,
  loginIdleMs: 7 * DAY_MS,
  keepMs: 30 * DAY_MS,
  /** A visit moves the idle clock at most this often (one write per session per interval). */
  touchEveryMs: 10 * 60 * 1000,
} as const;

/** `<issued at, base-36 seconds>.<32 random bytes>.<HMAC-SHA256 tag, 16 bytes>`, all base64url. */
const ID_PATTERN = /^([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{22})$/;

const tag = (secret: string, issued: string, random: string) =>
  createHmac('sha256', secret).update(`${issued}.${random}`).digest().subarray(0, 16).toString('base64url');

/** A new session id, signed so that only this store (any of its instances) can have issued it. */
export function mintSessionId(secret: string, now = Date.now()): string {
  const issued = Math.floor(now / 1000).toString(36);
  const random = randomBytes(32).toString('base64url');
  return `${issued}.${random}.${tag(secret, issued, random)}`;
}

export type SessionIdCheck = 'valid' | 'expired' | 'forged';

/**
 * Whether `id` was issued by this store and is still within its lifetime. Anything else a client sends
 * (a made-up id, an old unsigned one, a tampered one) is `forged`, and the caller issues a new id.
 */
export function checkSessionId(secret: string, id: string, now = Date.now()): SessionIdCheck {
  const match = ID_PATTERN.exec(id);
  if (!match) return 'forged';
  const [, issued = '', random = '', given = ''] = match;
  const expected = Buffer.from(tag(secret, issued, random));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return 'forged';
  const issuedMs = parseInt(issued, 36) * 1000;
  if (issuedMs > now + 60_000) return 'forged';
  return now - issuedMs > SESSION_LIFETIME.absoluteMs ? 'expired' : 'valid';
}

const ago = (ms: number) => sql`now() - ${`${String(ms)} milliseconds`}::interval`;

/** The still-active login of a session (idle clock moved, at most once per `touchEveryMs`). */
export async function activeLogin(db: Db, session: string): Promise<number | undefined> {
  const [row] = await db
    .select({ customerId: t.sessions.customerId, updatedAt: t.sessions.updatedAt })
    .from(t.sessions)
    .where(and(eq(t.sessions.id, session), gt(t.sessions.updatedAt, ago(SESSION_LIFETIME.loginIdleMs))));
  if (row?.customerId == null) return undefined;
  if (Date.now() - row.updatedAt.getTime() > SESSION_LIFETIME.touchEveryMs)
    await db
      .update(t.sessions)
      .set({ updatedAt: sql`now()` })
      .where(and(eq(t.sessions.id, session), lt(t.sessions.updatedAt, ago(SESSION_LIFETIME.touchEveryMs))));
  return row.customerId;
}

/** The session changed what it holds (a cart line): its idle clock starts again. */
export async function touchSession(db: Db, session: string): Promise<void> {
  await db
    .insert(t.sessions)
    .values({ id: session })
    .onConflictDoUpdate({ target: t.sessions.id, set: { updatedAt: sql`now()` } });
}

/**
 * `fresh` takes over from `old`, which stops working: the CEP always moves, the cart when `keepCart`,
 * and `customerId` is logged in on it (null: nobody). Login and logout rotate this way, and so does an
 * id past its lifetime (cart and CEP kept, login not).
 */
export async function handOver(
  db: Db,
  old: string,
  fresh: string,
  { customerId, keepCart }: { customerId: number | null; keepCart: boolean },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ cep: t.sessions.cep, couponCode: t.sessions.couponCode })
      .from(t.sessions)
      .where(eq(t.sessions.id, old));
    // The coupon goes with the cart (judged again for whoever is logged in now).
    await tx.insert(t.sessions).values({
      id: fresh,
      customerId,
      cep: previous?.cep ?? '',
      couponCode: keepCart ? (previous?.couponCode ?? '') : '',
    });
    if (keepCart) {
      await tx.update(t.cartItems).set({ sessionId: fresh }).where(eq(t.cartItems.sessionId, old));
      // The cart started before the login is the same cart: its order counts it converted (the dashboard).
      await tx
        .update(t.cartsStarted)
        .set({ sessionId: fresh })
        .where(and(eq(t.cartsStarted.sessionId, old), isNull(t.cartsStarted.orderedAt)));
    }
    await tx.delete(t.sessions).where(eq(t.sessions.id, old));
  });
}

/** Every login of a customer ends (after a password change): whoever knew the old password is out. */
export async function endLogins(db: Db, customerId: number): Promise<void> {
  await db.update(t.sessions).set({ customerId: null }).where(eq(t.sessions.customerId, customerId));
}

/** The CEP the shopper gave last, remembered for the next quote and the checkout ('' when none). */
export async function sessionCep(db: Db, session: string): Promise<string> {
  const [row] = await db.select({ cep: t.sessions.cep }).from(t.sessions).where(eq(t.sessions.id, session));
  return row?.cep ?? '';
}

export async function rememberCep(db: Db, session: string, cep: string): Promise<void> {
  await db
    .insert(t.sessions)
    .values({ id: session, cep })
    .onConflictDoUpdate({ target: t.sessions.id, set: { cep, updatedAt: sql`now()` } });
}

/**
 * The key that signs session ids: `SESSION_SECRET` when set, else one made on first use and kept in the
 * database, so every instance of the store signs and checks with the same key.
 */
export async function sharedSessionKey(db: Db): Promise<string> {
  await db
    .insert(t.secrets)
    .values({ name: 'session', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: t.secrets.value })
    .from(t.secrets)
    .where(eq(t.secrets.name, 'session'));
  if (!row) throw new Error('session key missing after insert');
  return row.value;
}
