import { unsubscribeOffers } from '#/api/forms.ts';
import type { Answer, Notice } from './answer.ts';
import { refusal } from './answer.ts';
import { postedFields } from './fields.ts';
import { visitorClient } from './visit.ts';
import type { Visit } from './visit.ts';

export type UnsubscribeView = { token: string; notice: Notice | undefined; done: boolean };

/**
 * `/descadastrar?t=`: the way out of offers a marketing e-mail links to. Opening it asks to confirm (a mail
 * scanner's visit changes nothing); the button stops the offers, with no login.
 */
export async function unsubscribePage(visit: Visit): Promise<Answer<UnsubscribeView>> {
  const fields = await postedFields(visit.request);
  const token = (fields?.['t'] ?? visit.url.searchParams.get('t') ?? '').slice(0, 80);
  if (!fields) return { view: { token, notice: undefined, done: false } };
  try {
    const { mensagem } = await unsubscribeOffers(visitorClient(visit), token);
    return { view: { token, notice: { text: mensagem, error: false }, done: true } };
  } catch (error) {
    const refused = refusal(error);
    return {
      status: refused.status,
      view: { token, notice: { text: refused.mensagem, error: true }, done: false },
    };
  }
}
