// One concern: the e-mails an order sends its buyer (placed, paid, shipped, delivered), in Portuguese.
import type { Pedido } from '#/contract/order.ts';
import { firstName } from '#/server/accounts/customers.ts';
import { loadSettings } from '#/server/content/settings.ts';
import type { Db } from '#/server/db/client.ts';
import { dayAndTime } from '#/server/lib/dates.ts';
import { postMail } from '#/server/mail/mailer.ts';
import type { Mailer } from '#/server/mail/mailer.ts';
import { buyerOf } from './buyer.ts';
import { loadOrder } from './orders.ts';
import type { Status } from './status.ts';
import { formatBRL } from '#/lib/money.ts';

const time = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  hour: '2-digit',
  minute: '2-digit',
});

/** The statuses a buyer is told about by e-mail (every one: a cancelled order says how the money comes back). */
export type Notice = Status;
export const NOTIFIED: ReadonlySet<Status> = new Set<Status>([
  'awaiting_payment',
  'paid',
  'shipped',
  'delivered',
  'cancelled',
]);

/** Cancelled: what happened to the money (nothing charged, or the Pix the store gives back by hand). */
function cancellation(pedido: Pedido, store: string, origin: string, name: string) {
  const numero = String(pedido.numero);
  const paid = pedido.historico.some((h) => h.situacao === 'pago');
  const money = !paid
    ? 'Nenhum valor foi cobrado.'
    : pedido.estorno
      ? `O valor de ${formatBRL(pedido.estorno.valor)} já voltou para você pelo seu banco ou operadora (contestação ou devolução), então não há nada a devolver pela loja.`
      : pedido.reembolso
        ? 'O valor volta pelo mesmo meio de pagamento: você recebe outro e-mail quando a devolução for confirmada.'
        : pedido.pagamento.metodo === 'pix'
          ? `Como o pagamento de ${formatBRL(pedido.valores.total)} foi por Pix direto à ${store}, a loja devolve o valor por Pix para a conta de onde ele saiu. Se tiver dúvida, responda este e-mail.`
          : `Como o pagamento de ${formatBRL(pedido.valores.total)} (${pedido.pagamento.label}) foi recebido pela ${store}, a loja combina com você a devolução pelo mesmo meio. Se tiver dúvida, responda este e-mail.`;
  return {
    subject: `Pedido ${numero} cancelado`,
    text: [
      `Olá, ${name}!`,
      '',
      `Seu pedido ${numero} na ${store} foi cancelado. ${money}`,
      '',
      `Detalhes: ${origin}/minha-conta/pedidos/${numero}`,
    ].join('\n'),
  };
}

/** Delivered: the buyer is asked to review each product (one link per product, to the review form). */
function reviewInvitation(pedido: Pedido, store: string, origin: string, name: string) {
  const products = [...new Map(pedido.itens.map((i) => [i.idProduto, i])).values()];
  return {
    subject: `Pedido ${String(pedido.numero)} entregue: conte o que achou`,
    text: [
      `Olá, ${name}!`,
      '',
      `Seu pedido ${String(pedido.numero)} foi entregue. Esperamos que goste!`,
      '',
      `Sua opinião ajuda outros clientes da ${store} a escolher. Avalie ${products.length > 1 ? 'cada produto' : 'o produto'} (leva um minuto):`,
      '',
      ...products.flatMap((i) => [`• ${i.nome}`, `  ${origin}/avaliar?produto=${String(i.idProduto)}`]),
    ].join('\n'),
  };
}

function compose(
  notice: Notice,
  pedido: Pedido,
  store: string,
  origin: string,
  name: string,
  corrected = false,
) {
  if (notice === 'delivered') return reviewInvitation(pedido, store, origin, name);
  if (notice === 'cancelled') return cancellation(pedido, store, origin, name);
  const link = `${origin}/minha-conta/pedidos/${String(pedido.numero)}`;
  const lines = pedido.itens.map((i) => `• ${String(i.quantidade)} × ${i.nome} – ${formatBRL(i.total)}`);
  const totals = [
    `Produtos: ${formatBRL(pedido.valores.subtotal)}`,
    ...(pedido.valores.cupom
      ? [`Cupom ${pedido.valores.cupom.codigo}: − ${formatBRL(pedido.valores.cupom.desconto)}`]
      : []),
    ...(pedido.valores.desconto > 0 ? [`Desconto à vista: − ${formatBRL(pedido.valores.desconto)}`] : []),
    ...(pedido.valores.descontoLoja ? [`Desconto da loja: − ${formatBRL(pedido.valores.descontoLoja)}`] : []),
    `Frete (${pedido.entrega.label}): ${pedido.valores.frete === 0 ? 'grátis' : formatBRL(pedido.valores.frete)}`,
    `Total: ${formatBRL(pedido.valores.total)}`,
  ];
  const numero = String(pedido.numero);
  if (notice === 'awaiting_payment') {
    const due = new Date(pedido.pagamento.expiraEm);
    // Pix waits minutes (the time says it); a boleto days (the date too).
    const until = pedido.pagamento.metodo === 'pix' ? time.format(due) : dayAndTime(due);
    const { metodo, label } = pedido.pagamento;
    const howToPay = payingLines(pedido);
    return {
      subject: `Pedido ${numero} recebido: pague com ${label} até ${until}`,
      text: [
        `Olá, ${name}!`,
        '',
        `Recebemos seu pedido ${numero} na ${store}. Para confirmá-lo, pague ${formatBRL(pedido.valores.total)} com ${label} até ${until} (horário de Brasília); depois disso ele é cancelado.`,
        '',
        ...howToPay,
        '',
        ...lines,
        '',
        ...totals,
        '',
        `${metodo === 'pix' ? 'O QR Code e o andamento' : 'O andamento'} do pedido: ${link}`,
      ].join('\n'),
    };
  }
  if (notice === 'paid')
    return {
      subject: `Pagamento do pedido ${numero} confirmado`,
      text: [
        `Olá, ${name}!`,
        '',
        `Recebemos o pagamento do pedido ${numero}. Agora separamos os produtos e avisamos quando ele for enviado.`,
        '',
        ...lines,
        '',
        `Acompanhe: ${link}`,
      ].join('\n'),
    };
  return {
    subject: corrected ? `Pedido ${numero}: código de rastreio corrigido` : `Pedido ${numero} enviado`,
    text: [
      `Olá, ${name}!`,
      '',
      corrected
        ? `O código de rastreio do pedido ${numero} foi corrigido: use o código abaixo.`
        : pedido.entrega.tipo === 'retirada'
          ? `Seu pedido ${numero} está pronto para retirada: ${pedido.entrega.endereco.join(', ')}.`
          : `Seu pedido ${numero} saiu para entrega (${pedido.entrega.label}, ${pedido.entrega.prazo}).`,
      ...(pedido.rastreio
        ? [
            '',
            [
              pedido.rastreio.transportadora && `Transportadora: ${pedido.rastreio.transportadora}`,
              pedido.rastreio.codigo && `Código de rastreio: ${pedido.rastreio.codigo}`,
              pedido.rastreio.url && `Acompanhe a entrega: ${pedido.rastreio.url}`,
            ]
              .filter(Boolean)
              .join('\n'),
          ]
        : []),
      '',
      `Acompanhe: ${link}`,
    ].join('\n'),
  };
}

