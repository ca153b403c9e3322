import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { menuSaveSchema } from '#/contract/menus.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { refuseByField } from '#/server/errors.ts';
import { allow } from '#/server/middleware.ts';
import { recorded } from '#/server/staff/audit.ts';
import { listMenus, menuDetail, saveMenu } from '#/server/staff/menus.ts';

/**
 * The store's menus (`/v2/admin/menus`, owners and `conteudo`; our extension): list, read one with its
 * history, save its entries in order. Each change is in the activity trail; the store shows it on every
 * instance within a second (the menus table notifies, changes.ts).
 */
export const staffMenus = new Hono<PlatformEnv>();
staffMenus.use(allow('conteudo'));

/** An entry's field is named by its place in the list (`itens.2.link`), so the form says it by its row. */
const refused = refuseByField('Menu inválido.', (path) => path.slice(0, 3).map(String).join('.'));

staffMenus.get('/', async (c) => c.json(await listMenus(c.get('config').db)));

staffMenus.get('/:hash', async (c) => c.json(await menuDetail(c.get('config').db, c.req.param('hash'))));

staffMenus.put('/:hash', zValidator('json', menuSaveSchema, refused), async (c) => {
  const { db } = c.get('config');
  const hash = c.req.param('hash');
  await recorded(
    db,
    (tx) => saveMenu(tx, hash, c.req.valid('json')),
    (change) =>
      change && {
        actor: c.get('actor'),
        action: 'menu.alterar',
        entity: 'menu',
        entityId: change.hash,
        before: change.before,
        after: change.after,
      },
  );
  return c.json(await menuDetail(db, hash));
});
