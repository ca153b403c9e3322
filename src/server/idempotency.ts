import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { PlatformEnv } from './context.ts';
import * as t from './db/schema.ts';
import { PlatformError } from './errors.ts';

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,100}$/;

/**
 * `Idempotency-Key` on a mutation (a double click, a retried request): the first request with a key is
 * applied and its answer kept; the same key with the same body answers that again without applying it
 * twice; the same key with another body is a 422; the same key while the first is still running, a 409.
 * Keys belong to the session and are kept a day (housekeeping.ts purges them). Without the header the mutation runs as usual.
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
  const session = c.get('session');
  const requestHash = createHash('sha256')
    .update(`${c.req.method} ${c.req.path}\n${await c.req.text()}`)
    .digest('base64url');
  const [claimed] = await db
    .insert(t.idempotencyKeys)
    .values({ sessionId: session, key, requestHash })
    .onConflictDoNothing()
    .returning({ key: t.idempotencyKeys.key });
  if (!claimed) {
    const [kept] = await db
      .select()
      .from(t.idempotencyKeys)
      .where(and(eq(t.idempotencyKeys.sessionId, session), eq(t.idempotencyKeys.key, key)));
    if (kept && kept.requestHash !== requestHash)
      throw new PlatformError(
        422,
        'idempotency_key_reused',
        'Esta Idempotency-Key já foi usada com outro pedido.',
      );
    if (kept?.status == null || kept.body == null)
      throw new PlatformError(
        409,
        'idempotency_in_progress',
        'Este pedido ainda está sendo atendido. Aguarde.',
      );
    c.header('Idempotent-Replayed', 'true');
    return c.body(kept.body, kept.status as 200, { 'Content-Type': 'application/json; charset=UTF-8' });
  }
  try {
    await next();
  } finally {
    const res = c.res;
    // A failure that changed nothing (4xx, 5xx) frees the key for another try; a success is kept.
    if (res.status < 400) {
      await db
        .update(t.idempotencyKeys)
        .set({ status: res.status, body: await res.clone().text() })
        .where(and(eq(t.idempotencyKeys.sessionId, session), eq(t.idempotencyKeys.key, key)));
    } else {
      await db
        .delete(t.idempotencyKeys)
        .where(and(eq(t.idempotencyKeys.sessionId, session), eq(t.idempotencyKeys.key, key)));
    }
  }
};
