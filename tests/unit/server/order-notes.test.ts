import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { activityListSchema } from '#/contract/activity.ts';
import { pedidoAnswerSchema } from '#/contract/order.ts';
import { staffOrderAnswerSchema, staffOrderExportSchema } from '#/contract/staff-orders.ts';
import { buyer, pickVariants, placeAs } from './buyers.ts';
import { ADMIN_TOKEN, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';
import { as, staffCalls } from './staff-members.ts';

/** The team's notes on an order (never the buyer's to see), and the orders ticked on a list exported alone. */

let store: TestPlatform;
let orders: { token: string };
let catalogue: { token: string };
const placed: { numero: number; session: string }[] = [];
beforeAll(async () => {
  store = await startPlatform(10);
  orders = await member('notas@pedidos.test', 'pedidos');
  catalogue = await member('notas@catalogo.test', 'catalogo');
  const [v] = await pickVariants(store, 1);
  if (!v) throw new Error('no variant');
  for (let i = 0; i < 3; i++) {
    const b = await buyer(store, [{ v, quantidade: 1 }]);
    const { pedido } = pedidoAnswerSchema.parse(await (await placeAs(store, b)).json());
    placed.push({ numero: pedido.numero, session: b.session });
  }
});
afterAll(() => store.stop());

const { admin, member } = staffCalls(() => store);
const note = (numero: number, texto: unknown, token = orders.token) =>
  admin(`/orders/${String(numero)}/notes`, { method: 'POST', body: { texto }, headers: as(token) });

describe('notes on an order', () => {
  test('kept with who wrote them, recorded, never in what the buyer reads', async () => {
    const [first] = placed;
    if (!first) throw new Error('no order');
    const secret = 'Cliente pediu para entregar depois das 14h; combinado por telefone.';
    expect((await note(first.numero, secret)).status).toBe(201);
    const res = await admin(`/orders/${String(first.numero)}`, { headers: as(orders.token) });
    const { pedido } = staffOrderAnswerSchema.parse(await res.json());
    expect(pedido.notas).toEqual([
      { texto: secret, autor: 'Pessoa pedidos', em: expect.any(String) as string },
    ]);
    const buyerView = await store.request(`/v2/front/checkout/order/${String(first.numero)}`, {
      headers: { Session: first.session },
    });
    expect(buyerView.status).toBe(200);
    expect(await buyerView.text()).not.toContain('14h');
    const activity = activityListSchema.parse(
      await (
        await admin(`/activity?entidade=pedido&id=${String(first.numero)}`, {
          headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
        })
      ).json(),
    );
    expect(activity.atividades.map((a) => a.acaoNome)).toContain('Nota interna');
  });

  test('an empty or overlong note, a missing order or a catalogue member changes nothing', async () => {
    const [first] = placed;
    if (!first) throw new Error('no order');
    for (const texto of ['', '   ', 'x'.repeat(2001), 42, null]) {
      const res = await note(first.numero, texto);
      expect(res.status, JSON.stringify(texto)).toBe(400);
    }
    expect((await note(999_999, 'nota')).status).toBe(404);
    expect((await note(first.numero, 'nota', catalogue.token)).status).toBe(403);
    const { pedido } = staffOrderAnswerSchema.parse(
      await (await admin(`/orders/${String(first.numero)}`, { headers: as(orders.token) })).json(),
    );
    expect(pedido.notas).toHaveLength(1);
  });
});

describe('the orders ticked on a list', () => {
  test('export alone, in any order of ticking; nonsense is a 400', async () => {
    const [a, , c] = placed;
    const res = await admin(
      `/orders/export?numeros=${String(c?.numero)},${String(a?.numero)},${String(a?.numero)}`,
      {
        headers: as(orders.token),
      },
    );
    expect(res.status).toBe(200);
    const { pedidos } = staffOrderExportSchema.parse(await res.json());
    expect(pedidos.map((p) => p.numero).sort()).toEqual([a?.numero, c?.numero].sort());
    const many = Array.from({ length: 201 }, (_, i) => String(1000 + i)).join(',');
    for (const q of ['abc', '1,,2', '1;2', many])
      expect(
        (await admin(`/orders/export?numeros=${q}`, { headers: as(orders.token) })).status,
        q.slice(0, 20),
      ).toBe(400);
  });
});
