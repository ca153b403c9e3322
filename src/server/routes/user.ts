import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { zValidator } from '@hono/zod-validator';
import { CEP_MESSAGE, zipcodeRequestSchema } from '../../contract/user.ts';
import type { User } from '../../contract/user.ts';
import type { PlatformEnv } from '../context.ts';
import * as t from '../db/schema.ts';
import { badRequest } from '../errors.ts';

export const checkout = new Hono<PlatformEnv>();

/** The visitor as the platform describes it; accounts arrive later, so everyone is anonymous for now. */
export function anonymousUser(cep: string): User {
  return {
    id: 0,
    nomeRazao: '',
    nomeFantasia: '',
    celular: '',
    telefone: '',
    email: '',
    pessoa: '',
    sexo: '',
    nascimento: '',
    revendedor: false,
    logado: false,
    loginFacilitado: false,
    primeiraCompra: true,
    optin: false,
    ativo: false,
    endereco: { cep, principal: { cep, cidade: '', uf: '', pais: 'BR' } },
    pontos: { valorTotal: { quantidade: 0, valorEmMoeda: 0 } },
    representantes: [],
    vendaInterna: { ativo: false, vendedor: '' },
    userHash: {},
  };
}

checkout.get('/user', async (c) => {
  const [row] = await c
    .get('config')
    .db.select({ cep: t.sessions.cep })
    .from(t.sessions)
    .where(eq(t.sessions.id, c.get('session')));
  return c.json(anonymousUser(row?.cep ?? ''));
});

/** Remember the shopper's CEP in the session (used by shipping estimates). */
checkout.post(
  '/zipcode',
  zValidator('json', zipcodeRequestSchema, (result) => {
    if (!result.success) throw badRequest(result.error.issues[0]?.message ?? CEP_MESSAGE);
  }),
  async (c) => {
    const { cep } = c.req.valid('json');
    await c
      .get('config')
      .db.insert(t.sessions)
      .values({ id: c.get('session'), cep })
      .onConflictDoUpdate({ target: t.sessions.id, set: { cep, updatedAt: sql`now()` } });
    return c.json({ sucesso: true, mensagem: 'CEP salvo.' });
  },
);
