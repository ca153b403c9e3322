import {
  markMessageAnswered,
  replyToMessage,
  staffConversation,
  staffReadyAnswer,
  staffReadyAnswers,
} from '#/api/staff-inbox.ts';
import type { Conversa, RespostaPronta } from '#/contract/staff-conversations.ts';
import { withMail } from '#/lib/mail-said.ts';
import type { Answer, Notice } from './answer.ts';
import { redirect, refusal, refusalLine } from './answer.ts';
import { byAction, postedFields } from './fields.ts';
import type { Fields } from './fields.ts';
import { panelPage } from './panel.ts';
import type { PanelFrame, PanelPage } from './panel.ts';
import type { Visit } from './visit.ts';

// One message of the inbox as a conversation (`/painel/mensagens/{id}`): the message, the thread of the
// team's replies, its customer and orders; a reply box (started from a ready answer or not) and the mark.

export const conversationPath = (id: string): string => `/painel/mensagens/${encodeURIComponent(id)}`;

export type ConversationView = {
  conversa: Conversa;
  prontas: RespostaPronta[];
  /** What the reply box holds: what was typed (a refused post), or the ready answer chosen. */
  values: Fields;
  errors: Readonly<Record<string, string>>;
  notice: Notice | undefined;
};

const DONE: Record<string, (envia: boolean) => string> = {
  enviada: (envia) =>
    withMail(
      envia,
      'Resposta guardada na conversa.',
      'O e-mail está na fila de envio: veja abaixo quando sair.',
    ),
  respondida: () => 'Mensagem marcada como respondida.',
  reaberta: () => 'Mensagem de volta às que esperam resposta.',
};

/** A message id as the inbox names it (`formulario-12`, `avaliacao-3`, `newsletter-ana@…`). */
const isMessageId = (id: string | undefined): id is string =>
  id !== undefined && /^(formulario|avaliacao|newsletter)-\S{1,254}$/.test(id);

const post = (frame: PanelFrame, id: string, fields: Fields): Promise<string> =>
  byAction(
    fields,
    {
      respondida: async (f) => {
        const answered = f['respondida'] === '1';
        await markMessageAnswered(frame.client, id, answered);
        return answered ? 'respondida' : 'reaberta';
      },
    },
    async (f) => {
      const salvarComo = f['salvarComo']?.trim();
      await replyToMessage(frame.client, id, {
        texto: f['texto'] ?? '',
        ...(salvarComo ? { salvarComo } : {}),
      });
      return 'enviada';
    },
  );

/**
 * `/painel/mensagens/{id}` (owners and `pedidos`). A reply posts here and comes back with where it went;
 * `?resposta={id}` fills the box with that ready answer, for the sender, so the page works without JavaScript.
 */
export async function panelConversationPage(
  visit: Visit,
  id: string | undefined,
): Promise<Answer<PanelPage<ConversationView | null>>> {
  return panelPage<ConversationView | null>(visit, ['pedidos'], async (frame) => {
    if (!isMessageId(id)) return { status: 404, view: { frame, content: null } };
    const fields = await postedFields(visit.request);
    let notice: Notice | undefined;
    let status: number | undefined;
    let errors: Readonly<Record<string, string>> = {};
    if (fields)
      try {
        return redirect(`${conversationPath(id)}?feito=${await post(frame, id, fields)}#conversa`);
      } catch (error) {
        const refused = refusal(error);
        if (refused.status === 404) return { status: 404, view: { frame, content: null } };
        notice = { text: refusalLine(refused), error: true };
        status = refused.status;
        errors = refused.fields;
      }
    else {
      const done = DONE[visit.url.searchParams.get('feito') ?? ''];
      if (done) notice = { text: done(frame.me.enviaEmail), error: false };
    }
    let conversa: Conversa;
    try {
      conversa = await staffConversation(frame.client, id);
    } catch (error) {
      if (refusal(error).status === 404) return { status: 404, view: { frame, content: null } };
      throw error;
    }
    const values: Fields = { ...fields };
    const chosen = visit.url.searchParams.get('resposta');
    if (!fields && chosen && /^\d{1,9}$/.test(chosen))
      try {
        values['texto'] = (await staffReadyAnswer(frame.client, chosen, conversa.mensagem.nome)).texto;
      } catch (error) {
        if (refusal(error).status !== 404) throw error;
        notice = { text: 'Essa resposta pronta não existe mais. Escolha outra.', error: true };
      }
    const { respostas: prontas } = await staffReadyAnswers(frame.client);
    return { status, view: { frame, content: { conversa, prontas, values, errors, notice } } };
  });
}
