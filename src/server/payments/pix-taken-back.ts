// One concern: a Pix the order was paid with, returned later without the store asking: a devolução through the
// Banco Central's Mecanismo Especial de Devolução (MED, `natureza` MED_OPERACIONAL or MED_FRAUDE), or one made
// outside the store. It shows only on the charge (`GET /cob/{txid}`, its `pix[].devolucoes`), so a paid
// charge is read again for months (recheck.ts) and every devolução the store did not ask for is a take-back.
import { and, eq, inArray } from 'drizzle-orm';
import * as t from '#/server/db/schema.ts';
import { toCents } from './events.ts';
import type { PixContext } from './pix-reconcile.ts';
import { PIX_API } from './pix-charge.ts';
import { recordTakeback } from './takeback.ts';

/** Read order `number`'s paid charge again; record each devolução the store never asked for. Returns how many were new. */
export async function recheckPix(ctx: PixContext, number: number): Promise<number> {
  const { db, api } = ctx;
  const [order] = await db
    .select({ txid: t.orders.providerRef })
    .from(t.orders)
    .where(and(eq(t.orders.number, number), eq(t.orders.provider, PIX_API)));
  if (!order) return 0;
  const cob = await api.readCharge(order.txid);
  const returned = (cob.pix ?? []).flatMap((pix) =>
    (pix.devolucoes ?? [])
      .filter((d) => d.status === 'DEVOLVIDO')
      .map((d) => ({ e2eid: pix.endToEndId, devolucao: d })),
  );
  if (returned.length === 0) return 0;
  // The store's own refunds carry ids it made (refund-ledger.ts): those are not take-backs.
  const ours = new Set(
    (
      await db
        .select({ ref: t.refunds.ref })
        .from(t.refunds)
        .where(
          and(
            eq(t.refunds.provider, PIX_API),
            inArray(
              t.refunds.ref,
              returned.map((r) => r.devolucao.id),
            ),
          ),
        )
    ).map((r) => r.ref),
  );
  let recorded = 0;
  for (const { e2eid, devolucao } of returned) {
    if (ours.has(devolucao.id)) continue;
    const med = devolucao.natureza?.startsWith('MED') === true;
    const fresh = await recordTakeback(ctx, {
      number,
      provider: PIX_API,
      source: `${e2eid}/${devolucao.id}`,
      providerName: 'PSP do Pix',
      kind: med ? 'med' : 'estornado',
      amount: toCents(devolucao.valor) / 100,
      detail: `Pix ${e2eid}: devolução ${devolucao.id} (${devolucao.natureza ?? 'natureza não informada'})${devolucao.motivo ? `: ${devolucao.motivo}` : ''}`,
    });
    if (fresh) recorded += 1;
  }
  return recorded;
}
