import { resendMail, staffOutbox } from '#/api/staff-mail.ts';
import type { Outbox } from '#/contract/outbox.ts';
import type { Answer } from './answer.ts';
import type { PanelPage } from './panel.ts';
import { messageListPage } from './panel-resend.ts';
import type { MessageListView } from './panel-resend.ts';
import type { Visit } from './visit.ts';

export type OutboxView = MessageListView<Outbox>;

/**
 * `/painel/caixa-de-saida` (owners): the e-mail the store kept instead of sending (no SMTP), newest first, each
 * readable; once the store sends e-mail, each may be sent now.
 */
export const panelOutboxPage = (visit: Visit): Promise<Answer<PanelPage<OutboxView>>> =>
  messageListPage(visit, {
    path: '/painel/caixa-de-saida',
    done: { key: 'enviado', text: 'E-mail enviado e retirado da caixa de saída.' },
    send: resendMail,
    load: staffOutbox,
  });
