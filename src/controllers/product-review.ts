import { getProductReviews, reviewProduct } from '#/api/forms.ts';
import type { ReviewList } from '#/contract/review.ts';
import type { Answer, FormOutcome } from './answer.ts';
import { redirect, refusal, submitFields } from './answer.ts';
import { postedFields } from './fields.ts';
import { loginFor, requireLogin, visitorClient } from './visit.ts';
import type { Visit } from './visit.ts';

export type ProductReviewView =
  | { kind: 'missing' }
  | {
      kind: 'form' | 'done';
      produto: ReviewList['produto'];
      /** This customer's review already written (then no form). */
      minha: ReviewList['minha'];
      form: FormOutcome | undefined;
      /** What the form starts with: the stars chosen on the product page, the customer's short name. */
      start: Readonly<Record<string, string>>;
    };

/** "Ana Souza Lima" → "Ana L.": how reviews are signed unless the customer writes another name. */
const shortName = (full: string) => {
  const words = full.trim().split(/\s+/).filter(Boolean);
  const [first = '', ...rest] = words;
  const last = rest.at(-1);
  return last ? `${first} ${last[0]?.toUpperCase() ?? ''}.` : first;
};

/**
 * Writing a review of one product (`/avaliar?produto=<id>`, from the product page or the delivery e-mail):
 * a guest logs in and comes back (stars chosen on the product page kept in the query), a customer who has
 * reviewed it already reads where that review stands, a post sends it to the platform for approval.
 */
export async function productReviewPage(visit: Visit): Promise<Answer<ProductReviewView>> {
  const id = visit.url.searchParams.get('produto') ?? '';
  if (!/^[1-9]\d{0,8}$/.test(id)) return { view: { kind: 'missing' }, status: 404 };
  const client = visitorClient(visit);
  const login = await requireLogin(client, visit);
  if ('redirect' in login) return redirect(login.redirect, 302);
  let reviews: ReviewList;
  try {
    reviews = await getProductReviews(client, { idProduto: Number(id), limit: 0 });
  } catch (error) {
    if (refusal(error).status === 404) return { view: { kind: 'missing' }, status: 404 };
    throw error;
  }
  const nota = visit.url.searchParams.get('nota') ?? '';
  const start = {
    nome: shortName(login.user.nomeRazao),
    ...(/^[1-5]$/.test(nota) ? { nota } : {}),
  };
  const base = { produto: reviews.produto, minha: reviews.minha, start };
  const fields = await postedFields(visit.request);
  if (!fields || reviews.minha) return { view: { kind: 'form', ...base, form: undefined } };
  const form = await submitFields(fields, (posted) =>
    reviewProduct(client, { ...posted, idProduto: Number(id) }),
  );
  // The session ended between the page and the post: log in again (what was typed is lost; say nothing).
  if (form.status === 401) return redirect(loginFor(visit.url.pathname + visit.url.search));
  return { view: { kind: form.notice.error ? 'form' : 'done', ...base, form }, status: form.status };
}
