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
