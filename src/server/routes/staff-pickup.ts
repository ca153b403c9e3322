import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { pickupPointInputSchema } from '#/contract/pickup.ts';
import type { PlatformEnv } from '#/server/context.ts';
import type { Db } from '#/server/db/client.ts';
import { notFound, refuseByField } from '#/server/errors.ts';
import { allow } from '#/server/middleware.ts';
import { recorded } from '#/server/staff/audit.ts';
import { changePickupPoint, listPickupPoints } from '#/server/staff/pickup.ts';

/**
 * The store's pickup points (`/v2/admin/pickup-points`, owners; our extension): list, add, change, remove,
 * each change in the activity trail. The checkout offers them on every instance within a second (the
 * settings table notifies, changes.ts).
 */
export const staffPickup = new Hono<PlatformEnv>();
staffPickup.use(allow());

const input = zValidator('json', pickupPointInputSchema, refuseByField('Ponto de retirada inválido.'));

const idOf = (value: string) => {
  if (!/^\d{1,9}$/.test(value)) throw notFound('Ponto de retirada não encontrado.');
  return Number(value);
};

const list = async (db: Db) => ({ pontos: await listPickupPoints(db) });

staffPickup.get('/', async (c) => c.json(await list(c.get('config').db)));

staffPickup.post('/', input, async (c) => {
  const { db } = c.get('config');
  await recorded(
    db,
    (tx) => changePickupPoint(tx, undefined, c.req.valid('json')),
    ({ after }) => ({
      actor: c.get('actor'),
      action: 'retirada.criar',
      entity: 'retirada',
      entityId: String(after?.id ?? ''),
      before: null,
      after,
    }),
  );
  return c.json(await list(db), 201);
});

staffPickup.put('/:id', input, async (c) => {
  const { db } = c.get('config');
  const id = idOf(c.req.param('id'));
  await recorded(
    db,
    (tx) => changePickupPoint(tx, id, c.req.valid('json')),
    ({ before, after }) =>
      JSON.stringify(before) === JSON.stringify(after)
        ? undefined
        : {
            actor: c.get('actor'),
            action: 'retirada.alterar',
            entity: 'retirada',
            entityId: String(id),
            before,
            after,
          },
  );
  return c.json(await list(db));
});

staffPickup.delete('/:id', async (c) => {
  const { db } = c.get('config');
  const id = idOf(c.req.param('id'));
  await recorded(
    db,
    (tx) => changePickupPoint(tx, id, null),
    ({ before }) => ({
      actor: c.get('actor'),
      action: 'retirada.remover',
      entity: 'retirada',
      entityId: String(id),
      before,
      after: null,
    }),
  );
  return c.json(await list(db));
});