/** How to pay an order still waiting: the Pix code, or the boleto's line and page. */
function payingLines(pedido: Pedido): string[] {
  const { metodo, copiaECola, linhaDigitavel, url } = pedido.pagamento;
  return metodo === 'pix'
    ? ['Pix copia e cola:', copiaECola]
    : [
        ...(linhaDigitavel ? ['Linha digitável do boleto:', linhaDigitavel] : []),
        ...(url ? [`Para pagar: ${url}`] : []),
      ];
}

/**
 * One reminder to a buyer whose Pix or boleto has not arrived and whose time is running out: it is about a
 * purchase they made, so it needs no marketing consent. Nothing is sent for an order no longer waiting.
 */
export async function remindBuyer(db: Db, mailer: Mailer, origin: string, number: number): Promise<boolean> {
  const row = await buyerOf(db, number);
  if (!row) return false;
  const pedido = await loadOrder(db, origin, number, { session: '', customerId: row.customerId });
  if (pedido?.situacao !== 'aguardando_pagamento') return false;
  const { nomeLoja } = await loadSettings(db);
  const numero = String(pedido.numero);
  const until = dayAndTime(new Date(pedido.pagamento.expiraEm));
  await postMail(mailer, db, {
    orderNumber: Number(numero),
    kind: 'pedido-lembrete-pagamento',
    to: row.email,
    subject: `Pedido ${numero}: o pagamento ainda não chegou (prazo até ${until})`,
    text: [
      `Olá, ${firstName(row.name)}!`,
      '',
      `Seu pedido ${numero} na ${nomeLoja} ainda aguarda o pagamento de ${formatBRL(pedido.valores.total)} com ${pedido.pagamento.label}. O prazo vai até ${until} (horário de Brasília); depois disso o pedido é cancelado e os produtos voltam ao estoque.`,
      '',
      ...payingLines(pedido),
      '',
      'Se você já pagou, desconsidere este e-mail: a confirmação pode levar alguns minutos.',
      '',
      `O pedido: ${origin}/minha-conta/pedidos/${numero}`,
    ].join('\n'),
  });
  return true;
}

/**
 * Tell the buyer what happened to an order, in the background (a slow mail server never holds the answer).
 * Nothing is sent for a status buyers are not told about, or an order that no longer exists.
 */
export async function notifyBuyer(
  db: Db,
  mailer: Mailer,
  origin: string,
  number: number,
  notice: Status,
  /** The order as its route just read it, so it is not read twice. */
  known?: Pedido,
  options: {
    /** `corrigido`: a shipped order's tracking corrected (the e-mail says so). */
    variant?: 'corrigido' | undefined;
    /** Makes the message one however often it is written (a job run twice). */
    key?: string | undefined;
  } = {},
) {
  const { variant } = options;
  if (!NOTIFIED.has(notice)) return;
  const row = await buyerOf(db, number);
  if (!row) return;
  const pedido = known ?? (await loadOrder(db, origin, number, { session: '', customerId: row.customerId }));
  if (!pedido) return;
  const { nomeLoja } = await loadSettings(db);
  const first = firstName(row.name);
  const mail = compose(notice, pedido, nomeLoja, origin, first, variant === 'corrigido');
  // An account the team made with the order has no password: the message says how to make one.
  const access =
    row.hasPassword || (notice !== 'awaiting_payment' && notice !== 'paid')
      ? ''
      : `\n\nPara acompanhar seus pedidos no site, crie sua senha: em ${origin}/checkout/acesso, use "Esqueci minha senha" com este e-mail.`;
  await postMail(mailer, db, {
    orderNumber: number,
    // The order's confirmation is one message however often it is written (its job run twice).
    key: notice === 'awaiting_payment' ? `pedido:${String(number)}:confirmacao` : options.key,
    kind: variant ? `pedido-rastreio-${variant}` : `pedido-${notice}`,
    to: row.email,
    subject: mail.subject,
    text: mail.text + access,
  });
}
