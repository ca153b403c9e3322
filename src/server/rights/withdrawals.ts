// One concern: the buyer's withdrawal from a purchase (direito de arrependimento, CDC art. 49; Decreto 7.962/2013
// art. 5): asked on the order's own page, recorded and confirmed at once, and ended by the team with a refund
// through the refund ledger, at once or once the goods are back.
import { and, eq } from 'drizzle-orm';
import { WITHDRAWAL_DAYS, WITHDRAWAL_REFUND_DAYS, WITHDRAWAL_STATE_LABELS } from '#/contract/rights.ts';
import type { Desistencia, WithdrawalState } from '#/contract/rights.ts';
import { firstName } from '#/server/accounts/customers.ts';
import { loadSettings } from '#/server/content/settings.ts';
import { inTransaction } from '#/server/db/client.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { notFound, PlatformError } from '#/server/errors.ts';
import { dayAndTime } from '#/server/lib/dates.ts';
import { postMail } from '#/server/mail/mailer.ts';
import type { Mailer } from '#/server/mail/mailer.ts';
import { buyerOf } from '#/server/orders/buyer.ts';
import { mailTeam } from '#/server/staff/team-mail.ts';
import { formatBRL } from '#/lib/money.ts';

const DAY_MS = 86_400_000;

export type WithdrawalRow = typeof t.withdrawals.$inferSelect;

/** Where a withdrawal stands: `refundConfirmed` when the provider (or the team's bank) confirmed the money back. */
export function withdrawalState(row: WithdrawalRow, refundConfirmed: boolean): WithdrawalState {
  if (row.refundedAt) return refundConfirmed ? 'concluida' : 'reembolso_pedido';
  return row.refundWhen === 'na_devolucao' ? 'aguardando_produto' : 'recebida';
}

/** When the team must have sent the money back. */
export const refundDeadline = (row: Pick<WithdrawalRow, 'requestedAt'>) =>
  new Date(row.requestedAt.getTime() + WITHDRAWAL_REFUND_DAYS * DAY_MS);

/** When the order was delivered (its last move to `delivered`), if it was. */
const deliveredAt = (events: { status: string; note: string; at: Date }[]) =>
  events.filter((e) => e.status === 'delivered' && e.note === '').at(-1)?.at;

/**
 * Until when an order may be withdrawn from: paid or on its way, until 7 days after a delivery still to come
 * (null); delivered, 7 days from the delivery; anything else (unpaid, cancelled), not at all (undefined).
 */
function openUntil(
  status: string,
  events: { status: string; note: string; at: Date }[],
  now: Date,
): { ate: Date | null } | undefined {
  if (status === 'paid' || status === 'shipped') return { ate: null };
  if (status !== 'delivered') return undefined;
  const at = deliveredAt(events);
  const ate = new Date((at ?? now).getTime() + WITHDRAWAL_DAYS * DAY_MS);
  return ate > now ? { ate } : undefined;
}

/** An order's withdrawal for its page: may it be asked, and where it stands; undefined when there is nothing to say. */
export async function orderWithdrawal(
  db: Db,
  order: { number: number; status: string },
  events: { status: string; note: string; at: Date }[],
  refundConfirmed: boolean,
): Promise<Desistencia | undefined> {
  const [row] = await db.select().from(t.withdrawals).where(eq(t.withdrawals.orderNumber, order.number));
  if (row) {
    const situacao = withdrawalState(row, refundConfirmed);
    return {
      disponivel: false,
      ate: null,
      pedida: { em: row.requestedAt.toISOString(), situacao, label: WITHDRAWAL_STATE_LABELS[situacao] },
    };
  }
  const open = openUntil(order.status, events, new Date());
  if (!open) return undefined;
  return { disponivel: true, ate: open.ate?.toISOString() ?? null, pedida: null };
}

export type WithdrawalDeps = { db: Db; mailer: Mailer; origin: string };

/**
 * The buyer withdraws from order `number` (theirs, logged in): recorded with the timeline's note in one
 * transaction (a second ask is a 409), then the buyer's confirmation and the team's notice are e-mailed.
 */
