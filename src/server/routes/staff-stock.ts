import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import { wholeNumber } from '#/contract/common.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { badRequest, notFound } from '#/server/errors.ts';
import { setVariantStock } from '#/server/catalog/stock.ts';
import { notifyRestocked } from '#/server/forms/stock-requests.ts';
import { recordChange } from '#/server/staff/audit.ts';

/**
 * The store's team sets a finish's stock (`PUT /v2/admin/stock/{sku}`, behind ADMIN_TOKEN). Shoppers who
 * asked to be told ("Avise-me") are e-mailed at once when it comes back (the minute sweep catches any
 * other way stock returns).
 */
export const staffStock = new Hono<PlatformEnv>();

const stockSchema = z.object({
  estoque: wholeNumber('estoque', { max: 1_000_000, required: 'Informe o estoque.' }),
});

staffStock.put(
  '/:sku',
  zValidator('json', stockSchema, (result) => {
    if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Estoque inválido.');
  }),
  async (c) => {
    const sku = c.req.param('sku');
    if (!/^[\w.-]{1,64}$/.test(sku)) throw notFound('SKU não encontrado.');
    const { db, mailer } = c.get('config');
    const { estoque } = c.req.valid('json');
    const { before } = await setVariantStock(db, sku, estoque);
    await recordChange(db, {
      actor: c.get('actor'),
      action: 'estoque.definir',
      entity: 'estoque',
      entityId: sku,
      before: { estoque: before },
      after: { estoque },
    });
    const avisados = before === 0 && estoque > 0 ? await notifyRestocked(db, mailer) : 0;
    return c.json({ sku, antes: before, estoque, avisados });
  },
);
