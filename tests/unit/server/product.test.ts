import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { errorSchema } from '#/contract/common.ts';
import { formAnswerSchema, STOCK_REQUEST_SAVED } from '#/contract/forms.ts';
import { staffStockSchema } from '#/contract/staff-stock.ts';
import { CLIENT_HEADER } from '#/server/context.ts';
import * as t from '#/server/db/schema.ts';
import { notifyRestocked } from '#/server/forms/stock-requests.ts';
import { json } from './buyers.ts';
import { ADMIN_TOKEN, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';

/** "Avise-me" (`POST product/solicitation`): a sold-out finish, one e-mail when it is back in stock. */

let store: TestPlatform;
let finish: { id: number; product: number; sku: string };
let sold: { id: number; product: number; sku: string };

beforeAll(async () => {
  store = await startPlatform(40);
  const rows = await store.database.db
    .select({ id: t.variants.id, product: t.variants.productId, sku: t.variants.sku })
    .from(t.variants)
    .orderBy(t.variants.id)
    .limit(2);
  [finish, sold] = rows as [typeof finish, typeof sold];
});
afterAll(() => store.stop());

let address = 0;
const ask = (body: Record<string, unknown>) =>
  store.request('/v2/front/product/solicitation', {
    method: 'POST',
    ...json(body, { [CLIENT_HEADER]: `203.0.113.${String((address += 1))}` }),
  });
const setStock = async (sku: string, estoque: number) => {
  const res = await store.request(`/v2/admin/stock/${sku}`, {
    method: 'PUT',
    ...json({ estoque }, { Authorization: `Bearer ${ADMIN_TOKEN}` }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { sku: string; antes: number; estoque: number; avisados: number };
};
const mailsTo = (email: string) => store.mail.filter((m) => m.to === email);

test('a sold-out finish: the same answer for a new and a repeated e-mail, one request kept', async () => {
  await setStock(finish.sku, 0);
  const body = {
    idProduto: finish.product,
    idAtributoValor: finish.id,
    nome: 'Rita Lima',
    email: 'rita@exemplo.com.br',
  };
  const first = formAnswerSchema.parse(await (await ask(body)).json());
  const again = formAnswerSchema.parse(await (await ask({ ...body, email: ' RITA@exemplo.com.br ' })).json());
  expect(first).toEqual({ sucesso: true, mensagem: STOCK_REQUEST_SAVED });
  expect(again).toEqual(first);
  const kept = await store.database.db
    .select()
    .from(t.stockRequests)
    .where(eq(t.stockRequests.variantId, finish.id));
  expect(kept).toHaveLength(1);
  expect(kept[0]?.origin).toBe('https://loja.test');
});

test('bad input is refused in Portuguese and keeps nothing; a finish in stock is told to buy', async () => {
  const bad = await ask({
    idProduto: finish.product,
    idAtributoValor: finish.id,
    nome: '',
    email: 'não é e-mail',
  });
  expect(bad.status).toBe(400);
  const { erros } = formAnswerSchema.parse(await bad.json());
  expect(erros).toMatchObject({
    nome: 'Informe seu nome.',
    email: 'Informe um e-mail válido, como nome@exemplo.com.br.',
  });
  const elsewhere = await ask({
    idProduto: finish.product + 1000,
    idAtributoValor: finish.id,
    nome: 'Ana',
    email: 'a@exemplo.com.br',
  });
  expect(elsewhere.status).toBe(404);
  await setStock(sold.sku, 7);
  const inStock = await ask({
    idProduto: sold.product,
    idAtributoValor: sold.id,
    nome: 'Ana',
    email: 'a@exemplo.com.br',
  });
  expect(inStock.status).toBe(409);
  expect(errorSchema.parse(await inStock.json())).toMatchObject({
    error: 'in_stock',
    mensagem: 'Este acabamento está disponível: é só comprar.',
  });
});

test('back in stock through the staff API: each waiting shopper gets one e-mail with the link, once', async () => {
  await setStock(finish.sku, 0);
  await ask({
    idProduto: finish.product,
    idAtributoValor: finish.id,
    nome: 'Bruno Reis',
    email: 'bruno@exemplo.com.br',
  });
  const restocked = await setStock(finish.sku, 12);
  expect(restocked).toMatchObject({ antes: 0, estoque: 12 });
  expect(restocked.avisados).toBeGreaterThanOrEqual(1);
  const [mail] = mailsTo('bruno@exemplo.com.br');
  expect(mail?.subject).toMatch(/^Chegou: /);
  expect(mail?.text).toContain(`https://loja.test/`);
  expect(mail?.text).toContain(`?sku=${encodeURIComponent(finish.sku)}`);
  expect(mail?.text).toMatch(/^Olá, Bruno!/);
  // Sold out and back again: the request was answered, nobody is e-mailed twice.
  await setStock(finish.sku, 0);
  await setStock(finish.sku, 3);
  expect(mailsTo('bruno@exemplo.com.br')).toHaveLength(1);
  // The product's total follows its finishes.
  const [product] = await store.database.db
    .select({ stock: t.products.stock })
    .from(t.products)
    .where(eq(t.products.id, finish.product));
  const variants = await store.database.db
    .select({ stock: t.variants.stock })
    .from(t.variants)
    .where(eq(t.variants.productId, finish.product));
  expect(product?.stock).toBe(variants.reduce((sum, v) => sum + v.stock, 0));
});

test('stock that comes back any other way (an import, a cancelled order) is caught by the sweep', async () => {
  await setStock(finish.sku, 0);
  await ask({
    idProduto: finish.product,
    idAtributoValor: finish.id,
    nome: 'Carla',
    email: 'carla@exemplo.com.br',
  });
  expect(await notifyRestocked(store.database.db, { send: () => Promise.reject(new Error('not yet')) })).toBe(
    0,
  );
  await store.database.db.update(t.variants).set({ stock: 4 }).where(eq(t.variants.id, finish.id));
  const sent: string[] = [];
  const mailer = { send: (mail: { to: string }) => Promise.resolve(void sent.push(mail.to)) };
  // Two instances sweeping at once: the request is claimed by one of them.
  const [a, b] = await Promise.all([
    notifyRestocked(store.database.db, mailer),
    notifyRestocked(store.database.db, mailer),
  ]);
  expect(a + b).toBe(1);
  expect(sent).toEqual(['carla@exemplo.com.br']);
});

test('asking is rate limited per address', async () => {
  const from = { [CLIENT_HEADER]: '203.0.113.250' };
  const body = {
    idProduto: finish.product,
    idAtributoValor: finish.id,
    nome: 'Bot',
    email: 'bot@exemplo.com.br',
  };
  const answers = await Promise.all(
    Array.from({ length: 11 }, async () =>
      store.request('/v2/front/product/solicitation', { method: 'POST', ...json(body, from) }),
    ),
  );
  expect(answers.filter((r) => r.status === 429)).toHaveLength(1);
});

test('the team finds finishes by SKU or name, sold-out ones first by who waits for them', async () => {
  await setStock(sold.sku, 0);
  await ask({
    idProduto: sold.product,
    idAtributoValor: sold.id,
    nome: 'Bia',
    email: 'bia.espera@exemplo.com.br',
  });
  await ask({
    idProduto: sold.product,
    idAtributoValor: sold.id,
    nome: 'Caio',
    email: 'caio.espera@exemplo.com.br',
  });
  const list = async (query: string) => {
    const res = await store.request(`/v2/admin/stock${query}`, {
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(res.status).toBe(200);
    return staffStockSchema.parse(await res.json());
  };
  const soldOut = await list('?esgotados=1');
  expect(soldOut.itens.every((i) => i.estoque === 0)).toBe(true);
  expect(soldOut.itens[0]).toMatchObject({ sku: sold.sku, aguardando: 2 });
  const bySku = await list(`?q=${encodeURIComponent(sold.sku.toLowerCase())}`);
  expect(bySku.itens.map((i) => i.sku)).toEqual([sold.sku]);
  expect((await list('?q=%25%25')).total).toBe(0);
  const bad = await store.request('/v2/admin/stock?pagina=0', {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(bad.status).toBe(400);
  const back = await setStock(sold.sku, 3);
  expect(back.avisados).toBe(2);
  expect((await list(`?q=${encodeURIComponent(sold.sku)}`)).itens[0]).toMatchObject({
    estoque: 3,
    aguardando: 0,
  });
});

test('a SKU with an accented letter (the seed has VÉ- codes) is found by the stock call, a path with other signs is a 404', async () => {
  const [accented] = await store.database.db
    .select({ sku: t.variants.sku })
    .from(t.variants)
    .where(sql`${t.variants.sku} ~ '[^A-Za-z0-9._-]'`)
    .limit(1);
  expect(accented).toBeDefined();
  expect((await setStock(encodeURIComponent(accented?.sku ?? ''), 4)).estoque).toBe(4);
  const odd = await store.request(`/v2/admin/stock/${encodeURIComponent('a b')}`, {
    method: 'PUT',
    ...json({ estoque: 1 }, { Authorization: `Bearer ${ADMIN_TOKEN}` }),
  });
  expect(odd.status).toBe(404);
});
