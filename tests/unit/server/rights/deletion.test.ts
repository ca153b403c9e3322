import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dataExportSchema, privacySchema, staffRequestsSchema } from '#/contract/rights.ts';
import { pedidoAnswerSchema } from '#/contract/order.ts';
import { queryRows } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { createMailer } from '#/server/mail/mailer.ts';
import { json, pickVariants, placeAs, shownFingerprint } from '../buyers.ts';
import { cartSchema } from '#/contract/cart.ts';
import { ADMIN_TOKEN, newSession, startPlatform } from '../harness.ts';
import type { TestPlatform } from '../harness.ts';
import { shoppers } from '../shoppers.ts';
import { as, staffCalls } from '../staff-members.ts';

/**
 * The customer's rights over their data (LGPD art. 18): a copy of everything, each consent taken back, and the
 * account deleted on the team's approval, with nothing personal left outside the orders the law keeps.
 */

let store: TestPlatform;
beforeAll(async () => {
  store = await startPlatform(10);
});
afterAll(() => store.stop());

const { person, signUp, post } = shoppers(() => store);
const { admin, member } = staffCalls(() => store);
const get = (path: string, sid: string) =>
  store.request(`/v2/front/checkout/${path}`, { headers: { Session: sid } });

/** A customer signed up through the form, with everything the store can keep about a person. */
async function fullCustomer(tag: string, celular = '(11) 98765-4321') {
  const body = person({
    nomeRazao: `Valentina ${tag} Albuquerque`,
    email: `valentina.${tag.toLowerCase()}@exemplo.com.br`,
    celular,
    logradouro: `Rua Desembargador ${tag}`,
  });
  expect((await signUp(body, newSession())).status).toBe(201);
  const [customer] = await store.database.db
    .select()
    .from(t.customers)
    .where(eq(t.customers.email, body.email));
  if (!customer) throw new Error('no customer');
  const db = store.database.db;
  // The sign-up logged in on a new session id; this test's own session is logged in the same way.
  const sid = newSession();
  await db.insert(t.sessions).values({ id: sid, customerId: customer.id });
  const [v] = await pickVariants(store, 1);
  if (!v) throw new Error('no variant');
  await db.insert(t.customerAddresses).values({
    customerId: customer.id,
    recipient: `Irma de ${tag}`,
    cep: '01310100',
    street: `Avenida ${tag} Paulista`,
    number: '1000',
    district: 'Bela Vista',
    city: 'São Paulo',
    uf: 'SP',
  });
  await db.insert(t.favourites).values({ customerId: customer.id, productId: v.product });
  await db.insert(t.productReviews).values({
    productId: v.product,
    customerId: customer.id,
    name: `Valentina ${tag}`,
    rating: 5,
    comment: 'Torneira firme, acabamento perfeito.',
    recommends: true,
  });
  await db.insert(t.newsletterSubscribers).values({ email: body.email, name: body.nomeRazao });
  await db.insert(t.stockRequests).values({
    productId: v.product,
    variantId: v.id,
    name: body.nomeRazao,
    email: body.email,
    origin: 'https://loja.test',
  });
  await db.insert(t.formSubmissions).values({
    kind: 'contato',
    email: body.email,
    data: { nome: body.nomeRazao, mensagem: `Sou ${tag}, moro na Rua Desembargador ${tag}.` },
  });
  // An order placed through the checkout: the record the law keeps.
  const cart = cartSchema.parse(
    await (
      await store.request('/v2/front/checkout/cart', {
        method: 'POST',
        ...json(
          { tipo: 'produto', itens: [{ idProduto: v.product, idAtributoSimples: v.id, quantidade: 1 }] },
          { Session: sid },
        ),
      })
    ).json(),
  );
  const placed = await placeAs(store, {
    session: sid,
    conferencia: await shownFingerprint(store, sid, cart),
  });
  expect(placed.status).toBe(201);
  const { pedido } = pedidoAnswerSchema.parse(await placed.json());
  return { sid, body, customer, numero: pedido.numero };
}

/** The values that identify the customer of `fullCustomer(tag)`, lower-cased. */
const personal = (tag: string, body: { email: string; documento: string }) =>
  [
    body.email,
    `Valentina ${tag}`,
    body.documento,
    '97777-1234',
    '977771234',
    `Desembargador ${tag}`,
    `Avenida ${tag}`,
    `Irma de ${tag}`,
    '15/03/1990',
  ].map((v) => v.toLowerCase());

/** The records tax law keeps: the orders (their address and buyer, as on the invoice). */
const KEPT = new Set(['orders']);

/** Every row of every table but the kept ones, as text: `table: value` for each personal value found. */
async function scan(values: string[]): Promise<string[]> {
  const db = store.database.db;
  const tables = (
    await queryRows<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    )
  ).map((r) => r.name);
  expect(tables).toContain('customers');
  const found: string[] = [];
  for (const table of tables) {
    if (KEPT.has(table)) continue;
    const rows = await queryRows<{ row: string }>(db, sql.raw(`select x::text as row from "${table}" x`));
    for (const { row } of rows)
      for (const value of values) if (row.toLowerCase().includes(value)) found.push(`${table}: ${value}`);
  }
  return found;
}

