import { evaluateStore } from '#/api/forms.ts';
import { createClient } from '#/api/http.ts';
import type { Answer, Notice } from './answer.ts';
import { redirect, refusal, refusalLine } from './answer.ts';
import { applyEntryRule } from './entry-rules.ts';
import { postedFields } from './fields.ts';
import type { Fields } from './fields.ts';
import type { Visit } from './visit.ts';

export type StoreEvaluation = {
  done: boolean;
  notice: Notice | undefined;
  values: Fields;
  errors: Readonly<Record<string, string>>;
};

/**
 * The store evaluation, reached from the invitation e-mail (`?key=`): without a key, or with one the
 * platform no longer accepts, the visitor goes home (entry rule 'avaliacao-loja'). Each key evaluates once.
 */
export async function storeEvaluationPage(visit: Visit): Promise<Answer<StoreEvaluation>> {
  const client = createClient(visit.url.origin);
  const key = visit.url.searchParams.get('key') ?? '';
  const fields = await postedFields(visit.request);
  if (!fields) {
    const home = await applyEntryRule('avaliacao-loja', { url: visit.url, client });
    if (home) return redirect(home, 302);
    return { view: { done: false, notice: undefined, values: {}, errors: {} } };
  }
  try {
    const { mensagem } = await evaluateStore(client, key, fields);
    return { view: { done: true, notice: { text: mensagem, error: false }, values: fields, errors: {} } };
  } catch (error) {
    const refused = refusal(error);
    if (refused.status === 404) return redirect('/');
    const notice = { text: refusalLine(refused, 'Confira as respostas marcadas abaixo.'), error: true };
    return { status: refused.status, view: { done: false, notice, values: fields, errors: refused.fields } };
  }
}
