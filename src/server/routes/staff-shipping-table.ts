import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { shippingTableSchema } from '#/contract/shipping-table.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { refuseByField } from '#/server/errors.ts';
import { allow } from '#/server/middleware.ts';
import { recorded } from '#/server/staff/audit.ts';
import { readShippingTable, saveShippingTable } from '#/server/staff/shipping-table.ts';

/**
 * The store's own shipping table (`/v2/admin/shipping-table`, owners; our extension): read, save. Each change
 * is in the activity trail (`configuracao.frete`); quotes follow it on every instance at once (the settings
 * row notifies).
 */
export const staffShippingTable = new Hono<PlatformEnv>();
staffShippingTable.use(allow());

/** A field is named by its region (`regioes.SE.primeiroItem`), so the form says it in its cell. */
const refused = refuseByField('Tabela de frete inválida.', (path) => path.slice(0, 3).map(String).join('.'));

staffShippingTable.get('/', async (c) => c.json(await readShippingTable(c.get('config').db)));

staffShippingTable.put('/', zValidator('json', shippingTableSchema, refused), async (c) => {
  const { db } = c.get('config');
  await recorded(
    db,
    (tx) => saveShippingTable(tx, c.req.valid('json')),
    ({ before, after, first }) =>
      first || JSON.stringify(before) !== JSON.stringify(after)
        ? {
            actor: c.get('actor'),
            action: 'configuracao.frete',
            entity: 'configuracao',
            entityId: 'frete',
            before,
            after,
          }
        : undefined,
  );
  return c.json(await readShippingTable(db));
});
