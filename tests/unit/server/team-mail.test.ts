import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pedidoSchema } from '#/contract/order.ts';
import { staffMeSchema } from '#/contract/staff.ts';
import { pedidoEquipeSchema } from '#/contract/staff-orders.ts';
import * as t from '#/server/db/schema.ts';
import { expireOrders } from '#/server/orders/status.ts';
import { remindTeamOfWaitingOrders } from '#/server/staff/team-mail.ts';
import { buyer, pickVariants, placeAs } from './buyers.ts';
import type { Variant } from './buyers.ts';
import { ORIGIN, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';
import { as, staffCalls } from './staff-members.ts';

/** What the team hears of orders: each new one, and a static Pix about to expire; and more time to pay. */

let store: TestPlatform;
let variants: Variant[];
let owner: { token: string };
let orders: { token: string };
beforeAll(async () => {
  store = await startPlatform(20);
  variants = await pickVariants(store, 2);
  owner = await member('dona@loja.test', 'dono');
  orders = await member('pedidos@loja.test', 'pedidos');
  await member('catalogo@loja.test', 'catalogo');
  // A member switched off hears nothing.
  const off = await member('saiu@loja.test', 'pedidos');
  await store.database.db.update(t.staffMembers).set({ active: false }).where(eq(t.staffMembers.id, off.id));
});
afterAll(() => store.stop());

const { admin, member } = staffCalls(() => store);
const mailsOf = (kind: string) => store.mail.filter((m) => m.kind === kind);
const deps = () => ({ db: store.database.db, mailer: { send: () => Promise.resolve() }, origin: ORIGIN });

async function newOrder(): Promise<number> {
  const first = variants[0];
  if (!first) throw new Error('no variant');
  const b = await buyer(store, [{ v: first, quantidade: 1 }]);
  const res = await placeAs(store, b);
  expect(res.status).toBe(201);
  return pedidoSchema.parse(((await res.json()) as { pedido: unknown }).pedido).numero;
}

/** Move the order's deadline (and its reminder) by SQL: the clock the sweep reads. */
const setTimes = (numero: number, expires: string, reminded: string | null) =>
  store.database.db
    .update(t.orders)
    .set({
      expiresAt: sql`now() + ${expires}::interval`,
      teamRemindedAt: reminded === null ? null : sql`now() + ${reminded}::interval`,
    })
    .where(eq(t.orders.number, numero));

const statusOf = async (numero: number) =>
  (await store.database.db.select().from(t.orders).where(eq(t.orders.number, numero)))[0]?.status;

describe('a new order reaches the team', () => {
  test('every active owner and orders member is e-mailed the number, items, total, payment and link', async () => {
    const before = mailsOf('equipe-pedido-novo').length;
    const numero = await newOrder();
    const sent = mailsOf('equipe-pedido-novo').slice(before);
    expect(sent.map((m) => m.to).sort()).toEqual(['dona@loja.test', 'pedidos@loja.test']);
    const mail = sent[0];
    expect(mail?.subject).toMatch(new RegExp(`novo pedido ${String(numero)} \\(R\\$\\s[\\d.,]+, Pix\\)`));
    expect(mail?.text).toContain(`${ORIGIN}/painel/pedidos/${String(numero)}`);
    expect(mail?.text).toMatch(/• 1 × .+ – R\$/);
    expect(mail?.text).toMatch(/Total: R\$/);
    // The static Pix: the team is told it confirms the payment itself, and until when the buyer may pay.
    expect(mail?.text).toMatch(/Pix direto na conta da loja\. Quando o valor cair no extrato, marque/);
  });

  test('the menu counts the orders waiting for the team; catalogue members are not told', async () => {
    const me = staffMeSchema.parse(await (await admin('/me', { headers: as(orders.token) })).json());
    const waiting = await store.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.orders)
      .where(
        sql`${t.orders.status} = 'paid' OR (${t.orders.status} = 'awaiting_payment' AND ${t.orders.provider} = '' AND ${t.orders.payment} = 'pix')`,
      );
    expect(me.pedidosAAgir).toBe(waiting[0]?.n);
    expect(me.pedidosAAgir).toBeGreaterThan(0);
    const catalogue = await member('catalogo2@loja.test', 'catalogo');
    const theirs = staffMeSchema.parse(await (await admin('/me', { headers: as(catalogue.token) })).json());
    expect(theirs.pedidosAAgir).toBeUndefined();
  });
});

