import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { PlatformEnv } from './context.ts';
import { inTransaction } from './db/client.ts';
import type { Db } from './db/client.ts';
import { errorCode } from './db/health.ts';
import * as t from './db/schema.ts';
import { PlatformError } from './errors.ts';

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,100}$/;

/** A mutation's `Idempotency-Key`, for its change to claim (`done`: an earlier try already applied it). */
export type KeyClaim = { sessionId: string; key: string; requestHash: string; done: boolean };

/**
 * `Idempotency-Key` on a mutation (a double click, a retried request, a retry after a dropped connection):
 * the key is written in the change's own transaction (`onceForKey`), so the change and its key commit
 * together or not at all, and a key already there means the change was made. The same key with the same
 * body then answers the kept answer, or, when the answer was lost after the change (a fault in between),
 * the state as it is now, never applying the change twice; the same key with another body is a 422. Keys
 * belong to the session and are kept a day (housekeeping.ts). Without the header the mutation runs as usual.
 */
export const idempotent: MiddlewareHandler<PlatformEnv> = async (c, next) => {
  const key = c.req.header('Idempotency-Key');
  if (key === undefined) return next();
  if (!KEY_PATTERN.test(key))
    throw new PlatformError(
      400,
      'bad_idempotency_key',
      'Idempotency-Key inválida: use de 8 a 100 letras, números, "-" ou "_".',
    );
  const { db } = c.get('config');
  const sessionId = c.get('session');
  const requestHash = createHash('sha256')
    .update(`${c.req.method} ${c.req.path}\n${await c.req.text()}`)
    .digest('base64url');
  const where = and(eq(t.idempotencyKeys.sessionId, sessionId), eq(t.idempotencyKeys.key, key));
  const [kept] = await db.select().from(t.idempotencyKeys).where(where);
  if (kept && kept.requestHash !== requestHash)
    throw new PlatformError(
      422,
      'idempotency_key_reused',
      'Esta Idempotency-Key já foi usada com outro pedido.',
    );
  if (kept?.status != null && kept.body != null) {
    c.header('Idempotent-Replayed', 'true');
    return c.body(kept.body, kept.status as 200, { 'Content-Type': 'application/json; charset=UTF-8' });
  }
  c.set('keyClaim', { sessionId, key, requestHash, done: kept !== undefined });
  await next();
  if (c.res.status >= 400) return;
  // The answer is kept for an exact replay; losing it only makes a retry answer the state as it is then.
  try {
    await db
      .update(t.idempotencyKeys)
      .set({ status: c.res.status, body: await c.res.clone().text() })
      .where(and(where, isNull(t.idempotencyKeys.body)));
  } catch (error) {
    console.error(`[idempotency] answer not kept (${errorCode(error)}); a retry answers the state as it is`);
  }
};

/**
 * Apply `change` once for the request's key: the key is inserted in the change's transaction, so an earlier
 * try (or one racing with this, which waits for it) that made the change leaves this one with nothing to do
 * (`applied` false). A change that fails takes its key with it, and a retry makes it. Without a key, it runs.
 */
export async function onceForKey<T>(
  db: Db,
  claim: KeyClaim | undefined,
  change: (tx: Db) => Promise<T>,
): Promise<{ applied: true; value: T } | { applied: false }> {
  if (!claim) return { applied: true, value: await change(db) };
  if (claim.done) return { applied: false };
  const { sessionId, key, requestHash } = claim;
  return inTransaction(db, async (tx) => {
    const [mine] = await tx
      .insert(t.idempotencyKeys)
      .values({ sessionId, key, requestHash })
      .onConflictDoNothing()
      .returning({ key: t.idempotencyKeys.key });
    if (!mine) return { applied: false as const };
    return { applied: true as const, value: await change(tx) };
  });
}
