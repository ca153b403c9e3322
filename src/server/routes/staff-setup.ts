import { Hono } from 'hono';
import type { PlatformEnv } from '#/server/context.ts';
import { allow } from '#/server/middleware.ts';
import { setupList } from '#/server/staff/setup.ts';

/** The owner's setup list (`/v2/admin/setup`, owners; our extension): what is still the seed's example. */
export const staffSetup = new Hono<PlatformEnv>();
staffSetup.use(allow());

staffSetup.get('/', async (c) => {
  const config = c.get('config');
  return c.json(await setupList(config.db, config));
});
