import { Hono } from 'hono';
import type { PlatformEnv } from '#/server/context.ts';
import { loadMenu } from '#/server/content/menus.ts';

/** `GET struct/menus/{hash}`: a menu of the header, the footer or a line. */
export const menus = new Hono<PlatformEnv>();

menus.get('/:hash', async (c) =>
  c.json(await loadMenu(c.get('config').db, c.get('origin'), c.req.param('hash'))),
);
