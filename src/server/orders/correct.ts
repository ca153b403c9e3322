// One concern: correcting an order before it is shipped: quoting it and applying it in the caller's transaction
// (orders/correction-plan.ts works out what it would be).
import { and, eq, sql } from 'drizzle-orm';
import { staticPixTxid } from '#/contract/order.ts';
import type { CorrectionQuote, OrderCorrection } from '#/contract/order-correction.ts';
import { formatCep } from '#/contract/address.ts';
import type { OrderAddress } from '#/contract/address.ts';
import type { Frete } from '#/contract/shipping.ts';
import { refreshTotals } from '#/server/catalog/derived.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { badRequest, PlatformError } from '#/server/errors.ts';
import { timesReais, toCents, toReais } from '#/server/lib/prices.ts';
import { formatBRL } from '#/lib/money.ts';
import { planOf, stockDelta, totalWith } from './correction-plan.ts';
import type { CorrectionDeps, Line, Plan } from './correction-plan.ts';
import { pixPayload } from './pix.ts';
import { firstName } from '#/server/accounts/customers.ts';
import { loadSettings } from '#/server/content/settings.ts';
import { postMail } from '#/server/mail/mailer.ts';
import type { Mailer } from '#/server/mail/mailer.ts';

type Order = Plan['order'];

export async function quoteCorrection(
  db: Db,
  deps: CorrectionDeps,
  number: number,
  change: OrderCorrection,
): Promise<CorrectionQuote> {
  const plan = await planOf(db, deps, number, change);
  const { order } = plan;
  const chosen = plan.fretes.find((f) => f.id === change.frete);
  const total = chosen && totalWith(plan, chosen);
  return {
    itens: plan.lines.map((l) => ({
      sku: l.sku,
      nome: l.name,
      quantidade: l.quantity,
      precoUnitario: l.unitPrice,
      total: timesReais(l.unitPrice, l.quantity),
    })),
    fretes: plan.fretes.map((f) => ({
      id: f.id,
      label: f.label,
      prazo: f.prazo,
      valor: f.valor,
      tipo: f.tipo,
    })),
    atual: { frete: (order.shipping as Frete).label, valorFrete: order.shippingPrice, total: order.total },
    ...(chosen && total !== undefined
      ? {
          novo: {
            valorFrete: chosen.valor,
            total,
            diferenca: toReais(toCents(chosen.valor) - toCents(order.shippingPrice)),
          },
        }
      : {}),
    mantemTotal: plan.keepsTotal,
    aviso: plan.keepsTotal
      ? order.status === 'paid'
        ? 'O pedido já foi pago: o total fica como está. Se o novo frete custar mais ou menos, combine a diferença com o cliente.'
        : 'O pedido tem uma cobrança aberta (ou um cupom no frete): o total fica como está, e a diferença do frete é da loja.'
      : 'O pedido aguarda o Pix: com a correção, o total muda e o cliente recebe por e-mail o novo código Pix.',
    conferencia: plan.conferencia,
  };
}

export type CorrectionDone = {
  numero: number;
  mudou: string[];
  /** An order waiting for its static Pix got a new total, and so a new code. */
  novoPix: boolean;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
};

/**
 * Correct the order in the caller's transaction `tx` (the activity record and the buyer's e-mail are written
 * with it): its row locked, checked again, the stock moved line by line, the new Pix code made.
 */
