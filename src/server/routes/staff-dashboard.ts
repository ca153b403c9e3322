import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { dashboardQuerySchema } from '#/contract/staff-dashboard.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { badRequest } from '#/server/errors.ts';
import { allow } from '#/server/middleware.ts';
import { dashboard } from '#/server/staff/dashboard.ts';

/** The owners' dashboard (`/v2/admin/dashboard?periodo=…`, owners only): a period's sales, best sellers, alerts. */
export const staffDashboard = new Hono<PlatformEnv>();
staffDashboard.use(allow());

staffDashboard.get(
  '/',
  zValidator('query', dashboardQuerySchema, (result) => {
    if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Período inválido.');
  }),
  async (c) => c.json(await dashboard(c.get('config').db, c.req.valid('query').periodo)),
);
