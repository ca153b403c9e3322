import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { pedidoAnswerSchema } from '#/contract/order.ts';
import * as t from '#/server/db/schema.ts';
import { tellExpiredOrders } from '#/server/orders/expiry-mail.ts';
import { expireOrders } from '#/server/orders/status.ts';
import { buyer, moveOrder, pickVariants, placeAs } from './buyers.ts';
import type { Variant } from './buyers.ts';
import { ORIGIN, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';

/**
 * An order cancelled because its payment never came is told once: to its buyer (nothing charged, and what to do
 * if they paid a static Pix after all) and, for a Pix the team confirms, to the team. However it expired.
 */

const OWNER = 'dono.expiracao@casaemetais.com.br';
let store: TestPlatform;
let variant: Variant;
beforeAll(async () => {
  store = await startPlatform(10);
  [variant] = (await pickVariants(store, 1)) as [Variant];
  await store.database.db.insert(t.staffMembers).values({ email: OWNER, name: 'Dona Ivone', role: 'dono' });
});
afterAll(() => store.stop());

const tell = () =>
  tellExpiredOrders({
    db: store.database.db,
    origin: ORIGIN,
    mailer: {
      send: (mail) => {
        store.mail.push(mail);
        return Promise.resolve();
      },
    },
  });

async function order() {
  const b = await buyer(store, [{ v: variant, quantidade: 1 }]);
  return pedidoAnswerSchema.parse(await (await placeAs(store, b)).json()).pedido;
}
/** Past its time, and the team reminded long ago (a static Pix is never cancelled before that). */
const overdue = (numero: number) =>
  store.database.db
    .update(t.orders)
    .set({ expiresAt: sql`now() - interval '1 minute'`, teamRemindedAt: sql`now() - interval '1 hour'` })
    .where(eq(t.orders.number, numero));

test('a static Pix expired: the buyer told nothing was charged and what to do if they paid; the team told to check the statement; once', async () => {
  const pedido = await order();
  await overdue(pedido.numero);
  // Expired by a page that read it, not by the round: still told by the next round.
  expect(await expireOrders(store.database.db, [pedido.numero])).toEqual([pedido.numero]);
  expect(await tell()).toContain(pedido.numero);
  expect(await tell()).not.toContain(pedido.numero);
  const numero = String(pedido.numero);
  const toBuyer = store.mail.filter(
    (m) => m.subject === `Pedido ${numero} cancelado: o prazo para pagar terminou`,
  );
  expect(toBuyer).toHaveLength(1);
  expect(toBuyer[0]?.text).toContain('nenhum valor foi cobrado');
  expect(toBuyer[0]?.text).toContain('Se você já pagou o Pix, responda este e-mail com o comprovante');
  const toTeam = store.mail.filter(
    (m) => m.to === OWNER && m.subject.includes(`pedido ${numero} cancelado sem confirmação do Pix`),
  );
  expect(toTeam).toHaveLength(1);
  expect(toTeam[0]?.text).toContain(`${ORIGIN}/painel/pedidos/${numero}`);
});

test('an order the team cancelled, or one paid then cancelled, is not told as expired', async () => {
  const byTeam = await order();
  await moveOrder(store, byTeam.numero, 'cancelado');
  const paid = await order();
  await moveOrder(store, paid.numero, 'pago');
  await moveOrder(store, paid.numero, 'cancelado');
  const told = await tell();
  expect(told).not.toContain(byTeam.numero);
  expect(told).not.toContain(paid.numero);
});
