import {
  addOrderNote,
  attachInvoice,
  buyLabel,
  cancelInvoice,
  cancelLabel,
  changeTracking,
  correctInvoice,
  decideTakeback,
  extendDeadline,
  issueInvoice,
  refreshInvoice,
  resolveRefund,
  trackParcel,
} from '#/api/staff-orders.ts';
import { ApiError } from '#/api/core.ts';
import { refundResolveSchema } from '#/contract/staff-orders.ts';
import type { PedidoEquipe } from '#/contract/staff-orders.ts';
import { takebackDecisionSchema } from '#/contract/takebacks.ts';
import { formatBRL } from '#/lib/money.ts';
import type { Fields } from './fields.ts';
import type { PanelFrame } from './panel.ts';

// The order page's side forms (`/painel/pedidos/{numero}`, controllers/panel-orders.ts): each posts `acao` and
// answers the `feito` the page then reads.

const invoiceDone = (situacao: string | undefined) =>
  situacao === 'autorizada' ? 'nfe' : situacao === 'recusada' ? 'nfe-recusada' : 'nfe-pendente';

/** The order page's forms that are not a move: a refund alert settled, a shipment's tracking corrected. */
export const SIDE_ACTIONS: Record<
  string,
  (client: PanelFrame['client'], numero: string, f: Fields) => Promise<string>
> = {
  resolver: async (client, numero, f) => {
    await resolveRefund(client, numero, f['devolucao'] ?? '', f['nota'] ?? '', f['desfecho'] ?? '');
    return 'resolvido';
  },
  retido: async (client, numero, f) => {
    await decideTakeback(client, numero, f['tomada'] ?? '', f['decisao'] ?? '', f['nota'] ?? '');
    return f['decisao'] === 'cancelar' ? 'retido-cancelado' : 'retido-liberado';
  },
  prazo: async (client, numero, f) => {
    await extendDeadline(client, numero, f['minutos'] ?? '');
    return 'prazo';
  },
  nota: async (client, numero, f) => {
    await addOrderNote(client, numero, f['texto'] ?? '');
    return 'nota';
  },
  'nfe-emitir': async (client, numero) => {
    const { nota } = await issueInvoice(client, numero);
    return invoiceDone(nota?.situacao);
  },
  'nfe-consultar': async (client, numero) => {
    const { nota } = await refreshInvoice(client, numero);
    return invoiceDone(nota?.situacao);
  },
  'nfe-anexar': async (client, numero, f) => {
    if (!f['xml'])
      throw new ApiError(400, 'bad_request', 'Escolha o arquivo XML autorizado da NF-e (até 200 KB).');
    await attachInvoice(client, numero, f['xml']);
    return 'nfe-anexada';
  },
  etiqueta: async (client, numero, f) => {
    await buyLabel(client, numero, f['servico'] ?? '');
    return 'etiqueta';
  },
  'etiqueta-cancelar': async (client, numero) => {
    await cancelLabel(client, numero);
    return 'etiqueta-cancelada';
  },
  'rastreio-consultar': async (client, numero) => {
    await trackParcel(client, numero);
    return 'rastreio-lido';
  },
  'nfe-cancelar': async (client, numero, f) => {
    await cancelInvoice(client, numero, f['justificativa'] ?? '');
    return 'nfe-cancelada';
  },
  'nfe-corrigir': async (client, numero, f) => {
    await correctInvoice(client, numero, f['correcao'] ?? '');
    return 'nfe-corrigida';
  },
  rastreio: async (client, numero, f) => {
    await changeTracking(client, numero, {
      transportadora: f['transportadora'] ?? '',
      rastreio: f['rastreio'] ?? '',
    });
    return 'rastreio';
  },
};

/** The side forms that ask before they are sent (sideConfirmation). */
export const ASKS_FIRST = (fields: Fields): boolean =>
  fields['acao'] === 'resolver' || (fields['acao'] === 'retido' && fields['decisao'] === 'cancelar');

/** The step before a side form that cannot be undone: what is asked, and what is posted again. */
export type SideConfirmation = { question: string; button: string; fields: Record<string, string> };

/**
 * Side forms that cannot be undone ask first: a refund alert settled (the customer is told; revenue loses the
 * money when it went back) and a held order cancelled. What was typed is checked as the platform checks it,
 * so a form missing a field says so at once, not after the confirmation. `undefined`: nothing to ask (the form
 * goes straight on, and the platform answers).
 */
export function sideConfirmation(
  fields: Fields,
  pedido: PedidoEquipe,
): { confirmar: SideConfirmation } | { errors: Record<string, string> } | undefined {
  if (fields['confirmado'] === 'sim') return undefined;
  const numero = String(pedido.numero);
  if (fields['acao'] === 'resolver') {
    const refund = pedido.devolucoes.find((d) => String(d.id) === fields['devolucao']);
    if (!refund) return undefined;
    const parsed = refundResolveSchema.safeParse({ desfecho: fields['desfecho'], nota: fields['nota'] });
    if (!parsed.success) return { errors: fieldErrors(parsed.error.issues) };
    const valor = formatBRL(refund.valor);
    return {
      confirmar: {
        question:
          parsed.data.desfecho === 'devolvido'
            ? `Registrar que ${valor} do pedido ${numero} já voltou para o cliente por outro meio? Isto não pode ser desfeito: a receita perde o valor e o cliente é avisado de que recebeu.`
            : `Registrar que ${valor} do pedido ${numero} não será devolvido? Isto não pode ser desfeito: o cliente é avisado.`,
        button: parsed.data.desfecho === 'devolvido' ? 'Sim, foi devolvido' : 'Sim, não será devolvido',
        fields: { acao: 'resolver', devolucao: String(refund.id), ...parsed.data },
      },
    };
  }
  if (fields['acao'] === 'retido' && fields['decisao'] === 'cancelar') {
    const parsed = takebackDecisionSchema.safeParse({ decisao: fields['decisao'], nota: fields['nota'] });
    if (!parsed.success) return { errors: fieldErrors(parsed.error.issues) };
    return {
      confirmar: {
        question: `Cancelar o pedido ${numero} sem devolução (o provedor já tirou o valor da loja)? Isto não pode ser desfeito: os produtos voltam ao estoque e o cliente é avisado.`,
        button: 'Sim, cancelar o pedido',
        fields: { acao: 'retido', tomada: fields['tomada'] ?? '', ...parsed.data },
      },
    };
  }
  return undefined;
}

const fieldErrors = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) => {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0] ?? 'formulario')] ??= issue.message;
  return errors;
};
