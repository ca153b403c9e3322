import type { NewsletterRequest } from '#/contract/forms.ts';
import type { ReviewQuery } from '#/contract/review.ts';
import { getJson, sendJson } from './core.ts';
import type { Client } from './core.ts';

/** Forms the platform keeps (newsletter; contact and evaluations come with their pages) and product reviews. */

export const subscribeNewsletter = (client: Client, body: Partial<NewsletterRequest>) =>
  sendJson(client, 'post', 'v2/front/newsletter', body, 'formAnswer');

/** The customer-service form (`form/contact`). */
export const sendContact = (client: Client, body: Record<string, unknown>) =>
  sendJson(client, 'post', 'v2/front/form/contact', body, 'formAnswer');

/** The architect programme sign-up (`form/architect`), as a student or a professional. */
export const joinArchitects = (client: Client, body: Record<string, unknown>) =>
  sendJson(client, 'post', 'v2/front/form/architect', body, 'formAnswer');

/** Whether a store-evaluation invitation can still be answered. */
export const checkEvaluationKey = (client: Client, key: string) =>
  getJson(client, `v2/front/evaluations/store/add/${encodeURIComponent(key)}`, {}, 'formAnswer');

export const evaluateStore = (client: Client, key: string, body: Record<string, unknown>) =>
  sendJson(client, 'post', `v2/front/evaluations/store/add/${encodeURIComponent(key)}`, body, 'formAnswer');

/** "Avise-me" (`product/solicitation`): be e-mailed when a sold-out finish is back. */
export const requestStockNotice = (client: Client, body: Record<string, unknown>) =>
  sendJson(client, 'post', 'v2/front/product/solicitation', body, 'formAnswer');

/** A product's approved reviews, a page at a time (with the caller's own review on a logged-in session). */
export const getProductReviews = (client: Client, query: Partial<ReviewQuery> & { idProduto: number }) =>
  getJson(client, 'v2/front/evaluations/product', query, 'reviews');

/** A logged-in customer's review of a product (`evaluations/product`), shown once the team approves it. */
export const reviewProduct = (client: Client, body: Record<string, unknown>) =>
  sendJson(client, 'post', 'v2/front/evaluations/product', body, 'formAnswer');

/** Stop offers by e-mail through the signed link a marketing e-mail carries (no login needed). */
export const unsubscribeOffers = (client: Client, token: string) =>
  sendJson(client, 'post', `unsubscribe?t=${encodeURIComponent(token)}`, {}, 'formAnswer');
