// One concern: the e-mail that tells a buyer about money coming back: asked, confirmed, or not made.
import { orderPaymentOf } from '#/contract/order.ts';
import type { OrderPayment } from '#/contract/order.ts';
import { firstName } from '#/server/accounts/customers.ts';
import { loadSettings } from '#/server/content/settings.ts';
import type { Db } from '#/server/db/client.ts';
import { postMail } from '#/server/mail/mailer.ts';
import type { Mailer } from '#/server/mail/mailer.ts';
import { buyerOf } from './buyer.ts';
import { formatBRL } from '#/lib/money.ts';

/** Where the money goes back, by how it was paid (a payment the team received goes back the same way). */
const WHERE_IT_GOES: Record<OrderPayment, string> = {
  pix: 'O Pix volta para a conta de onde saiu.',
  cartao: 'No cartão, o estorno aparece na fatura em até duas faturas, conforme o banco emissor.',
  boleto:
    'O Mercado Pago devolve o valor do boleto na conta do Mercado Pago do pagador ou conforme as instruções que ele enviar.',
  debito: 'No cartão de débito, o valor volta para a conta do cartão, conforme o banco emissor.',
  dinheiro: 'O pagamento foi em dinheiro na loja: a loja combina com você como o valor volta.',
  transferencia: 'O valor volta por transferência para a conta de onde saiu.',
};

/**
 * Tell the buyer about their money coming back, in the background: `pedida` when the store asked the
 * provider, `devolvida` only when the provider confirmed it went back.
 */
export async function notifyRefund(
  db: Db,
  mailer: Mailer,
  origin: string,
  number: number,
  valor: number,
  stage: 'pedida' | 'devolvida' | 'nao_feita',
  /** What goes back: the order's payment, or a second payment it did not need (the order stays paid). */
  what: 'pedido' | 'pagamento_a_mais' = 'pedido',
) {
  const row = await buyerOf(db, number);
  if (!row) return;
  const { nomeLoja } = await loadSettings(db);
  const numero = String(number);
  const where = WHERE_IT_GOES[orderPaymentOf(row.payment)];
  const extra = what === 'pagamento_a_mais';
  const said =
    stage === 'nao_feita'
      ? `A devolução de ${formatBRL(valor)} do pedido ${numero} não foi feita pelo provedor e não será feita por ele. Se tiver dúvidas, responda este e-mail ou fale com a nossa central de atendimento.`
      : extra
        ? stage === 'pedida'
          ? `O pedido ${numero} foi pago duas vezes. O primeiro pagamento vale e o pedido segue normalmente; a ${nomeLoja} pediu a devolução do pagamento a mais, de ${formatBRL(valor)}. ${where} Avisaremos por e-mail quando a devolução for confirmada.`
          : `A devolução do pagamento a mais do pedido ${numero}, de ${formatBRL(valor)}, foi confirmada. O pedido continua pago. ${where}`
        : stage === 'pedida'
          ? `A ${nomeLoja} pediu a devolução de ${formatBRL(valor)} do pedido ${numero}. ${where} Avisaremos por e-mail quando a devolução for confirmada.`
          : `A devolução de ${formatBRL(valor)} do pedido ${numero} foi confirmada: o valor já foi enviado de volta. ${where}`;
  await postMail(mailer, db, {
    orderNumber: Number(numero),
    kind: `pedido-devolucao-${stage}`,
    to: row.email,
    subject:
      stage === 'nao_feita'
        ? `Pedido ${numero}: a devolução de ${formatBRL(valor)} não foi feita`
        : extra
          ? stage === 'pedida'
            ? `Pedido ${numero}: pagamento em dobro, pedimos a devolução de ${formatBRL(valor)}`
            : `Pedido ${numero}: devolução do pagamento a mais (${formatBRL(valor)}) confirmada`
          : stage === 'pedida'
            ? `Pedido ${numero}: pedimos a devolução de ${formatBRL(valor)}`
            : `Pedido ${numero}: devolução de ${formatBRL(valor)} confirmada`,
    text: [
      `Olá, ${firstName(row.name)}!`,
      '',
      said,
      '',
      `Acompanhe: ${origin}/minha-conta/pedidos/${numero}`,
    ].join('\n'),
  });
}
