import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { staffProductQuerySchema } from '#/contract/staff-products.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { badRequest } from '#/server/errors.ts';
import { listStaffProducts } from '#/server/catalog/staff-products.ts';

/**
 * The team's product list (`GET /v2/admin/products`; owners and `catalogo`): by name or SKU, brand,
 * category, only the sold out; newest, by name, least stock or best sellers first; 25 a page.
 */
export const staffProducts = new Hono<PlatformEnv>();

staffProducts.get(
  '/',
  zValidator('query', staffProductQuerySchema, (result) => {
    if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Consulta inválida.');
  }),
  async (c) => c.json(await listStaffProducts(c.get('config').db, c.req.valid('query'))),
);
