// One concern: an order the store cancelled because its payment never came (expireOrders) is told, once, to its
// buyer (nothing was charged; what to do if they paid after all) and, when its Pix waited for the team to
// confirm it, to the team (look at the statement before the buyer calls). However and wherever the order
// expired (a page read, the background round), the next round tells it.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { loadSettings } from '#/server/content/settings.ts';
import { inTransaction } from '#/server/db/client.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { dayAndTime } from '#/server/lib/dates.ts';
import { postMail } from '#/server/mail/mailer.ts';
import type { Mailer } from '#/server/mail/mailer.ts';
import { mailTeam } from '#/server/staff/team-mail.ts';
import { formatBRL } from '#/lib/money.ts';
import { firstName } from '#/server/accounts/customers.ts';

export type ExpiryDeps = { db: Db; mailer: Mailer; origin: string };

/** Orders told per round at most; the rest wait for the next. */
const BATCH = 100;

/** Cancelled by the store's expiry (its own move, never paid). */
const expiredUnpaid = sql`exists (select 1 from ${t.orderEvents} e where e.order_number = ${t.orders.number} and e.status = 'cancelled' and e.actor = '')
  and not exists (select 1 from ${t.orderEvents} e where e.order_number = ${t.orders.number} and e.status = 'paid')`;

/** Tell each order expired and not yet told; answers the numbers told. */
export async function tellExpiredOrders(deps: ExpiryDeps): Promise<number[]> {
  const { db } = deps;
  const due = await db
    .select({ number: t.orders.number })
    .from(t.orders)
    .where(
      and(
        eq(t.orders.status, 'cancelled'),
        isNull(t.orders.expiryToldAt),
        gt(t.orders.placedAt, sql`now() - interval '7 days'`),
        expiredUnpaid,
      ),
    )
    .limit(BATCH);
  const told: number[] = [];
  for (const { number } of due) {
    // Claimed and told in one transaction: two instances never tell the same order twice, and an instance
    // stopped after the claim leaves the order untold for the next round, never marked told with no message.
    const done = await inTransaction(db, async (tx) => {
      const [order] = await tx
        .update(t.orders)
        .set({ expiryToldAt: sql`now()` })
        .where(and(eq(t.orders.number, number), isNull(t.orders.expiryToldAt)))
        .returning();
      if (!order) return false;
      await tell({ ...deps, db: tx }, order);
      return true;
    });
    if (done) told.push(number);
  }
  return told;
}

async function tell(deps: ExpiryDeps, order: typeof t.orders.$inferSelect): Promise<void> {
  const [buyer] = await deps.db
    .select({ email: t.customers.email, name: t.customers.name })
    .from(t.customers)
    .where(eq(t.customers.id, order.customerId));
  const settings = await loadSettings(deps.db);
  const { nomeLoja } = settings;
  const numero = String(order.number);
  const until = dayAndTime(order.expiresAt);
  const byTeam = order.provider === '' && order.payment === 'pix';
  const contact = [settings.emailContato.email, settings.dadosSite.whatsapp].filter(Boolean).join(' ou ');
  const ifPaid = byTeam
    ? `Se você já pagou o Pix, responda este e-mail com o comprovante${contact ? ` ou fale com a loja (${contact})` : ''}: a equipe confere no extrato e devolve o valor ou refaz o pedido com você.`
    : 'Se um pagamento foi feito depois do prazo, a loja devolve o valor pelo mesmo meio automaticamente, e você recebe um e-mail quando isso acontecer.';
  if (buyer && !buyer.email.endsWith('.invalid'))
    await postMail(deps.mailer, deps.db, {
      orderNumber: Number(numero),
      kind: 'pedido-expirado',
      to: buyer.email,
      subject: `Pedido ${numero} cancelado: o prazo para pagar terminou`,
      text: [
        `Olá, ${firstName(buyer.name)}!`,
        '',
        `Seu pedido ${numero} na ${nomeLoja} foi cancelado porque o pagamento de ${formatBRL(order.total)} não foi confirmado até ${until} (horário de Brasília). Os produtos voltaram ao estoque e nenhum valor foi cobrado.`,
        '',
        ifPaid,
        '',
        `Para comprar de novo: ${deps.origin}/carrinho`,
      ].join('\n'),
    });
  if (byTeam)
    await mailTeam(
      deps,
      'equipe-pedido-expirado',
      `${nomeLoja}: pedido ${numero} cancelado sem confirmação do Pix`,
      [
        `O pedido ${numero} (${formatBRL(order.total)}) foi cancelado porque o Pix não foi confirmado no painel até ${until}.`,
        'Confira o extrato: se o Pix chegou, fale com o cliente para devolver o valor pelo banco ou refazer o pedido.',
        '',
        `O pedido no painel: ${deps.origin}/painel/pedidos/${numero}`,
      ].join('\n'),
      `order ${numero} expired`,
    );
}
