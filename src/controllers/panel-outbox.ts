import { resendMail, staffOutbox } from '#/api/staff-mail.ts';
import type { Outbox } from '#/contract/outbox.ts';
import type { Answer, Notice } from './answer.ts';
import { redirect, refusal, refusalLine } from './answer.ts';
import { postedFields } from './fields.ts';
import { panelPage } from './panel.ts';
import type { PanelPage } from './panel.ts';
import type { Visit } from './visit.ts';

export type OutboxView = Outbox & { notice: Notice | undefined };

/**
 * `/painel/caixa-de-saida` (owners): the e-mail the store kept instead of sending (no SMTP), newest first, each
 * readable; once the store sends e-mail, each may be sent now.
 */
export function panelOutboxPage(visit: Visit): Promise<Answer<PanelPage<OutboxView>>> {
  return panelPage<OutboxView>(visit, ['dono'], async (frame) => {
    let notice: Notice | undefined;
    let status: number | undefined;
    const fields = await postedFields(visit.request);
    if (fields) {
      try {
        await resendMail(frame.client, fields['mensagem'] ?? '');
        return redirect('/painel/caixa-de-saida?feito=enviado');
      } catch (error) {
        const refused = refusal(error);
        notice = { text: refusalLine(refused), error: true };
        status = refused.status;
      }
    } else if (visit.url.searchParams.get('feito') === 'enviado')
      notice = { text: 'E-mail enviado e retirado da caixa de saída.', error: false };
    const outbox = await staffOutbox(frame.client);
    return { status, view: { frame, content: { ...outbox, notice } } };
  });
}
