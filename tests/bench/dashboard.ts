// The owners' dashboard's rows of `npm run bench:api`: 10,000 orders over the last 60 days (paid, shipped,
// delivered, cancelled and waiting; Pix, boleto and card; one to three items each) and 15,000 carts written
// straight into the tables, then each period's dashboard asked as the panel asks it. Budget: p95 ≤ 150 ms.
import { sql } from 'drizzle-orm';
import type { Platform } from '#/server/app.ts';
import type { Db } from '#/server/db/client.ts';

export const DASHBOARD_ORDERS = 10_000;

export async function seedDashboardOrders(db: Db): Promise<void> {
  await db.execute(sql`
    INSERT INTO orders (customer_id, session_id, idempotency_key, status, payment, subtotal, discount,
      shipping_price, total, shipping, address, placed_at, expires_at)
    SELECT coalesce((SELECT min(id) FROM customers), 0), 'bench-painel', 'painel-' || g,
      (ARRAY['paid', 'shipped', 'delivered', 'cancelled', 'awaiting_payment'])[1 + g % 5],
      (ARRAY['pix', 'pix', 'boleto', 'cartao'])[1 + g % 4],
      100 + g % 900, 0, 20, 120 + g % 900, '{}'::jsonb, '{}'::jsonb,
      now() - (g % 60) * interval '1 day' - (g % 24) * interval '1 hour', now() + interval '1 day'
    FROM generate_series(1, ${DASHBOARD_ORDERS}) AS g`);
  await db.execute(sql`
    INSERT INTO order_items (order_number, position, product_id, variant_id, sku, name, path, quantity, unit_price)
    SELECT o.number, p.position, p.id, 0, 'SKU-' || p.id, 'Produto ' || p.id, '/p', 1 + o.number % 3, 40 + o.number % 300
    FROM orders o
    CROSS JOIN LATERAL (
      SELECT (o.number * 7 + k * 13) % (SELECT count(*) FROM products) + 1 AS id, k AS position
      FROM generate_series(1, 1 + o.number % 3) AS k
    ) p
    WHERE o.idempotency_key LIKE 'painel-%'`);
  await db.execute(sql`
    INSERT INTO order_events (order_number, status, actor, at)
    SELECT number, 'paid', 'equipe:1', placed_at + interval '1 hour'
    FROM orders WHERE idempotency_key LIKE 'painel-%' AND status IN ('paid', 'shipped', 'delivered')`);
  await db.execute(sql`
    INSERT INTO order_events (order_number, status, actor, at)
    SELECT number, 'cancelled', '', expires_at FROM orders WHERE idempotency_key LIKE 'painel-%' AND status = 'cancelled'`);
  await db.execute(sql`
    INSERT INTO carts_started (session_id, started_at, ordered_at)
    SELECT NULL, now() - (g % 60) * interval '1 day', CASE WHEN g % 3 = 0 THEN NULL ELSE now() END
    FROM generate_series(1, 15000) AS g`);
  // What autovacuum does to a table that grew: without statistics PostgreSQL took 10,000 new orders for a dozen
  // and planned a nested loop (770 ms for one count); with them, a hash join.
  await db.execute(sql`ANALYZE orders, order_items, order_events, carts_started`);
}

export async function dashboardRows(
  label: string,
  db: Db,
  platform: Platform,
  admin: string,
  timing: { runs: number; warmup: number; percentile: (sorted: number[], p: number) => number },
): Promise<string[]> {
  await seedDashboardOrders(db);
  const staff = { 'App-Token': 'bench', Authorization: `Bearer ${admin}` };
  const rows: string[] = [];
  for (const periodo of ['hoje', '7-dias', '30-dias', 'mes']) {
    const times: number[] = [];
    for (let i = 0; i < timing.runs + timing.warmup; i++) {
      const t0 = performance.now();
      const res = await platform.api.request(`http://bench.local/v2/admin/dashboard?periodo=${periodo}`, {
        headers: staff,
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`dashboard ${periodo}: ${String(res.status)}`);
      if (i >= timing.warmup) times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    rows.push(
      `| ${label} | panel dashboard, ${periodo}, ${String(DASHBOARD_ORDERS)} orders | – | ${timing.percentile(times, 50).toFixed(1)} | ${timing.percentile(times, 95).toFixed(1)} | ${String(times.length)} |`,
    );
  }
  return rows;
}
