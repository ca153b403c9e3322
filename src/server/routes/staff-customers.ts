import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { customerQuerySchema } from '#/contract/staff-customers.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { badRequest, notFound } from '#/server/errors.ts';
import { allow } from '#/server/middleware.ts';
import { customerDetail, exportCustomers, listCustomers } from '#/server/staff/customers.ts';

/**
 * The store's customers (`/v2/admin/customers`: owners and the `pedidos` role, who talk to buyers; the
 * catalogue's members never see them): the searchable list, its spreadsheet, one customer.
 */
export const staffCustomers = new Hono<PlatformEnv>();
staffCustomers.use(allow('pedidos'));

const refuse = (result: { success: boolean; error?: { issues: { message: string }[] } }) => {
  if (!result.success) throw badRequest(result.error?.issues[0]?.message ?? 'Filtro inválido.');
};

staffCustomers.get('/', zValidator('query', customerQuerySchema, refuse), async (c) =>
  c.json(await listCustomers(c.get('config').db, c.req.valid('query'))),
);

staffCustomers.get('/export', zValidator('query', customerQuerySchema, refuse), async (c) =>
  c.json(await exportCustomers(c.get('config').db, c.req.valid('query'))),
);

staffCustomers.get('/:id', async (c) => {
  const id = c.req.param('id');
  if (!/^\d{1,9}$/.test(id)) throw notFound('Cliente não encontrado.');
  return c.json(await customerDetail(c.get('config').db, Number(id)));
});
