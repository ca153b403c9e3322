import { Hono } from 'hono';
import type { PlatformEnv } from '#/server/context.ts';
import { fillSettings } from '#/server/content/fill.ts';
import { logoInForce, settingsInForce } from '#/server/content/settings.ts';
import { servedSettings } from '#/server/orders/payments.ts';

/** `settings`: the store's configuration, its payment methods as the checkout really offers them. */
export const settings = new Hono<PlatformEnv>();

settings.get('/', async (c) => {
  const config = c.get('config');
  const inForce = await settingsInForce(config.db, config);
  const served = servedSettings(inForce, config.paymentProvider);
  // The SEO texts say what the settings say now (content/fill.ts).
  const seo = { ...served.seo, description: fillSettings(served.seo.description, inForce) };
  return c.json({ configuracoes: { ...served, seo, logo: logoInForce(inForce) } });
});
