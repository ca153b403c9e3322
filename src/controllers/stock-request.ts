import { requestStockNotice } from '#/api/forms.ts';
import type { Answer, FormOutcome } from './answer.ts';
import { redirect, submitFields } from './answer.ts';
import { postedFields, safeBack } from './fields.ts';
import { visitorClient } from './visit.ts';
import type { Visit } from './visit.ts';

export type StockRequestView = {
  outcome: FormOutcome;
  /** The product page the form came from. */
  back: string;
  /** The finish asked for, to post the form again. */
  product: string;
  variant: string;
};

/**
 * "Avise-me quando chegar" from a sold-out finish (posted here with or without JavaScript): the promise, or
 * the form again with a message per field. Nothing to see without a post.
 */
export async function stockRequestPage(visit: Visit): Promise<Answer<StockRequestView>> {
  const fields = await postedFields(visit.request);
  if (!fields) return redirect('/');
  const client = visitorClient(visit);
  const product = fields['idProduto'] ?? '';
  const variant = fields['idAtributoValor'] ?? '';
  const outcome = await submitFields(fields, (posted) =>
    requestStockNotice(client, {
      idProduto: product,
      idAtributoValor: variant,
      nome: posted['nome'] ?? '',
      email: posted['email'] ?? '',
      website: posted['website'] ?? '',
    }),
  );
  return { status: outcome.status, view: { outcome, back: safeBack(fields['retorno']), product, variant } };
}