describe("the customer's own side", () => {
  test('the copy holds every part; each consent is withdrawn in one call, the answer saying so', async () => {
    const c = await fullCustomer('Copia');
    const copy = dataExportSchema.parse(await (await get('privacy/export', c.sid)).json());
    expect(copy.perfil[0]).toMatchObject({
      nome: c.body.nomeRazao,
      email: c.body.email,
      cpfCnpj: c.body.documento,
    });
    expect(copy.enderecos[0]).toMatchObject({ logradouro: 'Avenida Copia Paulista' });
    expect(copy.pedidos[0]).toMatchObject({ numero: c.numero });
    expect(copy.itensDosPedidos).toHaveLength(1);
    expect(copy.avaliacoes[0]).toMatchObject({ nomeExibido: 'Valentina Copia', nota: 5 });
    expect(copy.mensagens[0]?.['conteudo']).toContain('Rua Desembargador Copia');
    expect(copy.consentimentos.map((r) => r['dado'])).toEqual([false, true, true]);
    expect((await get('privacy/export', newSession())).status).toBe(401);

    const privacy = privacySchema.parse(await (await get('privacy', c.sid)).json());
    const aviso = privacy.consentimentos.avisos[0]?.id;
    expect(privacy.consentimentos.newsletter).not.toBeNull();
    for (const [body, said] of [
      [{ consentimento: 'newsletter' }, /saiu da newsletter/],
      [{ consentimento: 'newsletter' }, /já não estava/],
      [{ consentimento: 'aviso', id: aviso }, /não vamos mais avisar/],
      [{ consentimento: 'ofertas' }, /já não recebia/],
    ] as const) {
      const res = await post('privacy/consents', body, c.sid);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { mensagem: string }).mensagem).toMatch(said);
    }
    expect((await post('privacy/consents', { consentimento: 'aviso', id: 999999 }, c.sid)).status).toBe(404);
    expect((await post('privacy/consents', { consentimento: 'tudo' }, c.sid)).status).toBe(400);
    const now = privacySchema.parse(await (await get('privacy', c.sid)).json());
    expect(now.consentimentos).toEqual({ ofertas: false, newsletter: null, avisos: [] });
  });
});

