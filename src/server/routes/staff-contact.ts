import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { contactSchema } from '#/contract/contact.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { refuseByField } from '#/server/errors.ts';
import { allow } from '#/server/middleware.ts';
import { recorded } from '#/server/staff/audit.ts';
import { readContact, saveContact } from '#/server/staff/contact.ts';

/**
 * The store's opening hours and social networks (`/v2/admin/contact`, owners and `conteudo`; our extension):
 * read, save. Each change is in the activity trail (`configuracao.contato`); the settings row notifies, so
 * every instance shows it within a second.
 */
export const staffContact = new Hono<PlatformEnv>();
staffContact.use(allow('conteudo'));

/** A field is named by its path (`redes.instagram`, `horarios.1.dias`), so the form says it in its place. */
const refused = refuseByField('Dados de atendimento inválidos.', (path) =>
  path.slice(0, 3).map(String).join('.'),
);

staffContact.get('/', async (c) => c.json(await readContact(c.get('config').db)));

staffContact.put('/', zValidator('json', contactSchema, refused), async (c) => {
  const { db } = c.get('config');
  await recorded(
    db,
    (tx) => saveContact(tx, c.req.valid('json')),
    (change) =>
      change && {
        actor: c.get('actor'),
        action: 'configuracao.contato',
        entity: 'configuracao',
        entityId: 'contato',
        ...change,
      },
  );
  return c.json(await readContact(db));
});
