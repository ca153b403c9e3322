import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cartSchema } from '#/contract/cart.ts';
import { userSchema } from '#/contract/user.ts';
import { mintSessionId, SESSION_LIFETIME } from '#/server/accounts/sessions.ts';
import { PURGE_LOCK } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { purgeExpired } from '#/server/housekeeping.ts';
import { newSession, SESSION_SECRET, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';

/**
 * Sessions are the platform's to issue and to end: a client cannot choose its id, a login has an idle
 * and an absolute lifetime, and what expired is purged (on PGlite and PostgreSQL).
 */
let store: TestPlatform;
let item: { idProduto: number; idAtributoSimples: number };
beforeAll(async () => {
  store = await startPlatform(20);
  const [variant] = await store.database.db
    .select({ id: t.variants.id, productId: t.variants.productId })
    .from(t.variants)
    .where(sql`${t.variants.stock} > 5`)
    .limit(1);
  if (!variant) throw new Error('no variant in stock');
  item = { idProduto: variant.productId, idAtributoSimples: variant.id };
});
afterAll(() => store.stop());

const DAY_MS = 24 * 60 * 60 * 1000;
const json = { 'Content-Type': 'application/json' };
const issuedTo = (res: Response) => res.headers.get('Session');
const addToCart = (session: string) =>
  store.request('/v2/front/checkout/cart', {
    method: 'POST',
    headers: { ...json, Session: session },
    body: JSON.stringify({ tipo: 'produto', itens: [{ ...item, quantidade: 2 }] }),
  });
const saveCep = (session: string, cep: string) =>
  store.request('/v2/front/checkout/zipcode', {
    method: 'POST',
    headers: { ...json, Session: session },
    body: JSON.stringify({ cep }),
  });
const userOf = async (session: string) =>
  userSchema.parse(
    await (await store.request('/v2/front/checkout/user', { headers: { Session: session } })).json(),
  );
const cartOf = async (session: string) =>
  cartSchema.parse(
    await (await store.request('/v2/front/checkout/cart', { headers: { Session: session } })).json(),
  );
const idle = async (session: string, days: number) => {
  await store.database.db
    .update(t.sessions)
    .set({ updatedAt: new Date(Date.now() - days * DAY_MS) })
    .where(eq(t.sessions.id, session));
};

describe('only the platform issues session ids', () => {
  test.each([
    ['a made-up id of 32 characters', 'abcdefghijklmnopqrstuvwxyz012345'],
    ['an id signed with another key', mintSessionId('outra-chave-de-outra-loja-0123456789')],
    ['a signed id with its tag changed', newSession().replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))],
    [
      'a signed id with its date changed',
      newSession().replace(/^[0-9a-z]+/, (d) => (parseInt(d, 36) + 1).toString(36)),
    ],
  ])('%s is replaced by a new one, never adopted', async (_, forged) => {
    for (const headers of [{ Session: forged }, { Cookie: `PHPSESSID=${forged}` }]) {
      const res = await store.request('/v2/front/ping', { headers });
      const fresh = issuedTo(res);
      expect(fresh).toBeTruthy();
      expect(fresh).not.toBe(forged);
      expect(res.headers.get('set-cookie')).toContain(`PHPSESSID=${fresh ?? ''}`);
    }
  });

  test('what is done under a made-up id is not found under it again (session fixation)', async () => {
    const planted = 'sessao-plantada-pelo-atacante-000000';
    const res = await addToCart(planted);
    expect(res.status).toBe(200);
    const rows = await store.database.db.select().from(t.cartItems).where(eq(t.cartItems.sessionId, planted));
    expect(rows).toHaveLength(0);
    expect((await cartOf(planted)).itens).toHaveLength(0);
  });

  test('an id the platform issued is kept as it is', async () => {
    const issued = issuedTo(await store.request('/v2/front/ping')) ?? '';
    const again = await store.request('/v2/front/ping', { headers: { Session: issued } });
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(issuedTo(again)).toBeNull();
  });
});

