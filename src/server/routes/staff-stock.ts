import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { SKU_PATTERN, staffStockQuerySchema, stockChangeSchema } from '#/contract/staff-stock.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { badRequest, notFound } from '#/server/errors.ts';
import { listStock, setVariantStock } from '#/server/catalog/stock.ts';
import { notifyRestocked } from '#/server/forms/stock-requests.ts';
import { recorded } from '#/server/staff/audit.ts';

/**
 * The store's team finds finishes by SKU or name, the most awaited first (`GET /v2/admin/stock`), and sets
 * one's stock (`PUT /v2/admin/stock/{sku}`; owners and `catalogo`). Shoppers who
 * asked to be told ("Avise-me") are e-mailed at once when it comes back (the minute sweep catches any
 * other way stock returns).
 */
export const staffStock = new Hono<PlatformEnv>();

staffStock.get(
  '/',
  zValidator('query', staffStockQuerySchema, (result) => {
    if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Consulta inválida.');
  }),
  async (c) => c.json(await listStock(c.get('config').db, c.req.valid('query'))),
);

staffStock.put(
  '/:sku',
  zValidator('json', stockChangeSchema, (result) => {
    if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Estoque inválido.');
  }),
  async (c) => {
    const sku = c.req.param('sku');
    if (!SKU_PATTERN.test(sku)) throw notFound('SKU não encontrado.');
    const { db, mailer } = c.get('config');
    const { estoque } = c.req.valid('json');
    const { before } = await recorded(
      db,
      (tx) => setVariantStock(tx, sku, estoque),
      (change) => ({
        actor: c.get('actor'),
        action: 'estoque.definir',
        entity: 'estoque',
        entityId: sku,
        before: { estoque: change.before },
        after: { estoque },
      }),
    );
    const avisados = before === 0 && estoque > 0 ? await notifyRestocked(db, mailer) : 0;
    return c.json({ sku, antes: before, estoque, avisados });
  },
);
