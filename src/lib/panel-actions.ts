import type { Situacao } from '#/contract/order.ts';

/**
 * The moves the back office's order page offers (`acao`), written by the view that renders their buttons
 * and read by the controller that makes them (controllers/panel-orders.ts): for each, the status it moves
 * the order to, its button and the question that confirms it.
 */
export const ORDER_ACTIONS = {
  pagar: { to: 'pago', label: 'Marcar como pago', confirm: 'Confirmar que o pagamento foi recebido?' },
  enviar: {
    to: 'enviado',
    label: 'Marcar como enviado',
    confirm: 'Confirmar o envio? O cliente recebe um e-mail com o rastreio.',
  },
  entregar: {
    to: 'entregue',
    label: 'Marcar como entregue',
    confirm: 'Confirmar que o pedido foi entregue?',
  },
  cancelar: {
    to: 'cancelado',
    label: 'Cancelar pedido',
    confirm:
      'Cancelar este pedido? Os produtos voltam ao estoque e o cliente é avisado por e-mail (de um pagamento já recebido por Pix direto, que a loja devolve por Pix).',
  },
} as const satisfies Record<string, { to: Situacao; label: string; confirm: string }>;
export type OrderAction = keyof typeof ORDER_ACTIONS;

/** The refund (`acao=devolver`): offered while a provider's money for the order can be given back. */
export const REFUND_ACTION = {
  label: 'Devolver o pagamento',
  confirm: (valor: string, provedor: string, paid: boolean) =>
    `Devolver ${valor} ao cliente pelo ${provedor}? ${
      paid
        ? 'O pedido é cancelado e os produtos voltam ao estoque.'
        : 'O pedido já saiu: os produtos só voltam ao estoque quando a loja os receber de volta.'
    } O cliente é avisado por e-mail.`,
} as const;