export async function requestWithdrawal(
  deps: WithdrawalDeps,
  number: number,
  customerId: number,
  reason: string,
): Promise<{ deadline: Date }> {
  const requested = await inTransaction(deps.db, async (tx) => {
    const [order] = await tx
      .select({ status: t.orders.status, total: t.orders.total })
      .from(t.orders)
      .where(and(eq(t.orders.number, number), eq(t.orders.customerId, customerId)))
      .for('update');
    if (!order) throw notFound('Pedido não encontrado.');
    const events = await tx
      .select({ status: t.orderEvents.status, note: t.orderEvents.note, at: t.orderEvents.at })
      .from(t.orderEvents)
      .where(eq(t.orderEvents.orderNumber, number))
      .orderBy(t.orderEvents.id);
    if (!openUntil(order.status, events, new Date()))
      throw new PlatformError(
        409,
        'withdrawal_closed',
        order.status === 'delivered'
          ? `O prazo de ${String(WITHDRAWAL_DAYS)} dias para desistir deste pedido terminou. Fale com a nossa central de atendimento se precisar de ajuda.`
          : 'Este pedido não foi pago ou já foi cancelado: não há compra para desistir.',
      );
    const [row] = await tx
      .insert(t.withdrawals)
      .values({ orderNumber: number, customerId, reason })
      .onConflictDoNothing()
      .returning();
    if (!row)
      throw new PlatformError(
        409,
        'withdrawal_exists',
        'Você já desistiu deste pedido: a equipe está cuidando dele.',
      );
    await tx.insert(t.orderEvents).values({
      orderNumber: number,
      status: order.status,
      actor: 'cliente',
      note: 'Desistência da compra pedida pelo cliente',
    });
    // The buyer's receipt and the team's notice are written with the withdrawal: a committed withdrawal
    // always has its messages (sent by the mail queue), a refused one never does.
    await tellOfWithdrawal({ ...deps, db: tx }, number, row, order.total, refundDeadline(row));
    return { row };
  });
  return { deadline: refundDeadline(requested.row) };
}

/** The buyer's confirmation (at once, with what happens next) and the team's notice (with the deadline). */
async function tellOfWithdrawal(
  deps: WithdrawalDeps,
  number: number,
  row: WithdrawalRow,
  paid: number,
  deadline: Date,
) {
  const buyer = await buyerOf(deps.db, number);
  if (!buyer) return;
  const { nomeLoja } = await loadSettings(deps.db);
  const numero = String(number);
  const total = formatBRL(paid);
  await postMail(deps.mailer, deps.db, {
    orderNumber: Number(numero),
    kind: 'pedido-desistencia',
    to: buyer.email,
    subject: `Pedido ${numero}: recebemos sua desistência da compra`,
    text: [
      `Olá, ${firstName(buyer.name)}!`,
      '',
      `Recebemos em ${dayAndTime(row.requestedAt)} sua desistência da compra do pedido ${numero} (${total}), pelo direito de arrependimento do Código de Defesa do Consumidor (art. 49). Ela está registrada: guarde este e-mail como comprovante.`,
      '',
      'O que acontece agora:',
      `• A equipe da ${nomeLoja} combina com você a volta do produto, sem custo para você.`,
      '• O valor pago volta pelo mesmo meio de pagamento. Avisaremos por e-mail quando a devolução for pedida e quando for confirmada.',
      '',
      `Acompanhe: ${deps.origin}/minha-conta/pedidos/${numero}`,
    ].join('\n'),
  });
  await mailTeam(
    deps,
    'equipe-desistencia',
    `${nomeLoja}: desistência do pedido ${numero} (devolver ${total} até ${dayAndTime(deadline)})`,
    [
      `${buyer.name} desistiu da compra do pedido ${numero} (${total}) em ${dayAndTime(row.requestedAt)}.`,
      row.reason ? `Motivo informado: ${row.reason}` : 'O cliente não informou motivo (a lei não exige).',
      '',
      `Prazo para devolver o valor: ${dayAndTime(deadline)}.`,
      `Escolha no painel se devolve agora ou quando o produto voltar: ${deps.origin}/painel/solicitacoes`,
    ].join('\n'),
    `withdrawal ${numero}`,
  );
}
