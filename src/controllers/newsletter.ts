import { subscribeNewsletter } from '#/api/forms.ts';
import type { Answer, FormOutcome } from './answer.ts';
import { redirect, submitFields } from './answer.ts';
import { postedFields, safeBack } from './fields.ts';
import { visitorClient } from './visit.ts';
import type { Visit } from './visit.ts';

export type Newsletter = { outcome: FormOutcome; back: string };

/**
 * The newsletter form's answer (every newsletter form posts here, with or without JavaScript): the
 * welcome, or the form again with a message per field. Nothing to see without a post.
 */
export async function newsletterPage(visit: Visit): Promise<Answer<Newsletter>> {
  const fields = await postedFields(visit.request);
  if (!fields) return redirect('/');
  const client = visitorClient(visit);
  const outcome = await submitFields(fields, (posted) =>
    subscribeNewsletter(client, {
      nome: posted['nome'] ?? '',
      email: posted['email'] ?? '',
      website: posted['website'] ?? '',
    }),
  );
  return { status: outcome.status, view: { outcome, back: safeBack(fields['retorno']) } };
}
