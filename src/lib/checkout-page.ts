import { randomBytes } from 'node:crypto';
import { getAddresses, getUser } from '#/api/account.ts';
import { getCart, quoteCartShipping } from '#/api/cart.ts';
import { ApiError } from '#/api/http.ts';
import type { Client } from '#/api/http.ts';
import { getPaymentMethods, placeOrder } from '#/api/orders.ts';
import type { Endereco } from '#/contract/account.ts';
import type { Cart } from '#/contract/cart.ts';
import { cartFingerprint } from '#/contract/order.ts';
import type { MetodoPagamento, PaymentMethod } from '#/contract/order.ts';
import type { Shipping } from '#/contract/shipping.ts';
import type { User } from '#/contract/user.ts';
import { formFields } from '#/lib/forms.ts';

/** Everything the checkout page shows. */
export type Checkout = {
  user: User;
  cart: Cart;
  /** The customer's delivery addresses (the account's first), and the one this order goes to. */
  enderecos: Endereco[];
  endereco: Endereco;
  /** Options for the address's CEP; absent when the address has no valid CEP yet. */
  quote?: Shipping | undefined;
  /** Why there are no options (a CEP the platform does not know). */
  quoteError?: string | undefined;
  /** The option ticked: the shopper's last choice, else the first. */
  frete: string;
  /** The payment methods offered (Pix alone unless a provider is configured), and the one ticked. */
  metodos: MetodoPagamento[];
  pagamento: PaymentMethod | undefined;
  /** Why the order did not go through (a changed cart, an incomplete address…), with the platform's status. */
  refusal?: { mensagem: string; status: number } | undefined;
  /** What the page shows about the cart, sent back with the order so a change in between stops it. */
  conferencia: string;
  /** One per page view: the same form posted twice is one order. */
  chave: string;
};

/** Where the checkout sends the visitor instead: login first, an empty cart back to the cart. */
export type Detour = { redirect: string };

const LOGIN = '/checkout/acesso?retorno=%2Fcheckout%2Fpagamento';

/**
 * The checkout's GET and POST. A POST places the order (the platform recomputes every price) and goes to
 * its page; a refusal (409 cart changed, 400 address or option) shows the page again, with fresh values
 * and the reason. Anything else is thrown to the error page.
 */
export async function checkout(
  client: Client,
  request: Request,
): Promise<Checkout | Detour | { placed: number }> {
  let refusal: Checkout['refusal'];
  let chosen: string | undefined;
  let paying: string | undefined;
  let key: string | undefined;
  // The address chosen on /checkout/endereco comes in the URL, then with the form.
  let where = new URL(request.url).searchParams.get('endereco') ?? undefined;
  if (request.method === 'POST') {
    const fields = await formFields(request);
    where = fields['endereco'];
    chosen = fields['frete'];
    paying = fields['pagamento'];
    try {
      const pedido = await placeOrder(client, {
        frete: fields['frete'] ?? '',
        endereco: Number(where ?? 0),
        // Whatever was posted goes to the platform, which refuses an unknown method with its message.
        pagamento: (paying ?? '') as PaymentMethod,
        conferencia: fields['conferencia'] ?? '',
        chave: fields['chave'] ?? '',
      });
      return { placed: pedido.numero };
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      // The provider could not charge: that order was cancelled and the cart is back; a new key tries again.
      if (failure.code === 'payment_failed') refusal = { mensagem: failure.mensagem, status: failure.status };
      else {
        if (failure.status >= 500) throw failure;
        if (failure.status === 401) return { redirect: LOGIN };
        refusal = { mensagem: failure.mensagem, status: failure.status };
        // Nothing was placed with this key: the next try may keep it (a double click stays one order).
        key = fields['chave'];
      }
    }
  }
  const user = await getUser(client);
  if (!user.logado) return { redirect: LOGIN };
  const cart = await getCart(client);
  if (cart.itens.length === 0) return { redirect: '/checkout/carrinho/' };
  const enderecos = await getAddresses(client);
  const [account] = enderecos;
  if (!account) throw new Error('the platform answered no account address');
  // An address removed since (or a stale link) falls back to the account's own.
  const endereco = enderecos.find((e) => String(e.id) === where) ?? account;
  const { quote, quoteError } = await quoteFor(client, endereco.cep);
  const frete = quote?.fretes.find((f) => f.id === chosen)?.id ?? quote?.fretes[0]?.id ?? '';
  const metodos = await getPaymentMethods(client);
  const pagamento = metodos.find((m) => m.id === paying)?.id ?? metodos[0]?.id;
  return {
    user,
    cart,
    enderecos,
    endereco,
    quote,
    quoteError,
    frete,
    metodos,
    pagamento,
    refusal,
    conferencia: cartFingerprint(cart),
    chave: key && /^[A-Za-z0-9_-]{16,64}$/.test(key) ? key : randomBytes(16).toString('base64url'),
  };
}

/** Shipping options for the customer's CEP, or why there are none (no CEP yet, one the platform refuses). */
async function quoteFor(client: Client, cep: string): Promise<Pick<Checkout, 'quote' | 'quoteError'>> {
  if (!cep) return { quoteError: 'Informe o CEP do seu endereço para ver as formas de entrega.' };
  try {
    return { quote: await quoteCartShipping(client, cep) };
  } catch (failure) {
    if (!(failure instanceof ApiError) || failure.status >= 500) throw failure;
    return { quoteError: failure.fields['cep'] ?? failure.mensagem };
  }
}
