import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { pedidoAnswerSchema } from '#/contract/order.ts';
import * as t from '#/server/db/schema.ts';
import { remindBuyersOfPayment } from '#/server/orders/payment-reminder.ts';
import { buyer, pickVariants, placeAs } from './buyers.ts';
import type { Variant } from './buyers.ts';
import { ORIGIN, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';

/** One reminder to a buyer whose Pix has not arrived: once, in the last third of the time, with the code. */

let store: TestPlatform;
let variants: Variant[];
beforeAll(async () => {
  store = await startPlatform(10);
  variants = await pickVariants(store, 1);
});
afterAll(() => store.stop());

const remind = () =>
  remindBuyersOfPayment({
    db: store.database.db,
    origin: ORIGIN,
    mailer: {
      send: (mail) => {
        store.mail.push(mail);
        return Promise.resolve();
      },
    },
  });
const reminders = () => store.mail.filter((m) => m.kind === 'pedido-lembrete-pagamento');

async function order() {
  const [v] = variants;
  if (!v) throw new Error('no variant');
  const b = await buyer(store, [{ v, quantidade: 1 }]);
  return pedidoAnswerSchema.parse(await (await placeAs(store, b)).json()).pedido;
}
/** The order as if placed `ago` and due in `left` (30 minutes in all, as a Pix waits). */
const shift = (numero: number, ago: string, left: string) =>
  store.database.db
    .update(t.orders)
    .set({ placedAt: sql`now() - ${ago}::interval`, expiresAt: sql`now() + ${left}::interval` })
    .where(eq(t.orders.number, numero));

test('a Pix with time to spare is not reminded; in its last third, once, with its code and the deadline', async () => {
  const pedido = await order();
  expect(await remind()).toEqual([]);
  await shift(pedido.numero, '21 minutes', '9 minutes');
  expect(await remind()).toEqual([pedido.numero]);
  expect(await remind()).toEqual([]);
  const [mail] = reminders().filter((m) => m.text.includes(`pedido ${String(pedido.numero)} `));
  expect(mail?.subject).toMatch(new RegExp(`^Pedido ${String(pedido.numero)}: o pagamento ainda não chegou`));
  expect(mail?.text).toContain(pedido.pagamento.copiaECola);
  expect(mail?.text).toContain(`${ORIGIN}/minha-conta/pedidos/${String(pedido.numero)}`);
});

test('a paid or expired order is never reminded', async () => {
  const paid = await order();
  const expired = await order();
  await store.database.db.update(t.orders).set({ status: 'paid' }).where(eq(t.orders.number, paid.numero));
  await shift(paid.numero, '25 minutes', '5 minutes');
  await shift(expired.numero, '31 minutes', '-1 minute');
  const before = reminders().length;
  expect(await remind()).toEqual([]);
  expect(reminders()).toHaveLength(before);
});
