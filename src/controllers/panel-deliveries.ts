import { resendFailed, staffDeliveries } from '#/api/staff-deliveries.ts';
import type { Deliveries } from '#/contract/deliveries.ts';
import type { Answer, Notice } from './answer.ts';
import { redirect, refusal, refusalLine } from './answer.ts';
import { postedFields } from './fields.ts';
import { panelPage } from './panel.ts';
import type { PanelPage } from './panel.ts';
import type { Visit } from './visit.ts';

export type DeliveriesView = Deliveries & { notice: Notice | undefined };

/**
 * `/painel/envios` (owners): the messages that failed for good, each with why and "Reenviar"; how many wait to
 * leave; and each sweep's last run, so one that stopped is seen.
 */
export function panelDeliveriesPage(visit: Visit): Promise<Answer<PanelPage<DeliveriesView>>> {
  return panelPage<DeliveriesView>(visit, ['dono'], async (frame) => {
    let notice: Notice | undefined;
    let status: number | undefined;
    const fields = await postedFields(visit.request);
    if (fields) {
      try {
        await resendFailed(frame.client, fields['mensagem'] ?? '');
        return redirect('/painel/envios?feito=reenviado');
      } catch (error) {
        const refused = refusal(error);
        notice = { text: refusalLine(refused), error: true };
        status = refused.status;
      }
    } else if (visit.url.searchParams.get('feito') === 'reenviado')
      notice = { text: 'Mensagem de volta à fila de envio: ela sai em instantes.', error: false };
    const deliveries = await staffDeliveries(frame.client);
    return { status, view: { frame, content: { ...deliveries, notice } } };
  });
}
