// One concern: what is left to undo on an order the store will not deliver, or whose money went back (cancelled,
// refunded, withdrawn): an NF-e still authorised, a label bought and unused. The order page lists each with where
// to do it, from the moment the order is cancelled or refunded until it is done.
import { formatDateTime } from '#/lib/dates.ts';
import { formatBRL } from '#/lib/money.ts';
import type { PedidoEquipe } from '#/contract/staff-orders.ts';

type Facts = Pick<
  PedidoEquipe,
  'situacao' | 'reembolso' | 'desistencia' | 'historico' | 'faturamento' | 'envio'
>;

export type ToUndo = PedidoEquipe['aDesfazer'][number];

/** The steps left, in the order to do them; none while the order stands as a sale. */
export function leftToUndo(order: Facts): ToUndo[] {
  const undone =
    order.situacao === 'cancelado' ||
    (order.reembolso !== undefined && order.reembolso.situacao !== 'nao_feita') ||
    Boolean(order.desistencia?.pedida);
  if (!undone) return [];
  const steps: ToUndo[] = [];
  const nota = order.faturamento.nota;
  if (nota?.situacao === 'autorizada') {
    const left = order.historico.some((h) => h.situacao === 'enviado');
    steps.push(
      nota.cancelavelAte && !left && nota.provedor !== 'erp'
        ? {
            texto: `A NF-e ${nota.numero} continua autorizada: cancele-a na SEFAZ até ${formatDateTime(nota.cancelavelAte)}.`,
            ancora: 'h-nfe',
          }
        : {
            texto: `A NF-e ${nota.numero} continua autorizada e não pode mais ser cancelada${left ? ' (a mercadoria já saiu)' : ''}: emita a nota de devolução (entrada) no seu ERP quando os produtos voltarem.`,
            ancora: 'h-nfe',
          },
    );
  }
  const label = order.envio.etiqueta;
  if (label && (label.situacao === 'paga' || label.situacao === 'gerada'))
    steps.push({
      texto: `A etiqueta do Melhor Envio (${label.transportadora} ${label.servico}, ${formatBRL(label.valor)}) foi comprada e não será usada: cancele-a para o valor voltar ao saldo.`,
      ancora: 'h-etiqueta',
    });
  return steps;
}
