import { Hono } from 'hono';
import type { PlatformEnv } from '#/server/context.ts';
import { activePopups } from '#/server/content/popups.ts';

/** `GET struct/popup/{nivel}`: the popups of a page level. */
export const popup = new Hono<PlatformEnv>();

popup.get('/:nivel', async (c) =>
  c.json({ popups: await activePopups(c.get('config').db, c.get('origin'), c.req.param('nivel')) }),
);
