import { quoteCartShipping, removeLine, setQuantity } from '#/api/cart.ts';
import { ApiError } from '#/api/http.ts';
import type { Client } from '#/api/http.ts';
import { cartRemoveSchema, cartUpdateSchema } from '#/contract/cart.ts';
import type { Cart } from '#/contract/cart.ts';
import type { Shipping } from '#/contract/shipping.ts';
import { formFields } from '#/lib/forms.ts';
import { htmlToText } from '#/lib/html-rules.ts';

export type Notice = { text: string; error: boolean };

/** What a post to the cart page changed, for the page to show. */
export type CartPost = { cart?: Cart; notice?: Notice; quote?: Shipping; cep?: string; cepError?: string };

/**
 * The cart page's forms without JavaScript (`acao`): `quantidade` ('−', '+' or the typed value), `remover`,
 * and `frete` (a quote for a CEP). Lines and quantities are read with the contract's own schemas, so the
 * page refuses exactly what the API refuses, in the same words. A 4xx from the platform becomes a notice;
 * anything else is thrown to the error page.
 */
export async function answerCartPost(client: Client, request: Request): Promise<CartPost> {
  const fields = await formFields(request);
  const action = fields['acao'];
  try {
    if (action === 'frete') {
      const cep = (fields['cep'] ?? '').trim();
      return { cep, quote: await quoteCartShipping(client, cep) };
    }
    if (action === 'remover') {
      const line = cartRemoveSchema.safeParse(fields);
      if (!line.success) return { notice: { text: 'Este item não está na sua sacola.', error: true } };
      return {
        cart: await removeLine(client, line.data),
        notice: { text: 'Produto removido da sacola.', error: false },
      };
    }
    if (action === 'quantidade') {
      // '−' and '+' send `passo`; the field (Enter or 'Atualizar') sends `quantidade`.
      const typed = (fields['passo'] ?? fields['quantidade'] ?? '').trim();
      const line = cartUpdateSchema.safeParse({ ...fields, quantidade: typed });
      if (!line.success)
        return { notice: { text: line.error.issues[0]?.message ?? 'Quantidade inválida.', error: true } };
      const cart = await setQuantity(client, line.data, line.data.quantidade);
      const message = cart.mensagens[0];
      return {
        cart,
        notice: message
          ? { text: htmlToText(message.mensagem), error: message.tipo === 'erro' }
          : { text: 'Quantidade atualizada.', error: false },
      };
    }
    return {};
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    if (action === 'frete')
      return { cep: (fields['cep'] ?? '').trim(), cepError: error.fields['cep'] ?? error.mensagem };
    return { notice: { text: error.mensagem, error: true } };
  }
}
