import {
  addReadyAnswer,
  changeReadyAnswer,
  removeReadyAnswer,
  staffReadyAnswers,
} from '#/api/staff-inbox.ts';
import type { RespostaPronta } from '#/contract/staff-conversations.ts';
import type { Answer, FormOutcome, Notice } from './answer.ts';
import { refusal, refusalLine } from './answer.ts';
import { byAction, postedFields } from './fields.ts';
import type { Fields } from './fields.ts';
import { panelPage } from './panel.ts';
import type { PanelPage } from './panel.ts';
import type { Visit } from './visit.ts';

export const READY_ANSWERS_PATH = '/painel/mensagens/respostas-prontas';

/** The ready answers page: the answers, and the form last sent when it was refused. */
export type ReadyAnswersView = {
  respostas: RespostaPronta[];
  /** The refused form: an answer's (`alvo` its id) or the new one's (`nova`), with what was typed. */
  form: (FormOutcome & { alvo: string }) | undefined;
  notice: Notice | undefined;
};

const idOf = (fields: Fields) => (/^\d{1,9}$/.test(fields['id'] ?? '') ? (fields['id'] ?? '') : '0');
const inputOf = (f: Fields) => ({ titulo: f['titulo'] ?? '', texto: f['texto'] ?? '' });

/**
 * `/painel/mensagens/respostas-prontas` (owners and `pedidos`): the texts a reply starts from. Add one,
 * rewrite one, remove one; a reply can also be kept as one from its message's page.
 */
export async function panelReadyAnswersPage(visit: Visit): Promise<Answer<PanelPage<ReadyAnswersView>>> {
  return panelPage(visit, ['pedidos'], async (frame) => {
    const fields = await postedFields(visit.request);
    let form: ReadyAnswersView['form'];
    let notice: Notice | undefined;
    let status: number | undefined;
    if (fields) {
      const alvo = fields['id'] ? idOf(fields) : 'nova';
      try {
        notice = await byAction<Notice>(
          fields,
          {
            apagar: async (f) => {
              await removeReadyAnswer(frame.client, idOf(f));
              return { text: `A resposta pronta "${f['titulo'] ?? ''}" foi apagada.`, error: false };
            },
            salvar: async (f) => {
              await changeReadyAnswer(frame.client, idOf(f), inputOf(f));
              return { text: `A resposta pronta "${f['titulo']?.trim() ?? ''}" foi salva.`, error: false };
            },
          },
          async (f) => {
            await addReadyAnswer(frame.client, inputOf(f));
            return { text: `A resposta pronta "${f['titulo']?.trim() ?? ''}" foi guardada.`, error: false };
          },
        );
      } catch (error) {
        const refused = refusal(error);
        status = refused.status;
        notice = { text: refusalLine(refused), error: true };
        form = { alvo, values: fields, errors: refused.fields, notice, status };
      }
    }
    const { respostas } = await staffReadyAnswers(frame.client);
    return { status, view: { frame, content: { respostas, form, notice } } };
  });
}
