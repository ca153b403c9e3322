import { quoteProductShipping } from '#/api/cart.ts';
import type { Shipping } from '#/contract/shipping.ts';
import type { Answer } from './answer.ts';
import { refusal } from './answer.ts';
import { safeBack } from './fields.ts';
import { keepIssuedSession, visitorClient } from './visit.ts';
import type { Visit } from './visit.ts';

export type ShippingQuote = {
  idProduto: number;
  idAtributoValor: number;
  cep: string;
  quote: Shipping | undefined;
  error: string | undefined;
  /** Back to the product the form came from (a path of this store only), whatever the Referer says. */
  returnTo: string;
};

/**
 * The product page's 'Calcule o frete' (a GET form, so it works without JavaScript): the options for one
 * product and finish to a CEP, with the way back to the product.
 */
export async function shippingQuotePage(visit: Visit): Promise<Answer<ShippingQuote>> {
  const params = visit.url.searchParams;
  const int = (name: string) => (/^\d{1,9}$/.test(params.get(name) ?? '') ? Number(params.get(name)) : 0);
  const view: ShippingQuote = {
    idProduto: int('produto'),
    idAtributoValor: int('variante'),
    cep: (params.get('cep') ?? '').trim(),
    quote: undefined,
    error: undefined,
    returnTo: safeBack(params.get('retorno'), '/'),
  };
  if (!view.idProduto) return { view: { ...view, error: 'Escolha um produto para calcular o frete.' } };
  const client = visitorClient(visit);
  try {
    const { cep, idProduto, idAtributoValor } = view;
    view.quote = await quoteProductShipping(client, { cep, idProduto, idAtributoValor, quantidade: 1 });
    keepIssuedSession(visit, client);
    return { view };
  } catch (failure) {
    const refused = refusal(failure);
    return { status: refused.status, view: { ...view, error: refused.fields['cep'] ?? refused.mensagem } };
  }
}
