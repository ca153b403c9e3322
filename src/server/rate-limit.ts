import type { MiddlewareHandler } from 'hono';
import type { PlatformEnv } from './context.ts';
import { CLIENT_HEADER } from './context.ts';
import { PlatformError } from './errors.ts';

const MAX_KEYS = 50_000;

/**
 * A fixed-window limit per client address (the header the store's entry sets from the connection or
 * a trusted proxy; never the visitor's own claim) and route: `limit` calls per `windowMs`, then 429
 * with Retry-After. Counters live in this process.
 */
export function rateLimit(name: string, limit: number, windowMs: number): MiddlewareHandler<PlatformEnv> {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return async (c, next) => {
    const now = Date.now();
    const key = c.req.header(CLIENT_HEADER) ?? 'desconhecido';
    let entry = windows.get(key);
    if (!entry || entry.resetAt <= now) {
      if (windows.size >= MAX_KEYS) {
        for (const [k, v] of windows) if (v.resetAt <= now) windows.delete(k);
        if (windows.size >= MAX_KEYS) windows.clear();
      }
      entry = { count: 0, resetAt: now + windowMs };
      windows.set(key, entry);
    }
    entry.count += 1;
    if (entry.count > limit) {
      c.header('Retry-After', String(Math.ceil((entry.resetAt - now) / 1000)));
      throw new PlatformError(
        429,
        'rate_limited',
        `Muitas tentativas em ${name}. Aguarde um pouco e tente de novo.`,
      );
    }
    await next();
  };
}
