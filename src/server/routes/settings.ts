import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { PlatformEnv } from '../context.ts';
import * as t from '../db/schema.ts';
import { STORE_SETTINGS } from '../seed/settings.ts';

export const settings = new Hono<PlatformEnv>();

/** The site configuration; the stored row wins so an operator can change it without a deploy. */
settings.get('/', async (c) => {
  const [row] = await c.get('config').db.select().from(t.settings).where(eq(t.settings.key, 'configuracoes'));
  return c.json({ configuracoes: (row?.value as typeof STORE_SETTINGS | undefined) ?? STORE_SETTINGS });
});
