import { Hono } from 'hono';
import type { PlatformEnv } from '#/server/context.ts';
import { loadSettings } from '#/server/content/settings.ts';
import { servedSettings } from '#/server/orders/payments.ts';

/** `settings`: the store's configuration, its payment methods as the checkout really offers them. */
export const settings = new Hono<PlatformEnv>();

settings.get('/', async (c) => {
  const { db, paymentProvider } = c.get('config');
  return c.json({ configuracoes: servedSettings(await loadSettings(db), paymentProvider) });
});
