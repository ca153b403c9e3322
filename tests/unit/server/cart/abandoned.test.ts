import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import * as t from '#/server/db/schema.ts';
import { remindAbandonedCarts } from '#/server/cart/abandoned.ts';
import { buyer, pickVariants } from '../buyers.ts';
import type { Variant } from '../buyers.ts';
import { ORIGIN, SESSION_SECRET, startPlatform } from '../harness.ts';
import type { TestPlatform } from '../harness.ts';

/** The cart reminder: only with consent, once, after the owner's hours; and the one-click way out. */

let store: TestPlatform;
let variants: Variant[];
beforeAll(async () => {
  store = await startPlatform(10);
  variants = await pickVariants(store, 1);
});
afterAll(() => store.stop());

const remind = () =>
  remindAbandonedCarts({
    db: store.database.db,
    origin: ORIGIN,
    key: () => Promise.resolve(SESSION_SECRET),
    mailer: {
      send: (mail) => {
        store.mail.push(mail);
        return Promise.resolve();
      },
    },
  });
const reminders = () => store.mail.filter((m) => m.kind === 'carrinho-lembrete');

async function cart(optin: boolean, hoursAgo: number) {
  const [v] = variants;
  if (!v) throw new Error('no variant');
  const b = await buyer(store, [{ v, quantidade: 1 }]);
  await store.database.db.update(t.customers).set({ optin }).where(eq(t.customers.id, b.customerId));
  await store.database.db
    .update(t.cartsStarted)
    .set({ startedAt: sql`now() - make_interval(hours => ${hoursAgo})` })
    .where(eq(t.cartsStarted.sessionId, b.session));
  const [c] = await store.database.db.select().from(t.customers).where(eq(t.customers.id, b.customerId));
  return { ...b, email: c?.email ?? '' };
}
const setHours = (hours: number | null) =>
  store.database.db
    .insert(t.settings)
    .values({ key: 'equipe', value: { emailsPedidos: [], carrinhoHoras: hours } })
    .onConflictDoUpdate({
      target: t.settings.key,
      set: { value: { emailsPedidos: [], carrinhoHoras: hours } },
    });

test('nobody is reminded while the owner sets no hours; then only who consented, once, past the hours', async () => {
  const consenting = await cart(true, 3);
  const refusing = await cart(false, 3);
  const recent = await cart(true, 0);
  expect(await remind()).toBe(0);
  await setHours(2);
  expect(await remind()).toBe(1);
  expect(await remind()).toBe(0);
  const sent = reminders();
  expect(sent.map((m) => m.to)).toEqual([consenting.email]);
  expect(sent.map((m) => m.to)).not.toContain(refusing.email);
  expect(sent.map((m) => m.to)).not.toContain(recent.email);
  const [mail] = sent;
  expect(mail?.text).toContain(`${ORIGIN}/checkout/carrinho/`);
  expect(mail?.text).toMatch(/Para não receber mais: https:\/\/loja\.test\/descadastrar\?t=\d+\.[\w-]{32}/);
  expect(mail?.headers?.['List-Unsubscribe']).toMatch(
    /^<https:\/\/loja\.test\/api\/unsubscribe\?t=\d+\.[\w-]{32}>$/,
  );
  expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

  // The one click a mail app makes (RFC 8058): no login, the token is the check.
  const link = /<https:\/\/loja\.test\/api(\/unsubscribe\?t=[^>]+)>/.exec(
    mail?.headers?.['List-Unsubscribe'] ?? '',
  )?.[1];
  const oneClick = await store.platform.api.request(`${ORIGIN}${link ?? ''}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(oneClick.status).toBe(200);
  const [after] = await store.database.db
    .select({ optin: t.customers.optin })
    .from(t.customers)
    .where(eq(t.customers.id, consenting.customerId));
  expect(after?.optin).toBe(false);
  // A forged or cut token changes nothing; a person opening the link is asked to confirm first.
  for (const bad of ['1.abc', `${String(refusing.customerId)}.${'a'.repeat(32)}`, ''])
    expect(
      (await store.platform.api.request(`${ORIGIN}/unsubscribe?t=${bad}`, { method: 'POST' })).status,
      bad,
    ).toBe(400);
  const opened = await store.platform.api.request(`${ORIGIN}${link ?? ''}`);
  expect(opened.status).toBe(303);
  expect(opened.headers.get('location')).toMatch(/^\/descadastrar\?t=/);
});
