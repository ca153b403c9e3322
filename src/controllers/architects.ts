import { joinArchitects } from '#/api/forms.ts';
import type { Answer, PublicForm } from './answer.ts';
import { publicForm } from './answer.ts';
import { postedFields } from './fields.ts';
import { visitorClient } from './visit.ts';
import type { Visit } from './visit.ts';

/** The architect programme's sign-up, as a student or a professional (each its own page). */
export async function architectsPage(
  visit: Visit,
  tipo: 'estudante' | 'profissional',
): Promise<Answer<PublicForm>> {
  const client = visitorClient(visit);
  return publicForm(visit.request, await postedFields(visit.request), (fields) =>
    joinArchitects(client, { ...fields, tipo }),
  );
}