describe('a static Pix is never cancelled unseen', () => {
  test('past its deadline it waits for the reminder; reminded once; cancelled 10 minutes after it', async () => {
    const numero = await newOrder();
    // Past its deadline, the team never told: it stays.
    await setTimes(numero, '-1 minute', null);
    expect(await expireOrders(store.database.db, [numero])).toEqual([]);
    expect(await statusOf(numero)).toBe('awaiting_payment');
    // The sweep reminds it (once, however many instances sweep).
    const [a, b] = await Promise.all([remindTeamOfWaitingOrders(deps()), remindTeamOfWaitingOrders(deps())]);
    expect([...a, ...b].filter((n) => n === numero)).toEqual([numero]);
    expect(await remindTeamOfWaitingOrders(deps())).not.toContain(numero);
    // Reminded just now: still not cancelled.
    expect(await expireOrders(store.database.db, [numero])).toEqual([]);
    // Reminded 11 minutes ago and past its deadline: cancelled, its stock back.
    await setTimes(numero, '-1 minute', '-11 minutes');
    expect(await expireOrders(store.database.db, [numero])).toEqual([numero]);
    expect(await statusOf(numero)).toBe('cancelled');
  });

  test('the reminder says what to do and links the order; it comes 10 minutes before the deadline', async () => {
    const numero = await newOrder();
    await setTimes(numero, '25 minutes', null);
    expect(await remindTeamOfWaitingOrders(deps())).not.toContain(numero);
    await setTimes(numero, '9 minutes', null);
    const before = mailsOf('equipe-pix-expirando').length;
    const reminded = await remindTeamOfWaitingOrders({ ...deps(), mailer: mailerOf(store) });
    expect(reminded).toContain(numero);
    const sent = mailsOf('equipe-pix-expirando').slice(before);
    expect(sent.map((m) => m.to).sort()).toEqual(['dona@loja.test', 'pedidos@loja.test']);
    expect(sent[0]?.subject).toContain(`o Pix do pedido ${String(numero)} ainda não foi confirmado`);
    expect(sent[0]?.text).toContain('Dar mais tempo');
    expect(sent[0]?.text).toContain(`${ORIGIN}/painel/pedidos/${String(numero)}`);
  });
});

/** The memory mailer the platform was started with (its `sent` is `store.mail`). */
function mailerOf(platform: TestPlatform) {
  return {
    send: (mail: (typeof platform.mail)[number]) => {
      platform.mail.push(mail);
      return Promise.resolve();
    },
  };
}

describe('more time to pay', () => {
  test('the team extends a waiting static Pix: new deadline, timeline line, audit, reminder again', async () => {
    const numero = await newOrder();
    await setTimes(numero, '5 minutes', '-1 minute');
    const res = await admin(`/orders/${String(numero)}/deadline`, {
      method: 'POST',
      body: { minutos: 120 },
      headers: as(orders.token),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { mensagem: string }).mensagem).toMatch(
      /agora pode ser pago até \d\d\/\d\d/,
    );
    const [row] = await store.database.db.select().from(t.orders).where(eq(t.orders.number, numero));
    const minutesLeft = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(120);
    expect(minutesLeft).toBeLessThan(126);
    expect(row?.teamRemindedAt).toBeNull();
    const page = pedidoEquipeSchema.parse(
      (
        (await (await admin(`/orders/${String(numero)}`, { headers: as(owner.token) })).json()) as {
          pedido: unknown;
        }
      ).pedido,
    );
    expect(page.aguardaEquipe).toBe(true);
    expect(page.linhaDoTempo.at(-1)?.texto).toMatch(/^Prazo de pagamento estendido até /);
    expect(page.linhaDoTempo.at(-1)?.autor).toBe('Pessoa pedidos');
    const [audit] = await store.database.db
      .select()
      .from(t.auditLog)
      .where(sql`${t.auditLog.action} = 'pedido.prazo' AND ${t.auditLog.entityId} = ${String(numero)}`);
    expect(audit).toBeDefined();
  });

  test('bad input, a paid order and a catalogue member change nothing', async () => {
    const numero = await newOrder();
    const [before] = await store.database.db.select().from(t.orders).where(eq(t.orders.number, numero));
    for (const minutos of [7, -30, 'muito', null, 10_000_000])
      expect(
        (
          await admin(`/orders/${String(numero)}/deadline`, {
            method: 'POST',
            body: { minutos },
            headers: as(owner.token),
          })
        ).status,
      ).toBe(400);
    const catalogue = await member('catalogo3@loja.test', 'catalogo');
    expect(
      (
        await admin(`/orders/${String(numero)}/deadline`, {
          method: 'POST',
          body: { minutos: 30 },
          headers: as(catalogue.token),
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await admin('/orders/999999/deadline', {
          method: 'POST',
          body: { minutos: 30 },
          headers: as(owner.token),
        })
      ).status,
    ).toBe(404);
    const [same] = await store.database.db.select().from(t.orders).where(eq(t.orders.number, numero));
    expect(same?.expiresAt).toEqual(before?.expiresAt);
    // Paid: nothing to extend, a Portuguese 409.
    await admin(`/orders/${String(numero)}/status`, {
      method: 'PUT',
      body: { situacao: 'pago' },
      headers: as(owner.token),
    });
    const paid = await admin(`/orders/${String(numero)}/deadline`, {
      method: 'POST',
      body: { minutos: 30 },
      headers: as(owner.token),
    });
    expect(paid.status).toBe(409);
    expect(((await paid.json()) as { mensagem: string }).mensagem).toMatch(
      /só um pedido aguardando pagamento/,
    );
  });
});
