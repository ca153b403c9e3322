import { Hono } from 'hono';
import { zValidator } from '@hono/zod-validator';
import { CEP_MESSAGE, zipcodeRequestSchema } from '#/contract/user.ts';
import type { User } from '#/contract/user.ts';
import { sessionCustomer } from '#/server/accounts/customers.ts';
import type { Customer } from '#/server/accounts/customers.ts';
import { rememberCep, sessionCep } from '#/server/accounts/sessions.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { badRequest } from '#/server/errors.ts';

export const user = new Hono<PlatformEnv>();

/** An anonymous visitor as the platform describes one (the CEP is the session's, if given). */
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

/** A logged-in customer in the platform's shape. */
export function customerUser(customer: Customer, cep: string): User {
  const address = customer.address as Partial<
    Record<'cep' | 'cidade' | 'uf' | 'logradouro' | 'numero' | 'complemento' | 'bairro', string>
  >;
  const own = address.cep ?? cep;
  return {
    ...anonymousUser(own),
    id: customer.id,
    nomeRazao: customer.name,
    email: customer.email,
    celular: customer.phone,
    pessoa: customer.pessoa === 'J' ? 'J' : 'F',
    sexo: (['m', 'f', 'o', 'i'] as const).find((s) => s === customer.sexo) ?? '',
    nascimento: customer.birthDate,
    logado: true,
    ativo: true,
    optin: customer.optin,
    endereco: {
      cep: own,
      principal: {
        cep: own,
        cidade: address.cidade ?? '',
        uf: address.uf ?? '',
        pais: 'BR',
        logradouro: address.logradouro ?? '',
        numero: address.numero ?? '',
        complemento: address.complemento ?? '',
        bairro: address.bairro ?? '',
      },
    },
    vendaInterna: { ativo: customer.internalSeller !== '', vendedor: customer.internalSeller },
  };
}

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