describe('lifetimes', () => {
  test('a login ends after a week without a visit; a visit within it moves the clock', async () => {
    const active = newSession();
    await store.loginAs(active, { name: 'Ativa' });
    await idle(active, 6);
    expect((await userOf(active)).logado).toBe(true);
    const [moved] = await store.database.db
      .select({ at: t.sessions.updatedAt })
      .from(t.sessions)
      .where(eq(t.sessions.id, active));
    expect(Date.now() - (moved?.at.getTime() ?? 0)).toBeLessThan(60_000);

    const away = newSession();
    await store.loginAs(away, { name: 'Ausente' });
    await idle(away, SESSION_LIFETIME.loginIdleMs / DAY_MS + 1);
    expect((await userOf(away)).logado).toBe(false);
    const wishlist = await store.request('/v2/front/wishlist', { headers: { Session: away } });
    expect(wishlist.status).toBe(401);
  });

  test('an id past its 30 days gets a new one that carries the cart and the CEP, not the login', async () => {
    const old = mintSessionId(SESSION_SECRET, Date.now() - SESSION_LIFETIME.absoluteMs - DAY_MS);
    // Written while the id was young: a cart line, a CEP and a login.
    const young = mintSessionId(SESSION_SECRET);
    expect((await addToCart(young)).status).toBe(200);
    expect((await saveCep(young, '13035-000')).status).toBe(200);
    await store.loginAs(young, { name: 'Antiga' });
    await store.database.db.update(t.sessions).set({ id: old }).where(eq(t.sessions.id, young));
    await store.database.db
      .update(t.cartItems)
      .set({ sessionId: old })
      .where(eq(t.cartItems.sessionId, young));

    const res = await store.request('/v2/front/checkout/user', { headers: { Session: old } });
    const fresh = issuedTo(res) ?? '';
    expect(fresh).not.toBe('');
    expect(fresh).not.toBe(old);
    const user = userSchema.parse(await res.json());
    expect(user.logado).toBe(false);
    expect((await userOf(fresh)).endereco.cep).toBe('13035000');
    expect((await cartOf(fresh)).itens).toHaveLength(1);
    // The old id holds nothing any more, and using it again gives yet another empty session.
    expect(await store.database.db.select().from(t.sessions).where(eq(t.sessions.id, old))).toHaveLength(0);
    expect((await cartOf(old)).itens).toHaveLength(0);
  });
});

describe('purge', () => {
  test('sessions idle past 30 days go with their cart; replay answers past a day, spent reset links and week-old outbox mail go', async () => {
    const db = store.database.db;
    const [stale, recent] = [newSession(), newSession()];
    for (const s of [stale, recent]) expect((await addToCart(s)).status).toBe(200);
    await idle(stale, SESSION_LIFETIME.keepMs / DAY_MS + 1);
    await idle(recent, SESSION_LIFETIME.keepMs / DAY_MS - 1);
    await db.insert(t.idempotencyKeys).values([
      {
        sessionId: recent,
        key: 'antiga-0001',
        requestHash: 'x',
        createdAt: new Date(Date.now() - 2 * DAY_MS),
      },
      { sessionId: recent, key: 'recente-0001', requestHash: 'x' },
    ]);
    const [customer] = await db.select({ id: t.customers.id }).from(t.customers).limit(1);
    const customerId = customer?.id ?? (await store.loginAs(newSession(), { name: 'Reset' }));
    await db.insert(t.passwordResets).values([
      { tokenHash: 'vencido', customerId, expiresAt: new Date(Date.now() - 1000) },
      { tokenHash: 'valido', customerId, expiresAt: new Date(Date.now() + 60_000) },
    ]);
    const mail = { recipient: 'a@exemplo.com.br', message: 'Subject: x' };
    await db.insert(t.mailOutbox).values([
      { ...mail, subject: 'antigo', createdAt: new Date(Date.now() - 8 * DAY_MS) },
      { ...mail, subject: 'recente', createdAt: new Date(Date.now() - 6 * DAY_MS) },
    ]);

    const purged = await purgeExpired(store.database);
    expect(purged?.sessions).toBeGreaterThanOrEqual(1);
    expect(purged?.cartLines).toBeGreaterThanOrEqual(1);

    const linesOf = (s: string) => db.select().from(t.cartItems).where(eq(t.cartItems.sessionId, s));
    expect(await linesOf(stale)).toHaveLength(0);
    expect(await linesOf(recent)).toHaveLength(1);
    expect(await db.select().from(t.sessions).where(eq(t.sessions.id, stale))).toHaveLength(0);
    const keys = await db.select({ key: t.idempotencyKeys.key }).from(t.idempotencyKeys);
    expect(keys.map((k) => k.key)).toContain('recente-0001');
    expect(keys.map((k) => k.key)).not.toContain('antiga-0001');
    const links = await db.select({ hash: t.passwordResets.tokenHash }).from(t.passwordResets);
    expect(links.map((l) => l.hash)).toContain('valido');
    expect(links.map((l) => l.hash)).not.toContain('vencido');
    const kept = await db.select({ subject: t.mailOutbox.subject }).from(t.mailOutbox);
    expect(kept.map((m) => m.subject)).toContain('recente');
    expect(kept.map((m) => m.subject)).not.toContain('antigo');
  });

  test.runIf(process.env['TEST_DB'] === 'postgres')(
    'while another instance purges, this one skips',
    async () => {
      const pool = store.database.pool;
      if (!pool) throw new Error('PostgreSQL without a pool');
      const other = await pool.connect();
      try {
        await other.query('SELECT pg_advisory_lock($1)', [PURGE_LOCK]);
        expect(await purgeExpired(store.database)).toBeUndefined();
        await other.query('SELECT pg_advisory_unlock($1)', [PURGE_LOCK]);
        expect(await purgeExpired(store.database)).toBeDefined();
      } finally {
        other.release();
      }
    },
  );
});