export async function applyCorrection(
  tx: Db,
  deps: CorrectionDeps,
  number: number,
  change: OrderCorrection,
  actor: string,
): Promise<CorrectionDone> {
  await tx.select({ n: t.orders.number }).from(t.orders).where(eq(t.orders.number, number)).for('update');
  const plan = await planOf(tx, deps, number, change);
  const { order } = plan;
  if (plan.conferencia !== change.conferencia)
    throw new PlatformError(
      409,
      'cart_changed',
      'Um preço, o estoque ou o frete mudou desde o cálculo: calcule a correção de novo e confira os valores.',
    );
  const frete = plan.fretes.find((f) => f.id === change.frete);
  if (!frete) throw badRequest('Escolha uma forma de entrega.');
  const beforeLines: Line[] = await tx
    .select({
      variantId: t.orderItems.variantId,
      productId: t.orderItems.productId,
      sku: t.orderItems.sku,
      name: t.orderItems.name,
      path: t.orderItems.path,
      quantity: t.orderItems.quantity,
      unitPrice: t.orderItems.unitPrice,
    })
    .from(t.orderItems)
    .where(eq(t.orderItems.orderNumber, number));
  if (plan.changed) {
    for (const [variantId, more] of stockDelta(beforeLines, plan.lines)) {
      if (more === 0) continue;
      const moved = await tx
        .update(t.variants)
        .set({ stock: sql`${t.variants.stock} - ${more}` })
        .where(and(eq(t.variants.id, variantId), sql`${t.variants.stock} >= ${Math.max(0, more)}`))
        .returning({ id: t.variants.id });
      if (moved.length === 0) {
        const line = plan.lines.find((l) => l.variantId === variantId);
        throw new PlatformError(
          409,
          'cart_changed',
          `Não há estoque para mais ${String(more)} unidade(s) de ${line?.name ?? 'um produto'}.`,
        );
      }
    }
    await refreshTotals(tx, [...new Set([...plan.lines, ...beforeLines].map((l) => l.productId))]);
    await tx.delete(t.orderItems).where(eq(t.orderItems.orderNumber, number));
    await tx.insert(t.orderItems).values(
      plan.lines.map((l, position) => ({
        orderNumber: number,
        position,
        productId: l.productId,
        variantId: l.variantId,
        sku: l.sku,
        name: l.name,
        path: l.path,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
      })),
    );
  }
  const total = totalWith(plan, frete);
  const { destinatario, ...typed } = change.endereco;
  const address: OrderAddress = { ...typed, nome: destinatario || order.address.nome };
  const mudou = changesSaid(order, address, frete, plan, total);
  if (mudou.length === 0)
    throw badRequest('Nada a corrigir: o endereço, a entrega e os itens estão como no pedido.');
  const pix = plan.settings.pagamentos.pix;
  const newPix =
    !plan.keepsTotal && order.payment === 'pix' && order.provider === '' && total !== order.total;
  await tx
    .update(t.orders)
    .set({
      address,
      shipping: frete,
      ...(plan.keepsTotal
        ? {}
        : { shippingPrice: frete.valor, subtotal: plan.subtotal, discount: plan.discount, total }),
      ...(newPix
        ? {
            pixPayload: pixPayload({
              key: pix.chave,
              merchantName: plan.settings.nomeLoja,
              merchantCity: pix.cidade,
              amount: total,
              txid: staticPixTxid(number),
              description: `Pedido ${String(number)}`,
            }),
          }
        : {}),
    })
    .where(eq(t.orders.number, number));
  await tx.insert(t.orderEvents).values({
    orderNumber: number,
    status: order.status,
    actor,
    note: `Pedido corrigido: ${mudou.join('; ')}`,
  });
  return {
    numero: number,
    mudou,
    novoPix: newPix,
    before: {
      endereco: addressLine(order.address),
      entrega: (order.shipping as Frete).label,
      produtos: linesSaid(beforeLines),
      total: order.total,
    },
    after: { endereco: addressLine(address), entrega: frete.label, produtos: linesSaid(plan.lines), total },
  };
}

const addressLine = (a: OrderAddress) =>
  `${a.logradouro}, ${a.numero}${a.complemento ? ` – ${a.complemento}` : ''}, ${a.bairro}, ${a.cidade}/${a.uf}, CEP ${formatCep(a.cep)}`;
const linesSaid = (lines: Line[]) => lines.map((l) => `${String(l.quantity)} × ${l.sku}`).join(', ');

function changesSaid(order: Order, address: OrderAddress, frete: Frete, plan: Plan, total: number): string[] {
  const said: string[] = [];
  if (addressLine(order.address) !== addressLine(address) || order.address.nome !== address.nome)
    said.push(`endereço de entrega: ${addressLine(address)}`);
  if ((order.shipping as Frete).id !== frete.id || order.shippingPrice !== frete.valor)
    said.push(`entrega: ${frete.label}, ${frete.prazo}`);
  if (plan.changed) said.push(`itens: ${linesSaid(plan.lines)}`);
  if (total !== order.total) said.push(`total: de ${formatBRL(order.total)} para ${formatBRL(total)}`);
  return said;
}

/**
 * The buyer's e-mail of a correction, written in its transaction: what changed, and, when the total of an
 * order waiting for its Pix changed, the new code to pay with.
 */
export async function tellCorrection(
  tx: Db,
  mailer: Mailer,
  origin: string,
  done: CorrectionDone,
): Promise<void> {
  const [row] = await tx
    .select({
      email: t.customers.email,
      name: t.customers.name,
      pix: t.orders.pixPayload,
      total: t.orders.total,
    })
    .from(t.orders)
    .innerJoin(t.customers, eq(t.customers.id, t.orders.customerId))
    .where(eq(t.orders.number, done.numero));
  if (!row || done.mudou.length === 0) return;
  const { nomeLoja } = await loadSettings(tx);
  const numero = String(done.numero);
  await postMail(mailer, tx, {
    orderNumber: done.numero,
    kind: 'pedido-corrigido',
    to: row.email,
    subject: `Pedido ${numero} corrigido`,
    text: [
      `Olá, ${firstName(row.name)}!`,
      '',
      `A ${nomeLoja} corrigiu seu pedido ${numero}, como combinado:`,
      ...done.mudou.map((m) => `• ${m}`),
      ...(done.novoPix
        ? [
            '',
            `O valor mudou: pague ${formatBRL(row.total)} com este novo código Pix (copia e cola):`,
            row.pix,
          ]
        : []),
      '',
      `Se algo não estiver certo, responda este e-mail. O pedido: ${origin}/minha-conta/pedidos/${numero}`,
    ].join('\n'),
  });
}
