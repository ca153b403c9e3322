import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { activityQuerySchema } from '#/contract/activity.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { badRequest } from '#/server/errors.ts';
import { listActivity } from '#/server/staff/audit.ts';

/**
 * What the team changed (`GET /v2/admin/activity`, behind ADMIN_TOKEN): every change made through the staff
 * API, newest first, of everything or of one kind of thing (`entidade`) or one thing (`id`).
 */
export const staffActivity = new Hono<PlatformEnv>();

staffActivity.get(
  '/',
  zValidator('query', activityQuerySchema, (result) => {
    if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Consulta inválida.');
  }),
  async (c) => c.json(await listActivity(c.get('config').db, c.req.valid('query'))),
);
