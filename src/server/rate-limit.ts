import type { Context, MiddlewareHandler } from 'hono';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { PlatformEnv } from './context.ts';
import { CLIENT_HEADER } from './context.ts';
import { PlatformError } from './errors.ts';

/**
 * Where the counters live, so that every instance of the store sees the same ones: Redis when
 * REDIS_URL is set, else the PostgreSQL every instance shares (table `rate_limits`), else this process
 * (PGlite is one process anyway). A shared store that fails falls back to this process's counters
 * (rate-limiter-flexible's insurance limiter): a limit never turns into a 500.
 */
export type LimitStore =
  { kind: 'memory' } | { kind: 'postgres'; pool: pg.Pool } | { kind: 'redis'; client: Redis };

export type Limits = {
  readonly store: LimitStore['kind'];
  /** The limiter named `id`, made on first use: `points` per `durationSeconds`. */
  limiter: (id: string, points: number, durationSeconds: number) => RateLimiterAbstract;
};

export function createLimits(store: LimitStore): Limits {
  const made = new Map<string, RateLimiterAbstract>();
  const build = (keyPrefix: string, points: number, duration: number): RateLimiterAbstract => {
    const options = { keyPrefix, points, duration };
    const insuranceLimiter = new RateLimiterMemory(options);
    switch (store.kind) {
      case 'redis':
        return new RateLimiterRedis({ ...options, storeClient: store.client, insuranceLimiter });
      case 'postgres':
        return new RateLimiterPostgres({
          ...options,
          storeClient: store.pool,
          storeType: 'pool',
          tableName: 'rate_limits',
          // The table is the store's own (migration 0007); expired rows are purged hourly.
          tableCreated: true,
          clearExpiredByTimeout: true,
          insuranceLimiter,
        });
      case 'memory':
        return new RateLimiterMemory(options);
    }
  };
  return {
    store: store.kind,
    limiter: (id, points, durationSeconds) => {
      const key = `${id}:${String(points)}:${String(durationSeconds)}`;
      let limiter = made.get(key);
      if (!limiter) {
        limiter = build(`loja:${id}`, points, durationSeconds);
        made.set(key, limiter);
      }
      return limiter;
    },
  };
}

/** A key-safe id for a Portuguese label: `recuperação de senha` → `recuperacao-de-senha`. */
const idOf = (label: string) =>
  label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');

/** Retry-After in whole seconds, at least one. */
export const retryAfter = (res: RateLimiterRes) => String(Math.max(1, Math.ceil(res.msBeforeNext / 1000)));

/** Consume one point of `limiter` for `key`: the 429 with Retry-After when none is left. */
export async function spend(
  limiter: RateLimiterAbstract,
  key: string,
  label: string,
  setHeader: (name: string, value: string) => void,
): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    setHeader('Retry-After', retryAfter(rejection));
    throw new PlatformError(
      429,
      'rate_limited',
      `Muitas tentativas em ${label}. Aguarde um pouco e tente de novo.`,
    );
  }
}

/**
 * A limit per client address (the header the store's entry sets from the connection or a trusted
 * proxy; never the visitor's own claim) and route: `limit` calls per `windowMs`, then 429 with
 * Retry-After, counted in the platform's shared store (createLimits).
 */
export function rateLimit(label: string, limit: number, windowMs: number): MiddlewareHandler<PlatformEnv> {
  const id = idOf(label);
  const seconds = Math.max(1, Math.round(windowMs / 1000));
  return async (c, next) => {
    const limiter = c.get('config').limits.limiter(id, limit, seconds);
    const client = c.req.header(CLIENT_HEADER) ?? 'desconhecido';
    await spend(limiter, client, label, (name, value) => {
      c.header(name, value);
    });
    await next();
  };
}

/**
 * Whether this client may do `label` once more (`limit` per `windowMs`, counted like `rateLimit`), for work a
 * request may skip rather than refuse: false once the limit is spent.
 */
export async function withinLimit(
  c: Context<PlatformEnv>,
  label: string,
  limit: number,
  windowMs: number,
): Promise<boolean> {
  const limiter = c
    .get('config')
    .limits.limiter(idOf(label), limit, Math.max(1, Math.round(windowMs / 1000)));
  try {
    await limiter.consume(c.req.header(CLIENT_HEADER) ?? 'desconhecido');
    return true;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return false;
    throw rejection;
  }
}
