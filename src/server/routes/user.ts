import { Hono } from 'hono';
import { zValidator } from '@hono/zod-validator';
import { CEP_MESSAGE, zipcodeRequestSchema } from '#/contract/user.ts';
import { sessionCustomer } from '#/server/accounts/customers.ts';
import { anonymousUser, customerUser } from '#/server/accounts/user.ts';
import { rememberCep, sessionCep } from '#/server/accounts/sessions.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { badRequest } from '#/server/errors.ts';

export const user = new Hono<PlatformEnv>();

user.get('/user', async (c) => {
  const { db } = c.get('config');
  const [cep, customer] = await Promise.all([
    sessionCep(db, c.get('session')),
    sessionCustomer(db, c.get('session')),
  ]);
  return c.json(customer ? customerUser(customer, cep) : anonymousUser(cep));
});

/** Remember the shopper's CEP in the session (used by shipping estimates). */
user.post(
  '/zipcode',
  zValidator('json', zipcodeRequestSchema, (result) => {
    if (!result.success) throw badRequest(result.error.issues[0]?.message ?? CEP_MESSAGE);
  }),
  async (c) => {
    const { cep } = c.req.valid('json');
    await rememberCep(c.get('config').db, c.get('session'), cep);
    return c.json({ sucesso: true, mensagem: 'CEP salvo.' });
  },
);
