import { Hono } from 'hono';
import type { PlatformEnv } from '#/server/context.ts';
import { loadSettings } from '#/server/content/settings.ts';

export const settings = new Hono<PlatformEnv>();

settings.get('/', async (c) => c.json({ configuracoes: await loadSettings(c.get('config').db) }));
