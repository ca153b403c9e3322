import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { errorSchema } from '#/contract/common.ts';
import { formAnswerSchema } from '#/contract/forms.ts';
import { pedidoAnswerSchema } from '#/contract/order.ts';
import { productPageSchema } from '#/contract/page.ts';
import { avaliacaoAdminSchema, REVIEW_RECEIVED, reviewListSchema } from '#/contract/review.ts';
import { CLIENT_HEADER } from '#/server/context.ts';
import * as t from '#/server/db/schema.ts';
import { buyer, json, pickVariants, placeAs } from './buyers.ts';
import type { Variant } from './buyers.ts';
import { ADMIN_TOKEN, newSession, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';

/** Product reviews (`GET/POST evaluations/product`, `/v2/admin/reviews`): written, moderated, counted. */

let store: TestPlatform;
let product: Variant;
let other: Variant;

beforeAll(async () => {
  store = await startPlatform(40);
  [product, other] = (await pickVariants(store, 2)) as [Variant, Variant];
});
afterAll(() => store.stop());

let address = 0;
const write = (session: string, body: Record<string, unknown>) =>
  store.request('/v2/front/evaluations/product', {
    method: 'POST',
    ...json(body, { Session: session, [CLIENT_HEADER]: `198.51.100.${String((address += 1))}` }),
  });
const review = (idProduto: number, nota = 5, extra: Record<string, unknown> = {}) => ({
  idProduto,
  nome: 'Ana S.',
  nota,
  comentario: 'Acabamento perfeito, fácil de instalar.',
  recomenda: true,
  ...extra,
});
const list = async (query: string, session?: string) => {
  const res = await store.request(
    `/v2/front/evaluations/product?${query}`,
    session ? { headers: { Session: session } } : {},
  );
  return { status: res.status, body: (await res.json()) as unknown };
};
const staff = (path: string, init: RequestInit = {}) =>
  store.request(`/v2/admin/reviews${path}`, {
    ...init,
    headers: {
      Authorization: `Bearer ${ADMIN_TOKEN}`,
      'Content-Type': 'application/json',
      ...(init.headers as Record<string, string> | undefined),
    },
  });
const decide = async (id: number, situacao: string) => {
  const res = await staff(`/${String(id)}`, { method: 'PUT', body: JSON.stringify({ situacao }) });
  expect(res.status).toBe(200);
  return avaliacaoAdminSchema.parse(((await res.json()) as { avaliacao: unknown }).avaliacao);
};
const pending = async () => {
  const res = await staff('?situacao=pendente');
  expect(res.status).toBe(200);
  return ((await res.json()) as { avaliacoes: unknown[] }).avaliacoes.map((a) =>
    avaliacaoAdminSchema.parse(a),
  );
};
const rating = async (p: Variant) => {
  const page = await store.getJson(`/v2/front/url/product/detail?url=${await pathOf(p)}`, productPageSchema);
  return page.conteudo.avaliacao;
};
const pathOf = async (p: Variant) => {
  const { body } = await list(`idProduto=${String(p.product)}&limit=0`);
  return reviewListSchema.parse(body).produto.url;
};

test('a guest cannot write; a customer writes one review per product, which waits for approval', async () => {
  const guest = await write(newSession(), review(product.product));
  expect(guest.status).toBe(401);
  expect(errorSchema.parse(await guest.json()).mensagem).toBe('Entre na sua conta para avaliar o produto.');

  const session = newSession();
  await store.loginAs(session, { name: 'Ana Souza' });
  const first = await write(session, review(product.product, 4));
  expect(first.status).toBe(200);
  expect(formAnswerSchema.parse(await first.json())).toEqual({ sucesso: true, mensagem: REVIEW_RECEIVED });
  const again = await write(session, review(product.product, 1));
  expect(again.status).toBe(409);
  expect(errorSchema.parse(await again.json()).error).toBe('already_reviewed');

  // Nothing shows or counts before the team approves it; the author sees where it stands.
  const { body } = await list(`idProduto=${String(product.product)}`, session);
  const shown = reviewListSchema.parse(body);
  expect(shown).toMatchObject({ avaliacoes: [], quantidade: 0, media: 0, notas: [0, 0, 0, 0, 0] });
  expect(shown.minha).toMatchObject({ nota: 4, situacao: 'pendente' });
  expect(await rating(product)).toEqual({ media: 0, quantidade: 0 });
  expect((await pending()).map((r) => [r.idProduto, r.nota, r.situacao])).toContainEqual([
    product.product,
    4,
    'pendente',
  ]);
});

test('the team finds reviews by star count and by words (product, reviewer, comment); a bad filter is a 400', async () => {
  const found = async (query: string) => {
    const res = await staff(query);
    expect(res.status, query).toBe(200);
    return ((await res.json()) as { avaliacoes: { nota: number; nome: string }[]; total: number }).total;
  };
  expect(await found('?situacao=pendente&nota=4')).toBeGreaterThanOrEqual(1);
  expect(await found('?situacao=pendente&nota=2')).toBe(0);
  expect(await found('?q=F%C3%81CIL%20DE%20INSTALAR')).toBeGreaterThanOrEqual(1);
  expect(await found('?q=ana%20s.&nota=4')).toBeGreaterThanOrEqual(1);
  expect(await found('?q=ningu%C3%A9m%20escreveu%20isso')).toBe(0);
  for (const bad of ['?nota=6', '?nota=x', `?q=${'a'.repeat(101)}`])
    expect((await staff(bad)).status, bad).toBe(400);
});

test('approved reviews are listed and counted, rejected ones neither; the average follows every decision', async () => {
  const ids: number[] = [];
  for (const nota of [5, 3, 4]) {
    const session = newSession();
    await store.loginAs(session, { name: 'Cliente' });
    expect((await write(session, review(other.product, nota, { recomenda: nota > 3 }))).status).toBe(200);
  }
  for (const r of await pending()) if (r.idProduto === other.product) ids.push(r.id);
  expect(ids).toHaveLength(3);
  const [five, three, four] = ids as [number, number, number];
  await decide(five, 'aprovada');
  await decide(three, 'aprovada');
  await decide(four, 'recusada');
  expect(await rating(other)).toEqual({ media: 4, quantidade: 2 });

  const { body } = await list(`idProduto=${String(other.product)}`);
  const shown = reviewListSchema.parse(body);
  expect(shown.avaliacoes.map((a) => a.nota)).toEqual([3, 5]);
  expect(shown).toMatchObject({ quantidade: 2, total: 2, notas: [0, 0, 1, 0, 1], recomendam: 1 });
  expect(shown.minha).toBeUndefined();
  const fives = reviewListSchema.parse((await list(`idProduto=${String(other.product)}&nota=5`)).body);
  expect(fives.avaliacoes.map((a) => a.id)).toEqual([five]);
  expect(fives.total).toBe(1);
  const oldest = reviewListSchema.parse(
    (await list(`idProduto=${String(other.product)}&order=ASC&limit=1&offset=1`)).body,
  );
  expect(oldest.avaliacoes.map((a) => a.id)).toEqual([three]);

  // Taking an approval back takes it out of the count too.
  await decide(five, 'recusada');
  await decide(four, 'aprovada');
  expect(await rating(other)).toEqual({ media: 3.5, quantidade: 2 });
});

test('a customer who bought the product gets "Compra verificada"', async () => {
  const b = await buyer(store, [{ v: product, quantidade: 1 }]);
  const { pedido } = pedidoAnswerSchema.parse(await (await placeAs(store, b)).json());
  const paid = await store.request(`/v2/admin/orders/${String(pedido.numero)}/status`, {
    method: 'PUT',
    ...json({ situacao: 'pago' }, { Authorization: `Bearer ${ADMIN_TOKEN}` }),
  });
  expect(paid.status).toBe(200);
  expect((await write(b.session, review(product.product))).status).toBe(200);
  const mine = (await pending()).find(
    (r) => r.idProduto === product.product && r.nome === 'Ana S.' && r.nota === 5,
  );
  expect(mine?.compraVerificada).toBe(true);
  const unverified = (await pending()).find((r) => r.idProduto === product.product && r.nota === 4);
  expect(unverified?.compraVerificada).toBe(false);
});

test('bad input is refused in Portuguese and changes nothing', async () => {
  const session = newSession();
  await store.loginAs(session, { name: 'Bia' });
  const bad = await write(session, { idProduto: product.product, nome: '', nota: 7, comentario: 'ok' });
  expect(bad.status).toBe(400);
  expect(formAnswerSchema.parse(await bad.json()).erros).toMatchObject({
    nome: 'Informe seu nome.',
    nota: 'Dê uma nota de 1 a 5 para o produto.',
    comentario: 'Conte um pouco mais (pelo menos 10 caracteres).',
    recomenda: 'Diga se recomenda o produto.',
  });
  const missing = await write(session, review(999_999));
  expect(missing.status).toBe(404);
  expect((await write(session, [1, 2] as unknown as Record<string, unknown>)).status).toBe(400);
  for (const query of [
    '',
    'idProduto=abc',
    'idProduto=1&limit=500',
    'idProduto=1&order=up',
    'idProduto=1&nota=6',
  ]) {
    const { status, body } = await list(query);
    expect(status, query).toBe(400);
    expect(errorSchema.parse(body).mensagem, query).toMatch(/\S/);
  }
  expect((await list('idProduto=999999')).status).toBe(404);
  expect((await staff('/abc', { method: 'PUT', body: '{"situacao":"aprovada"}' })).status).toBe(404);
  expect((await staff('/999999', { method: 'PUT', body: '{"situacao":"aprovada"}' })).status).toBe(404);
  expect((await staff('/1', { method: 'PUT', body: '{"situacao":"talvez"}' })).status).toBe(400);
  expect((await staff('?situacao=todas')).status).toBe(400);
  const noToken = await store.request('/v2/admin/reviews');
  expect(noToken.status).toBe(401);
  // The one pending review of this customer's: none was kept.
  expect((await pending()).filter((r) => r.nome === 'Bia')).toEqual([]);
});

test('a product taken off sale can no longer be reviewed, nor its reviews read', async () => {
  const session = newSession();
  await store.loginAs(session, { name: 'Rui Tardio' });
  await store.database.db.update(t.products).set({ active: false }).where(eq(t.products.id, other.product));
  try {
    const res = await write(session, review(other.product));
    expect(res.status).toBe(404);
    expect(errorSchema.parse(await res.json()).mensagem).toBe('Produto não encontrado.');
    expect((await list(`idProduto=${String(other.product)}`)).status).toBe(404);
    expect((await pending()).map((r) => r.idProduto)).not.toContain(other.product);
  } finally {
    await store.database.db.update(t.products).set({ active: true }).where(eq(t.products.id, other.product));
  }
});
