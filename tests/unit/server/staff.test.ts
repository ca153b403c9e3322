import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pedidoSchema } from '#/contract/order.ts';
import { staffListSchema, staffMeSchema, staffOpenedSchema } from '#/contract/staff.ts';
import { errorSchema } from '#/contract/common.ts';
import { pedidoEquipeSchema, staffOrderExportSchema, staffOrderListSchema } from '#/contract/staff-orders.ts';
import * as t from '#/server/db/schema.ts';
import { addMember, issueLink } from '#/server/staff/members.ts';
import { buyer, pickVariants, placeAs } from './buyers.ts';
import { ADMIN_TOKEN, newSession, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';
import { as, PASSWORD, staffCalls, tokenOf } from './staff-members.ts';

/** The team's accounts, roles and sessions, and the orders as the back office sees and moves them. */

let store: TestPlatform;
beforeAll(async () => {
  store = await startPlatform(20);
});
afterAll(() => store.stop());

const { admin, member } = staffCalls(() => store);

describe('accounts and sessions', () => {
  test('a one-time link sets the password once; the login answers alike for every wrong case', async () => {
    const row = await addMember(store.database.db, { email: 'ana@loja.com.br', nome: 'Ana', papel: 'dono' });
    const link = await issueLink(store.database.db, 'http://loja.test', row.id);
    expect(link).toMatch(/^http:\/\/loja\.test\/painel\/senha\?token=[\w-]{43}$/);
    // No password yet: the login is refused like a wrong one.
    const early = await admin('/session', {
      method: 'POST',
      body: { email: 'ana@loja.com.br', senha: PASSWORD },
    });
    expect(early.status).toBe(401);
    const short = await admin('/password', {
      method: 'POST',
      body: { token: tokenOf(link), senha: 'curta' },
    });
    expect(short.status).toBe(400);
    expect(
      (await admin('/password', { method: 'POST', body: { token: tokenOf(link), senha: PASSWORD } })).status,
    ).toBe(200);
    const again = await admin('/password', {
      method: 'POST',
      body: { token: tokenOf(link), senha: PASSWORD },
    });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { mensagem: string }).mensagem).toMatch(/já foi usado ou expirou/);

    const wrong = await admin('/session', {
      method: 'POST',
      body: { email: 'ana@loja.com.br', senha: 'outra senha qualquer' },
    });
    const unknown = await admin('/session', {
      method: 'POST',
      body: { email: 'ninguem@loja.com.br', senha: PASSWORD },
    });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(await wrong.json()).toEqual(await unknown.json());

    const ok = await admin('/session', {
      method: 'POST',
      body: { email: ' ANA@loja.com.br ', senha: PASSWORD },
    });
    expect(ok.status).toBe(200);
    const { token, membro } = staffOpenedSchema.parse(await ok.json());
    expect(membro).toMatchObject({ nome: 'Ana', papel: 'dono', senhaDefinida: true });
    const me = staffMeSchema.parse(await (await admin('/me', { headers: as(token) })).json());
    expect(me.membro?.email).toBe('ana@loja.com.br');
    // The database keeps only the token's hash.
    const stored = await store.database.db.select().from(t.staffSessions);
    expect(stored.some((s) => s.tokenHash === token)).toBe(false);
  });

  test('no credentials, a shopper session or a made-up token: 401; the automation token is its own actor', async () => {
    expect((await admin('/orders')).status).toBe(401);
    expect((await admin('/orders', { headers: { Session: newSession() } })).status).toBe(401);
    expect((await admin('/orders', { headers: as('x'.repeat(43)) })).status).toBe(401);
    expect((await admin('/orders', { headers: { Authorization: 'Bearer errado' } })).status).toBe(401);
    const me = staffMeSchema.parse(
      await (await admin('/me', { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } })).json(),
    );
    // No member behind it; what waits for the team, as for any owner.
    expect(me).toEqual({
      papel: 'dono',
      pedidosAAgir: 0,
      mensagensAResponder: 0,
      solicitacoesAbertas: 0,
      enviaEmail: true,
      enviosComFalha: 0,
    });
  });

  test('each role opens its part only; owners open everything', async () => {
    const orders = await member('pedidos@loja.com.br', 'pedidos');
    const catalogue = await member('catalogo@loja.com.br', 'catalogo');
    const owner = await member('dono2@loja.com.br', 'dono');
    const open = async (token: string) =>
      Promise.all(
        ['/orders', '/coupons', '/reviews', '/activity', '/staff'].map(
          async (path) => (await admin(path, { headers: as(token) })).status,
        ),
      );
    expect(await open(orders.token)).toEqual([200, 403, 403, 403, 403]);
    expect(await open(catalogue.token)).toEqual([403, 200, 200, 403, 403]);
    expect(await open(owner.token)).toEqual([200, 200, 200, 200, 200]);
    // A refused role changes nothing.
    const put = await admin('/coupons/BEMVINDO10', {
      method: 'PUT',
      body: { ativo: false },
      headers: as(orders.token),
    });
    expect(put.status).toBe(403);
    const [coupon] = await store.database.db.select().from(t.coupons).where(eq(t.coupons.code, 'BEMVINDO10'));
    expect(coupon?.active).toBe(true);
  });

  test('owners add members, change roles and switch them off; the store keeps an active owner', async () => {
    const owner = await member('dono3@loja.com.br', 'dono');
    const added = await admin('/staff', {
      method: 'POST',
      body: { email: 'bia@loja.com.br', nome: 'Bia', papel: 'pedidos' },
      headers: as(owner.token),
    });
    expect(added.status).toBe(201);
    const { link, membro } = (await added.json()) as { link: string; membro: { id: number } };
    expect(store.mail.at(-1)).toMatchObject({ to: 'bia@loja.com.br' });
    expect(store.mail.at(-1)?.text).toContain(link);
    const taken = await admin('/staff', {
      method: 'POST',
      body: { email: 'bia@loja.com.br', nome: 'Outra Bia', papel: 'catalogo' },
      headers: as(owner.token),
    });
    expect(taken.status).toBe(409);
    expect(
      (await admin('/password', { method: 'POST', body: { token: tokenOf(link), senha: PASSWORD } })).status,
    ).toBe(200);
    const login = await admin('/session', {
      method: 'POST',
      body: { email: 'bia@loja.com.br', senha: PASSWORD },
    });
    const bia = staffOpenedSchema.parse(await login.json()).token;
    expect((await admin('/orders', { headers: as(bia) })).status).toBe(200);

    const off = await admin(`/staff/${String(membro.id)}`, {
      method: 'PUT',
      body: { ativo: false },
      headers: as(owner.token),
    });
    expect(off.status).toBe(200);
    // The team list filters by name or e-mail, role and whether switched off.
    const team = async (query: string) =>
      staffListSchema.parse(await (await admin(`/staff${query}`, { headers: as(owner.token) })).json());
    expect((await team('?q=BIA@LOJA')).membros.map((m) => m.email)).toEqual(['bia@loja.com.br']);
    expect((await team('?situacao=desligados')).membros.map((m) => m.email)).toContain('bia@loja.com.br');
    expect((await team('?situacao=ativos')).membros.map((m) => m.email)).not.toContain('bia@loja.com.br');
    expect((await team('?papel=dono')).membros.every((m) => m.papel === 'dono')).toBe(true);
    expect((await admin('/staff?papel=chefe', { headers: as(owner.token) })).status).toBe(400);
    expect((await admin('/orders', { headers: as(bia) })).status).toBe(401);
    const relogin = await admin('/session', {
      method: 'POST',
      body: { email: 'bia@loja.com.br', senha: PASSWORD },
    });
    expect(relogin.status).toBe(401);

    // Every owner but one switched off, the last one cannot leave.
    const owners = await store.database.db
      .select()
      .from(t.staffMembers)
      .where(eq(t.staffMembers.role, 'dono'));
    for (const o of owners.filter((o) => o.id !== owner.id))
      await admin(`/staff/${String(o.id)}`, {
        method: 'PUT',
        body: { ativo: false },
        headers: as(owner.token),
      });
    const last = await admin(`/staff/${String(owner.id)}`, {
      method: 'PUT',
      body: { papel: 'pedidos' },
      headers: as(owner.token),
    });
    expect(last.status).toBe(409);
    expect(((await last.json()) as { error: string }).error).toBe('last_owner');
    const activity = await admin('/activity?entidade=membro', { headers: as(owner.token) });
    const { atividades } = (await activity.json()) as { atividades: { acao: string; autor: string }[] };
    expect(
      atividades.some((a) => a.acao === 'membro.alterar' && a.autor === `equipe:${String(owner.id)}`),
    ).toBe(true);
  });

  test('a session ends after 30 idle minutes, 12 hours after the login, and on logout everywhere', async () => {
    const { id } = await member('tempo@loja.com.br', 'pedidos');
    const sessions = async () => {
      const tokens: string[] = [];
      for (let i = 0; i < 2; i++) {
        const res = await admin('/session', {
          method: 'POST',
          body: { email: 'tempo@loja.com.br', senha: PASSWORD },
        });
        tokens.push(staffOpenedSchema.parse(await res.json()).token);
      }
      return tokens;
    };
    const [a = '', b = ''] = await sessions();
    await store.database.db.execute(
      sql`update staff_sessions set seen_at = now() - interval '31 minutes' where member_id = ${id}`,
    );
    expect((await admin('/me', { headers: as(a) })).status).toBe(401);
    const [c = '', d = ''] = await sessions();
    await store.database.db.execute(
      sql`update staff_sessions set created_at = now() - interval '13 hours' where member_id = ${id}`,
    );
    expect((await admin('/me', { headers: as(c) })).status).toBe(401);
    const [e = '', f = ''] = await sessions();
    expect((await admin('/me', { headers: as(e) })).status).toBe(200);
    expect((await admin('/sessions', { method: 'DELETE', headers: as(e) })).status).toBe(200);
    for (const token of [b, d, e, f]) expect((await admin('/me', { headers: as(token) })).status).toBe(401);
  });
});

