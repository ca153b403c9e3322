import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { showcasesSaveSchema } from '#/contract/showcases.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { refuseByField } from '#/server/errors.ts';
import { allow } from '#/server/middleware.ts';
import { recorded } from '#/server/staff/audit.ts';
import { readShowcases, saveShowcases } from '#/server/staff/showcases.ts';

/**
 * The home's showcases (`/v2/admin/showcases`, owners and `conteudo`; our extension): read, save which are on
 * the home, their order and titles. Each change is in the trail (`vitrine.alterar`); the showcases table
 * notifies, so the home follows on every instance within a second.
 */
export const staffShowcases = new Hono<PlatformEnv>();
staffShowcases.use(allow('conteudo'));

const refused = refuseByField('Vitrines inválidas.', (path) => path.slice(0, 3).map(String).join('.'));

staffShowcases.get('/', async (c) => c.json(await readShowcases(c.get('config').db)));

staffShowcases.put('/', zValidator('json', showcasesSaveSchema, refused), async (c) => {
  const { db } = c.get('config');
  await recorded(
    db,
    (tx) => saveShowcases(tx, c.req.valid('json')),
    (change) =>
      change && {
        actor: c.get('actor'),
        action: 'vitrine.alterar',
        entity: 'vitrine',
        entityId: 'inicial',
        ...change,
      },
  );
  return c.json(await readShowcases(db));
});