describe('deleting the account', () => {
  test('asked with the password, refused by the team with a reason, asked again, approved by an owner', async () => {
    const c = await fullCustomer('Recusa');
    const wrong = await post('privacy/deletion', { senha: 'outra senha' }, c.sid);
    expect(wrong.status).toBe(400);
    expect(await store.database.db.select().from(t.deletionRequests)).toEqual([]);
    expect((await post('privacy/deletion', { senha: c.body.senha }, c.sid)).status).toBe(200);
    expect((await post('privacy/deletion', { senha: c.body.senha }, c.sid)).status).toBe(409);
    await expect
      .poll(() => store.mail.some((m) => m.to === c.body.email && m.kind === 'conta-exclusao-pedida'))
      .toBe(true);
    const team = await member('exclusao@pedidos.test', 'pedidos');
    const list = staffRequestsSchema.parse(
      await (await admin('/requests', { headers: as(team.token) })).json(),
    );
    const request = list.exclusoes.find((e) => e.email === c.body.email);
    expect(request).toMatchObject({ situacao: 'aberta', pedidosEmAndamento: 0 });
    const due = new Date(request?.prazo ?? 0).getTime() - Date.now();
    expect(due).toBeGreaterThan(14.9 * 86_400_000);
    const decide = (body: unknown, headers: Record<string, string>) =>
      admin(`/requests/deletions/${String(request?.id)}`, { method: 'POST', body, headers });
    // Only an owner decides; a refusal needs its reason.
    expect((await decide({ acao: 'aprovar' }, as(team.token))).status).toBe(403);
    const owner = { Authorization: `Bearer ${ADMIN_TOKEN}` };
    expect((await decide({ acao: 'recusar', motivo: 'curto' }, owner)).status).toBe(400);
    expect(
      (await decide({ acao: 'recusar', motivo: 'Há uma devolução em andamento neste pedido.' }, owner))
        .status,
    ).toBe(200);
    expect((await decide({ acao: 'aprovar' }, owner)).status).toBe(409);
    await expect
      .poll(
        () =>
          store.mail.find((m) => m.kind === 'conta-exclusao-recusada' && m.to === c.body.email)?.text ?? '',
      )
      .toContain('devolução em andamento');
    const seen = privacySchema.parse(await (await get('privacy', c.sid)).json());
    expect(seen.exclusao).toMatchObject({
      situacao: 'recusada',
      motivo: 'Há uma devolução em andamento neste pedido.',
    });
  });

  test('approved: no personal value of the customer is left in any table but the orders the law keeps', async () => {
    const c = await fullCustomer('Apagada', '(21) 97777-1234');
    expect((await post('privacy/deletion', { senha: c.body.senha }, c.sid)).status).toBe(200);
    const [request] = await store.database.db
      .select()
      .from(t.deletionRequests)
      .where(eq(t.deletionRequests.customerId, c.customer.id));
    // Free texts about the person on the records the law keeps, and a team e-mail about them still kept.
    const db = store.database.db;
    const cpf = c.body.documento.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
    await db.insert(t.withdrawals).values({
      orderNumber: c.numero,
      customerId: c.customer.id,
      reason: `Sou Valentina Apagada, CPF ${cpf}, liguem no (21) 97777-1234. Não quero mais.`,
    });
    await db.insert(t.orderNotes).values({
      orderNumber: c.numero,
      actor: 'token',
      text: `Valentina Apagada ligou do 97777-1234 (${c.body.email}); Albuquerque confirmou o CPF ${c.body.documento}. Trocar para o modelo cromado.`,
    });
    await createMailer({ from: 'Loja <loja@exemplo.com.br>', db }).send({
      kind: 'equipe-desistencia',
      to: 'equipe@casaemetais.com.br',
      subject: `Desistência no pedido ${String(c.numero)}`,
      text: `Valentina Apagada Albuquerque (${c.body.email}) desistiu da compra. Ação: devolver o valor.`,
    });
    await db.insert(t.mailOutbox).values({
      recipient: 'equipe@casaemetais.com.br',
      subject: 'Estoque baixo',
      message: 'Sem relação com clientes.',
    });
    expect(
      (await get(`order/${String(c.numero)}`, c.sid)).status,
      'the session that placed it opens the order before',
    ).toBe(200);
    // Before: the scan finds the customer everywhere the store kept them (so it can find them after).
    const before = new Set((await scan(personal('Apagada', c.body))).map((f) => f.split(':')[0]));
    for (const table of [
      'customers',
      'customer_addresses',
      'product_reviews',
      'newsletter_subscribers',
      'stock_requests',
      'form_submissions',
      'withdrawals',
      'order_notes',
      'mail_outbox',
    ])
      expect(before).toContain(table);
    const approve = await admin(`/requests/deletions/${String(request?.id)}`, {
      method: 'POST',
      body: { acao: 'aprovar' },
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(approve.status).toBe(200);
    await expect
      .poll(() => store.mail.some((m) => m.kind === 'conta-excluida' && m.to === c.body.email))
      .toBe(true);

    const found = await scan(personal('Apagada', c.body));
    expect(found).toEqual([]);
    // The free texts stay, without the person; other kept e-mail stays; the old session opens nothing.
    const [withdrawal] = await db.select().from(t.withdrawals).where(eq(t.withdrawals.orderNumber, c.numero));
    expect(withdrawal?.reason).toBe(
      'Sou [dado removido], CPF [dado removido], liguem no [dado removido]. Não quero mais.',
    );
    const [note] = await db.select().from(t.orderNotes).where(eq(t.orderNotes.orderNumber, c.numero));
    expect(note?.text).toContain('Trocar para o modelo cromado.');
    expect(note?.text).not.toMatch(/Albuquerque|Valentina|\d{5}/);
    expect((await db.select().from(t.mailOutbox)).map((m) => m.subject)).toContain('Estoque baixo');
    expect((await get(`order/${String(c.numero)}`, c.sid)).status).toBe(404);
    // The order stays, with its buyer's address as it was invoiced; the account no longer logs in.
    const [order] = await store.database.db.select().from(t.orders).where(eq(t.orders.number, c.numero));
    expect(order?.address.nome).toBe(c.body.nomeRazao);
    const login = await post('login', { usuario: c.body.email, senha: c.body.senha }, newSession());
    expect(login.status).toBe(401);
    expect((await get('privacy', c.sid)).status).toBe(401);
  });
});

describe('strange input', () => {
  test('each bad body is a 4xx in Portuguese that changes nothing', async () => {
    const c = await fullCustomer('Estranha', '(31) 95555-0000');
    for (const body of [
      { consentimento: 'aviso', id: 'abc' },
      { consentimento: 'aviso', id: -1 },
      { consentimento: ['ofertas'] },
      'não é json',
      { senha: { $ne: '' } },
    ]) {
      const res = await post(
        typeof body === 'object' && 'senha' in body ? 'privacy/deletion' : 'privacy/consents',
        body,
        c.sid,
      );
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      const { mensagem } = (await res.json()) as { mensagem: string };
      expect(mensagem).not.toMatch(/invalid|expected|received/i);
    }
    const privacy = privacySchema.parse(await (await get('privacy', c.sid)).json());
    expect(privacy.consentimentos.newsletter).not.toBeNull();
    expect(privacy.consentimentos.avisos).toHaveLength(1);
    expect(privacy.exclusao).toBeNull();
  });
});
