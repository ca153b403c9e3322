import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { popupSaveSchema } from '#/contract/popups.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { notFound, refuseByField } from '#/server/errors.ts';
import { allow } from '#/server/middleware.ts';
import { recorded } from '#/server/staff/audit.ts';
import type { Actor } from '#/server/staff/audit.ts';
import { createPopup, listPopups, removePopup, savePopup } from '#/server/staff/popups.ts';
import type { PopupChange } from '#/server/staff/popups.ts';

/**
 * The popups (`/v2/admin/popups`, owners and `conteudo`; our extension): list, create, save, remove, each
 * answering the list. Each change is in the activity trail; the popups table notifies, so every instance
 * shows it within a second.
 */
export const staffPopups = new Hono<PlatformEnv>();
staffPopups.use(allow('conteudo'));

const refused = refuseByField('Aviso inválido.');

const idOf = (value: string) => {
  if (!/^\d{1,9}$/.test(value)) throw notFound('Aviso não encontrado.');
  return Number(value);
};

const entry = (actor: Actor) => (change: PopupChange | undefined) =>
  change && {
    actor,
    action: change.action,
    entity: 'popup' as const,
    entityId: String(change.id),
    before: change.before,
    after: change.after,
  };

staffPopups.get('/', async (c) => c.json(await listPopups(c.get('config').db)));

staffPopups.post('/', zValidator('json', popupSaveSchema, refused), async (c) => {
  const { db } = c.get('config');
  await recorded(db, (tx) => createPopup(tx, c.req.valid('json')), entry(c.get('actor')));
  return c.json(await listPopups(db), 201);
});

staffPopups.put('/:id', zValidator('json', popupSaveSchema, refused), async (c) => {
  const { db } = c.get('config');
  const id = idOf(c.req.param('id'));
  await recorded(db, (tx) => savePopup(tx, id, c.req.valid('json')), entry(c.get('actor')));
  return c.json(await listPopups(db));
});

staffPopups.delete('/:id', async (c) => {
  const { db } = c.get('config');
  const id = idOf(c.req.param('id'));
  await recorded(db, (tx) => removePopup(tx, id), entry(c.get('actor')));
  return c.json(await listPopups(db));
});
