import type { NewsletterRequest } from '../contract/forms.ts';
import { sendJson } from './core.ts';
import type { Client } from './core.ts';

/** Forms the platform keeps (newsletter; contact and evaluations come with their pages). */

const formAnswerSchema = async () => (await import('../contract/forms.ts')).formAnswerSchema;

export const subscribeNewsletter = (client: Client, body: Partial<NewsletterRequest>) =>
  sendJson(client, 'post', 'v2/front/newsletter', body, formAnswerSchema);
