import { resendFailed, staffDeliveries } from '#/api/staff-deliveries.ts';
import type { Deliveries } from '#/contract/deliveries.ts';
import type { Answer } from './answer.ts';
import type { PanelPage } from './panel.ts';
import { messageListPage } from './panel-resend.ts';
import type { MessageListView } from './panel-resend.ts';
import type { Visit } from './visit.ts';

export type DeliveriesView = MessageListView<Deliveries>;

/**
 * `/painel/envios` (owners): the messages that failed for good, each with why and "Reenviar"; how many wait to
 * leave; and each sweep's last run, so one that stopped is seen.
 */
export const panelDeliveriesPage = (visit: Visit): Promise<Answer<PanelPage<DeliveriesView>>> =>
  messageListPage(visit, {
    path: '/painel/envios',
    done: { key: 'reenviado', text: 'Mensagem de volta à fila de envio: ela sai em instantes.' },
    send: resendFailed,
    load: staffDeliveries,
  });
