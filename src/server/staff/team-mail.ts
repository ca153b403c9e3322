// One concern: what the team is told about orders as they happen: each new order, and an order waiting for
// the team to confirm its Pix (the static Pix, paid straight into the store's account) before it expires.
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Pedido } from '#/contract/order.ts';
import { loadSettings } from '#/server/content/settings.ts';
import type { Db } from '#/server/db/client.ts';
import { dayAndTime } from '#/server/lib/dates.ts';
import * as t from '#/server/db/schema.ts';
import { postMail } from '#/server/mail/mailer.ts';
import type { Mailer } from '#/server/mail/mailer.ts';
import { orderNoticeAddresses } from '#/server/staff/store-config.ts';
import { TEAM_NOTICE_MINUTES, waitsForTeam, waitsForTeamNow } from '#/server/orders/status.ts';
import { formatBRL } from '#/lib/money.ts';

export type TeamMailDeps = { db: Db; mailer: Mailer; origin: string };

/** Who hears about orders: the addresses the owner chose (Configurações), else every active owner and orders member. */
export async function teamAddresses(db: Db): Promise<string[]> {
  const chosen = await orderNoticeAddresses(db);
  if (chosen.length > 0) return chosen;
  const rows = await db
    .select({ email: t.staffMembers.email })
    .from(t.staffMembers)
    .where(and(inArray(t.staffMembers.role, ['dono', 'pedidos']), eq(t.staffMembers.active, true)));
  return rows.map((r) => r.email);
}

/** The order a team message is about, and the key that makes it one message per address however often written. */
export type AboutOrder = { orderNumber: number; key?: string };

/** E-mail the team (the chosen addresses, else owners and orders members), through the queue in `deps.db`. */
export async function mailTeam(
  deps: TeamMailDeps,
  kind: string,
  subject: string,
  text: string,
  about: string,
  order?: AboutOrder,
) {
  const to = await teamAddresses(deps.db);
  if (to.length === 0) {
    console.error(`[team] ${about}: the store has no owner or orders member to tell`);
    return;
  }
  for (const address of to)
    await postMail(deps.mailer, deps.db, {
      kind,
      to: address,
      subject,
      text,
      orderNumber: order?.orderNumber,
      key: order?.key && `${order.key}:${address}`,
    });
}

/** A new order: its number, items, total, how it is paid and the link to it in the panel. */
export async function tellTeamOfOrder(deps: TeamMailDeps, pedido: Pedido): Promise<void> {
  const { nomeLoja } = await loadSettings(deps.db);
  const numero = String(pedido.numero);
  const total = formatBRL(pedido.valores.total);
  const { label, expiraEm } = pedido.pagamento;
  const payment = (await waitsForTeamNow(deps.db, pedido.numero))
    ? `Pagamento: Pix direto na conta da loja. Quando o valor cair no extrato, marque o pedido como pago no painel (o prazo do cliente vai até ${dayAndTime(new Date(expiraEm))}).`
    : `Pagamento: ${label}. A confirmação chega do provedor; o pedido muda sozinho para "pago".`;
  await mailTeam(
    deps,
    'equipe-pedido-novo',
    `${nomeLoja}: novo pedido ${numero} (${total}, ${label})`,
    [
      `Novo pedido ${numero} na ${nomeLoja}.`,
      '',
      ...pedido.itens.map((i) => `• ${String(i.quantidade)} × ${i.nome} (${i.sku}) – ${formatBRL(i.total)}`),
      '',
      `Total: ${total}`,
      `Entrega: ${pedido.entrega.label}`,
      payment,
      '',
      `Abra o pedido no painel: ${deps.origin}/painel/pedidos/${numero}`,
    ].join('\n'),
    `new order ${numero}`,
    { orderNumber: pedido.numero, key: `pedido:${numero}:equipe` },
  );
}

/**
 * Remind the team of every static-Pix order that expires within TEAM_NOTICE_MINUTES and was not reminded
 * yet. Each order is claimed in one conditional UPDATE, so two instances sweeping at once remind once.
 * Returns the numbers reminded.
 */
export async function remindTeamOfWaitingOrders(deps: TeamMailDeps): Promise<number[]> {
  const due = await deps.db
    .update(t.orders)
    .set({ teamRemindedAt: sql`now()` })
    .where(
      and(
        waitsForTeam,
        isNull(t.orders.teamRemindedAt),
        lt(t.orders.expiresAt, sql`now() + ${`${String(TEAM_NOTICE_MINUTES)} minutes`}::interval`),
      ),
    )
    .returning({ number: t.orders.number, total: t.orders.total, expiresAt: t.orders.expiresAt });
  if (due.length === 0) return [];
  const { nomeLoja } = await loadSettings(deps.db);
  for (const order of due) {
    const numero = String(order.number);
    const latest = new Date(Math.max(order.expiresAt.getTime(), Date.now() + TEAM_NOTICE_MINUTES * 60_000));
    await mailTeam(
      deps,
      'equipe-pix-expirando',
      `${nomeLoja}: o Pix do pedido ${numero} ainda não foi confirmado`,
      [
        `O pedido ${numero} (${formatBRL(order.total)}) espera a equipe confirmar o Pix, e o prazo do cliente acaba em ${dayAndTime(latest)}.`,
        '',
        'Confira o extrato da conta da loja:',
        '• se o Pix caiu, marque o pedido como pago;',
        '• se o cliente pediu mais tempo, use "Dar mais tempo" na página do pedido;',
        '• se nada chegou, não faça nada: o pedido é cancelado e o estoque volta.',
        '',
        `Abra o pedido no painel: ${deps.origin}/painel/pedidos/${numero}`,
      ].join('\n'),
      `order ${numero} about to expire`,
      { orderNumber: order.number },
    );
  }
  return due.map((o) => o.number);
}