describe('orders in the back office', () => {
  test('list with filters and counts, one order with its timeline, moves that a stale page cannot repeat', async () => {
    const team = await member('expedicao@loja.com.br', 'pedidos');
    const [v] = await pickVariants(store, 1);
    if (!v) throw new Error('no variant');
    const first = await buyer(store, [{ v, quantidade: 1 }]);
    const placed = await placeAs(store, first);
    expect(placed.status).toBe(201);
    const { numero } = ((await placed.json()) as { pedido: { numero: number } }).pedido;
    const second = await buyer(store, [{ v, quantidade: 2 }]);
    expect((await placeAs(store, second)).status).toBe(201);
    // The search also reads e-mails and documents: the buyers' random ones must not hold an order's number.
    for (const [id, document] of [
      [first.customerId, '52998224725'],
      [second.customerId, '39053344705'],
    ] as const)
      await store.database.db
        .update(t.customers)
        .set({ document, email: `pedidos.${document}@exemplo.com.br` })
        .where(eq(t.customers.id, id));

    const list = async (query: string) => {
      const res = await admin(`/orders${query}`, { headers: as(team.token) });
      expect(res.status).toBe(200);
      return staffOrderListSchema.parse(await res.json());
    };
    const all = await list('');
    expect(all.contagem.aguardando_pagamento).toBeGreaterThanOrEqual(2);
    expect(all.pedidos[0]?.cliente.nome).toBe('Ana Souza');
    const one = await list(`?q=${String(numero)}`);
    expect(one.pedidos.map((p) => p.numero)).toEqual([numero]);
    expect((await list('?q=%25%25%25')).total).toBe(0);
    expect((await list('?situacao=pago')).pedidos).toEqual([]);
    expect((await admin('/orders?situacao=perdido', { headers: as(team.token) })).status).toBe(400);
    expect((await admin('/orders?de=2026-13-45', { headers: as(team.token) })).status).toBe(400);
    expect((await admin('/orders?pagina=0', { headers: as(team.token) })).status).toBe(400);

    const move = (body: Record<string, unknown>) =>
      admin(`/orders/${String(numero)}/status`, { method: 'PUT', body, headers: as(team.token) });
    expect((await move({ situacao: 'pago', de: 'aguardando_pagamento' })).status).toBe(200);
    // The same click again (the page still says "aguardando"): refused, nothing changes twice.
    const twice = await move({ situacao: 'pago', de: 'aguardando_pagamento' });
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as { error: string }).error).toBe('stale_status');
    expect(
      (await move({ situacao: 'enviado', de: 'pago', transportadora: 'Correios', rastreio: 'AA123456785BR' }))
        .status,
    ).toBe(200);
    expect((await move({ situacao: 'enviado', de: 'pago', rastreio: '<script>' })).status).toBe(400);
    // A shipment without a way to follow it, or a Correios code whose check digit is wrong: refused by field.
    const bare = await move({ situacao: 'enviado', de: 'pago' });
    expect(bare.status).toBe(400);
    expect(Object.keys(((await bare.json()) as { erros: object }).erros).sort()).toEqual([
      'rastreio',
      'transportadora',
    ]);
    const digit = await move({
      situacao: 'enviado',
      de: 'pago',
      transportadora: 'Correios',
      rastreio: 'AA123456789BR',
    });
    expect(digit.status).toBe(400);
    expect(errorSchema.parse(await digit.json()).mensagem).toMatch(/dígito verificador/);

    const res = await admin(`/orders/${String(numero)}`, { headers: as(team.token) });
    const pedido = pedidoEquipeSchema.parse(((await res.json()) as { pedido: unknown }).pedido);
    expect(pedido.cliente.nome).toBe('Ana Souza');
    expect(pedido.rastreio).toEqual({
      transportadora: 'Correios',
      codigo: 'AA123456785BR',
      url: 'https://rastreamento.correios.com.br/app/index.php?objetos=AA123456785BR',
    });
    expect(pedido.proximas).toEqual(['entregue']);
    expect(pedido.linhaDoTempo.map((l) => [l.situacao, l.autor])).toEqual([
      ['aguardando_pagamento', 'Cliente'],
      ['pago', 'Pessoa pedidos'],
      ['enviado', 'Pessoa pedidos'],
    ]);
    const events = await store.database.db
      .select()
      .from(t.orderEvents)
      .where(eq(t.orderEvents.orderNumber, numero));
    expect(events.filter((e) => e.status === 'paid')).toHaveLength(1);

    // The buyer reads the tracking on the order page and in the e-mail.
    const page = await store.request(`/v2/front/checkout/order/${String(numero)}`, {
      headers: { Session: first.session },
    });
    const shown = pedidoSchema.parse(((await page.json()) as { pedido: unknown }).pedido);
    expect(shown.rastreio?.codigo).toBe('AA123456785BR');
    await new Promise((r) => setTimeout(r, 50));
    const mail = store.mail.findLast((m) => m.subject === `Pedido ${String(numero)} enviado`);
    expect(mail?.text).toContain('Código de rastreio: AA123456785BR');
    expect(mail?.text).toContain(
      'Acompanhe a entrega: https://rastreamento.correios.com.br/app/index.php?objetos=AA123456785BR',
    );
    // A typo found later: corrected, recorded, and the buyer gets the new code.
    const fix = (body: unknown) =>
      admin(`/orders/${String(numero)}/tracking`, { method: 'PUT', body, headers: as(team.token) });
    expect((await fix({ transportadora: 'Correios', rastreio: 'AA123456789BR' })).status).toBe(400);
    expect((await fix({ transportadora: 'Jadlog', rastreio: '10082340012345' })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    const corrected = store.mail.findLast(
      (m) => m.subject === `Pedido ${String(numero)}: código de rastreio corrigido`,
    );
    expect(corrected?.text).toContain('Código de rastreio: 10082340012345');
    expect(corrected?.text).toContain('https://www.jadlog.com.br/jadlog/tracking?cte=10082340012345');
    // The export: every match, no paging, with what a spreadsheet needs; the same filters' refusals.
    const exported = await admin(`/orders/export?q=${String(numero)}`, { headers: as(team.token) });
    const sheet = staffOrderExportSchema.parse(await exported.json());
    expect(sheet.truncado).toBe(false);
    expect(sheet.pedidos).toHaveLength(1);
    expect(sheet.pedidos[0]).toMatchObject({
      numero,
      cidade: 'Campinas',
      uf: 'SP',
      transportadora: 'Jadlog',
    });
    expect((await admin('/orders/export?situacao=x', { headers: as(team.token) })).status).toBe(400);
    expect((await admin('/orders/99999999', { headers: as(team.token) })).status).toBe(404);
    expect((await admin('/orders/abc', { headers: as(team.token) })).status).toBe(404);
  });
});
