import { randomBytes } from 'node:crypto';
import { getAddresses, getUser } from '#/api/account.ts';
import { getCart, quoteCartShipping } from '#/api/cart.ts';
import { ApiError } from '#/api/http.ts';
import type { Client } from '#/api/http.ts';
import { getPaymentMethods, placeOrder } from '#/api/orders.ts';
import type { Endereco } from '#/contract/account.ts';
import type { Cart } from '#/contract/cart.ts';
import { cartFingerprint, orderPlaceSchema } from '#/contract/order.ts';
import type { MetodoPagamento, PaymentMethod } from '#/contract/order.ts';
import type { Shipping } from '#/contract/shipping.ts';
import type { User } from '#/contract/user.ts';
import type { Answer } from './answer.ts';
import { redirect, refusal } from './answer.ts';
import { couponActions } from './cart.ts';
import { postedFields } from './fields.ts';
import { keepIssuedSession, loginFor, visitorClient } from './visit.ts';
import type { Visit } from './visit.ts';

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
  /** A coupon code the platform refused, as typed, and its reason. */
  coupon?: { code: string; error: string } | undefined;
};

const LOGIN = loginFor('/checkout/pagamento');

/**
 * The checkout's GET and POST. A POST is read with the contract's schema and places the order (the
 * platform recomputes every price), then goes to its page; a refusal (409 cart changed, 400 address or
 * option, a provider that could not charge) shows the page again, with fresh values and the reason.
 */
export async function checkoutPage(visit: Visit): Promise<Answer<Checkout>> {
  const client = visitorClient(visit);
  const answer = await checkout(client, visit);
  keepIssuedSession(visit, client);
  if ('view' in answer) return { view: answer.view, status: answer.view.refusal?.status };
  return answer;
}

async function checkout(client: Client, visit: Visit): Promise<{ view: Checkout } | { redirect: string }> {
  let refused: Checkout['refusal'];
  let key: string | undefined;
  const fields = (await postedFields(visit.request)) ?? {};
  // The address chosen on /checkout/endereco comes in the URL, then with the form.
  const where = visit.request.method === 'POST' ? fields['endereco'] : visit.url.searchParams.get('endereco');
  let coupon: Checkout['coupon'];
  const acao = fields['acao'];
  if (visit.request.method === 'POST' && (acao === 'cupom' || acao === 'tirar-cupom')) {
    // 'Cupom de desconto': the summary shows the new totals; a refused code stays typed with its reason.
    coupon = (await couponActions(client)[acao](fields)).coupon;
    if (!coupon) return redirect(`/checkout/pagamento?endereco=${encodeURIComponent(where ?? '0')}`);
  } else if (visit.request.method === 'POST') {
    const order = orderPlaceSchema.safeParse(fields);
    // Nothing is placed on a refusal: the next try may keep this key, so a double click stays one order.
    key = fields['chave'];
    // The platform reads the order with the same schema: the first problem, in its words and status.
    if (!order.success)
      refused = { mensagem: order.error.issues[0]?.message ?? 'Pedido inválido.', status: 400 };
    else
      try {
        const pedido = await placeOrder(client, order.data);
        // Card and boleto are paid on the provider's page: the buyer goes there at once (a plain redirect;
        // the page's form-action allows that origin), and comes back to the order's page.
        const hosted = pedido.pagamento.metodo !== 'pix' ? pedido.pagamento.url : undefined;
        return redirect(hosted ?? `/checkout/pedido/${String(pedido.numero)}?novo=1`);
      } catch (failure) {
        // The provider could not charge: that order was cancelled and the cart is back; a new key tries again.
        if (failure instanceof ApiError && failure.code === 'payment_failed') key = undefined;
        else if (refusal(failure).status === 401) return redirect(LOGIN);
        const { mensagem, status } = failure as ApiError;
        refused = { mensagem, status };
      }
  }
  const user = await getUser(client);
  if (!user.logado) return redirect(LOGIN);
  const cart = await getCart(client);
  if (cart.itens.length === 0) return redirect('/checkout/carrinho/');
  const enderecos = await getAddresses(client);
  const [account] = enderecos;
  if (!account) throw new Error('the platform answered no account address');
  // An address removed since (or a stale link) falls back to the account's own.
  const endereco = enderecos.find((e) => String(e.id) === (where ?? undefined)) ?? account;
  const { quote, quoteError } = await quoteFor(client, endereco.cep);
  const frete = quote?.fretes.find((f) => f.id === fields['frete'])?.id ?? quote?.fretes[0]?.id ?? '';
  const metodos = await getPaymentMethods(client);
  const pagamento = metodos.find((m) => m.id === fields['pagamento'])?.id ?? metodos[0]?.id;
  const view: Checkout = {
    user,
    cart,
    enderecos,
    endereco,
    quote,
    quoteError,
    frete,
    metodos,
    pagamento,
    refusal: refused,
    conferencia: cartFingerprint(cart, quote?.fretes),
    chave: key && /^[A-Za-z0-9_-]{16,64}$/.test(key) ? key : randomBytes(16).toString('base64url'),
    coupon,
  };
  return { view };
}

/** Shipping options for the customer's CEP, or why there are none (no CEP yet, one the platform refuses). */
async function quoteFor(client: Client, cep: string): Promise<Pick<Checkout, 'quote' | 'quoteError'>> {
  if (!cep) return { quoteError: 'Informe o CEP do seu endereço para ver as formas de entrega.' };
  try {
    return { quote: await quoteCartShipping(client, cep) };
  } catch (failure) {
    const refused = refusal(failure);
    return { quoteError: refused.fields['cep'] ?? refused.mensagem };
  }
}
