import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { activityQuerySchema } from '#/contract/activity.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { badRequest } from '#/server/errors.ts';
import { exportActivity, listActivity } from '#/server/staff/audit.ts';

/**
 * What the team changed (`GET /v2/admin/activity`, behind ADMIN_TOKEN): every change made through the staff
 * API, newest first, of everything or of one kind of thing (`entidade`) or one thing (`id`), by whom (`autor`),
 * part of an id (`q`) and days (`de`, `ate`); and its spreadsheet's rows.
 */
export const staffActivity = new Hono<PlatformEnv>();

const query = zValidator('query', activityQuerySchema, (result) => {
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Consulta inválida.');
});

staffActivity.get('/', query, async (c) =>
  c.json(await listActivity(c.get('config').db, c.req.valid('query'))),
);

/** Every change under the filters, for the panel's spreadsheet (the newest ACTIVITY_EXPORT_MAX). */
staffActivity.get('/export', query, async (c) =>
  c.json(await exportActivity(c.get('config').db, c.req.valid('query'))),
);
