import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { LOGO_MAX_BYTES, LOGO_TOO_LARGE, storeConfigSchema } from '#/contract/store-config.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { invalidFields, PlatformError, refuseByField } from '#/server/errors.ts';
import { allow } from '#/server/middleware.ts';
import { recorded } from '#/server/staff/audit.ts';
import { removeLogo, saveLogo } from '#/server/staff/logo.ts';
import { exampleFields } from '#/server/staff/placeholders.ts';
import { changedFields, fixedFields, readStoreConfig, saveStoreConfig } from '#/server/staff/store-config.ts';

/**
 * The store's settings as the owner changes them (`/v2/admin/settings`, owners only): read them, with the
 * fields the environment fixes and whether Pix is on; change them (never to the seed's example company),
 * every change in the record. Every instance follows within a second (the settings and menus tables
 * notify, changes.ts).
 */
export const staffSettings = new Hono<PlatformEnv>();
staffSettings.use(allow());

const refuse = refuseByField('Configurações inválidas.');

staffSettings.get('/', async (c) => {
  const config = c.get('config');
  return c.json(await readStoreConfig(config.db, config));
});

staffSettings.put('/', zValidator('json', storeConfigSchema, refuse), async (c) => {
  const config = c.get('config');
  // The seed's example company is never saved as the store's (a field the environment fixes is not the form's).
  const examples = exampleFields(c.req.valid('json'), fixedFields(config));
  if (Object.keys(examples).length > 0) throw invalidFields(examples);
  await recorded(
    config.db,
    (tx) => saveStoreConfig(tx, c.req.valid('json'), config),
    (saved) => {
      const change = changedFields(saved.before, saved.after);
      return (
        change && {
          actor: c.get('actor'),
          action: 'configuracao.alterar',
          entity: 'configuracao',
          entityId: 'loja',
          ...change,
        }
      );
    },
  );
  return c.json(await readStoreConfig(config.db, config));
});

/** The store's logo, sent as its own bytes (PNG, JPEG or WebP): the header and the tab's icon. */
staffSettings.post(
  '/logo',
  bodyLimit({
    maxSize: LOGO_MAX_BYTES,
    onError: () => {
      throw new PlatformError(413, 'payload_too_large', LOGO_TOO_LARGE);
    },
  }),
  async (c) => {
    const config = c.get('config');
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    await recorded(
      config.db,
      (tx) => saveLogo(tx, bytes),
      (change) => ({
        actor: c.get('actor'),
        action: 'configuracao.logo',
        entity: 'configuracao',
        entityId: 'loja',
        ...change,
      }),
    );
    return c.json(await readStoreConfig(config.db, config), 201);
  },
);

/** Back to no logo of the store's own (the name is shown for a renamed store). */
staffSettings.delete('/logo', async (c) => {
  const config = c.get('config');
  await recorded(
    config.db,
    (tx) => removeLogo(tx),
    (change) =>
      change && {
        actor: c.get('actor'),
        action: 'configuracao.logo-removido',
        entity: 'configuracao',
        entityId: 'loja',
        ...change,
      },
  );
  return c.json(await readStoreConfig(config.db, config));
});
