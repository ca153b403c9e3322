import { sendContact } from '#/api/forms.ts';
import type { Answer, PublicForm } from './answer.ts';
import { publicForm } from './answer.ts';
import { postedFields } from './fields.ts';
import { visitorClient } from './visit.ts';
import type { Visit } from './visit.ts';

/** Customer service's contact form, kept by the platform (`form/contact`). */
export async function contactPage(visit: Visit): Promise<Answer<PublicForm>> {
  const client = visitorClient(visit);
  return publicForm(visit.request, await postedFields(visit.request), (fields) =>
    sendContact(client, fields),
  );
}
