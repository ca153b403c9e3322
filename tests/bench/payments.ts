// The payment rows of `npm run bench:api`: placing an order whose Pix is a charge at a PSP (the loopback PSP
// of tests/support/fake-psp.ts, mutual TLS and OAuth included), and the PSP's notice that makes it paid.
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { createPlatform } from '#/server/app.ts';
import type { Platform } from '#/server/app.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { memoryMailer } from '#/server/mail/mailer.ts';
import { pixFromSettings } from '#/server/payments/pix-api/config.ts';
import { startFakePsp } from '../support/fake-psp.ts';

type Placing = (
  label: string,
  db: Db,
  platform: Platform,
  product: string,
  coupon?: string,
  name?: string,
) => Promise<string>;

export async function paymentRows(
  label: string,
  db: Db,
  product: string,
  placing: Placing,
  percentile: (sorted: number[], p: number) => number,
): Promise<string[]> {
  const psp = await startFakePsp();
  const pix = await pixFromSettings(psp.settings('financeiro@casaemetais.com.br'));
  if (!pix) throw new Error('no Pix API');
  const platform = createPlatform({
    db,
    appToken: 'bench',
    pix,
    mediaDir: path.join(os.tmpdir(), 'bench-media'),
    pixKey: 'financeiro@casaemetais.com.br',
    mailer: memoryMailer(),
  });
  try {
    const rows = [
      await placing(
        label,
        db,
        platform,
        product,
        undefined,
        'placing an order, dynamic Pix (PSP on loopback)',
      ),
    ];
    // Each order just placed is paid at the PSP; only the notice is timed (it reads the charge and pays the order).
    const open = await db
      .select({ number: t.orders.number, txid: t.orders.providerRef })
      .from(t.orders)
      .where(and(eq(t.orders.provider, 'pix-api'), eq(t.orders.chargeState, 'ativa')));
    const times: number[] = [];
    for (const order of open) {
      const body = JSON.stringify(psp.notice(psp.pay(order.txid)));
      const t0 = performance.now();
      const res = await platform.api.request(`http://bench.local/webhooks/pix/${pix.webhookSecret}/pix`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
      await res.arrayBuffer();
      times.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`Pix notice: ${String(res.status)}`);
    }
    const paid = await db
      .select({ number: t.orders.number })
      .from(t.orders)
      .where(and(eq(t.orders.provider, 'pix-api'), eq(t.orders.status, 'paid')));
    if (paid.length !== open.length)
      throw new Error(`${String(open.length)} notices paid ${String(paid.length)} orders`);
    times.sort((a, b) => a - b);
    rows.push(
      `| ${label} | Pix notice (re-read at the PSP, order paid) | – | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${times.length} |`,
    );
    return rows;
  } finally {
    await pix.api.close();
    await psp.close();
  }
}
