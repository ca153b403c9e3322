import type { Context } from 'hono';
import { Hono } from 'hono';
import { newAddressSchema } from '#/contract/account.ts';
import { CEP_UNKNOWN } from '#/contract/address.ts';
import { cepSchema } from '#/contract/documents.ts';
import { requireCustomer } from '#/server/accounts/customers.ts';
import { addAddress, listAddresses, removeAddress } from '#/server/addresses/book.ts';
import { lookupCep } from '#/server/addresses/cep.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { badRequest, notFound } from '#/server/errors.ts';
import { invalidForm, readForm } from '#/server/forms/fields.ts';
import { rateLimit } from '#/server/rate-limit.ts';

/** `address/cep/{cep}` (our extension): what a CEP tells (street, district, city, state) to fill a form. */
export const cepLookup = new Hono<PlatformEnv>();

cepLookup.get('/cep/:cep', rateLimit('consulta de CEP', 60, 60_000), async (c) => {
  const cep = cepSchema().safeParse(c.req.param('cep'));
  if (!cep.success) throw badRequest(cep.error.issues[0]?.message ?? 'CEP inválido.');
  const found = await lookupCep(cep.data, c.get('config').cepProvider);
  if (!found) throw notFound(CEP_UNKNOWN);
  return c.json(found);
});

/** `checkout/addresses` (our extension): the logged-in customer's delivery addresses; guests get 401. */
export const addressBook = new Hono<PlatformEnv>();

const LOGIN = 'Entre na sua conta para escolher onde entregar.';

const customerOf = (c: Context<PlatformEnv>) => requireCustomer(c.get('config').db, c.get('session'), LOGIN);

addressBook.get('/', async (c) => {
  const customer = await customerOf(c);
  return c.json({ enderecos: await listAddresses(c.get('config').db, customer) });
});

addressBook.post('/', async (c) => {
  const customer = await customerOf(c);
  const form = readForm(await c.req.json().catch(() => undefined), newAddressSchema);
  if (!form.ok) return c.json(invalidForm(form.erros), 400);
  const endereco = await addAddress(c.get('config').db, customer, form.data);
  return c.json({ sucesso: true as const, mensagem: 'Endereço salvo.', endereco }, 201);
});

addressBook.delete('/:id', async (c) => {
  const customer = await customerOf(c);
  // An added address has a positive id; the account's own (0) is changed on the account page.
  const id = c.req.param('id');
  if (!/^[1-9]\d{0,8}$/.test(id)) throw notFound('Endereço não encontrado.');
  await removeAddress(c.get('config').db, customer.id, Number(id));
  return c.json({ sucesso: true, mensagem: 'Endereço removido.' });
});
