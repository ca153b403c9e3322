import { getUser } from '#/api/account.ts';
import {
  addToCart,
  applyCoupon,
  getCart,
  quoteCartShipping,
  removeCoupon,
  removeLine,
  setQuantity,
} from '#/api/cart.ts';
import { ApiError, createClient } from '#/api/http.ts';
import type { Client } from '#/api/http.ts';
import { getLayoutData } from '#/api/layout.ts';
import { cartAddSchema, cartRemoveSchema, cartUpdateSchema } from '#/contract/cart.ts';
import type { Cart } from '#/contract/cart.ts';
import type { Shipping } from '#/contract/shipping.ts';
import type { User } from '#/contract/user.ts';
import type { LayoutData } from '#/api/layout.ts';
import { htmlToText } from '#/lib/html-rules.ts';
import type { Answer, Notice } from './answer.ts';
import { redirect, refusal } from './answer.ts';
import { byAction, postedFields } from './fields.ts';
import type { Fields } from './fields.ts';
import { keepIssuedSession, visitorClient } from './visit.ts';
import type { Visit } from './visit.ts';

/** What a post to the cart page changed, for the page to show. */
type CartPost = {
  cart?: Cart;
  notice?: Notice;
  quote?: Shipping;
  cep?: string;
  cepError?: string;
  /** The code typed in 'Cupom de desconto' and why it was refused. */
  coupon?: { code: string; error: string };
};

export type CartView = {
  /** The cart, or why it could not be read (the page shows the error instead). */
  cart: Cart | undefined;
  failure: ApiError | undefined;
  layout: LayoutData | undefined;
  user: User | undefined;
  notice: Notice | undefined;
  /** A coupon code the platform refused, as typed, and its reason. */
  coupon: { code: string; error: string } | undefined;
  /** The CEP in the calculator, its digits, its error and its options (`posted`: quoted by this post). */
  cep: string;
  cepDigits: string;
  cepError: string | undefined;
  quote: Shipping | undefined;
  posted: Shipping | undefined;
  /** How much is missing for free shipping (0: reached), or undefined; `askCep`: a CEP would tell. */
  missing: number | undefined;
  askCep: boolean;
};

/**
 * The full cart without JavaScript: quantities and removal are forms posting to it (`acao`), 'Calcule o
 * frete' quotes the cart for a CEP, and the free-shipping line follows the store's configuration.
 */
export async function cartPage(visit: Visit): Promise<Answer<CartView>> {
  const client = visitorClient(visit);
  const fields = await postedFields(visit.request);
  let post: CartPost = {};
  let failure: ApiError | undefined;
  let cart: Cart | undefined;
  try {
    if (fields) post = await answerCartPost(client, fields);
    cart = post.cart ?? (await getCart(client));
    keepIssuedSession(visit, client);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    failure = error;
  }
  const origin = visit.url.origin;
  const [layout, user] = await Promise.all([
    getLayoutData(createClient(origin), origin).catch(() => undefined),
    getUser(client).catch(() => undefined),
  ]);
  const cep = post.cep?.length ? post.cep : (user?.endereco.cep ?? '');
  const cepDigits = cep.replace(/\D/g, '');
  // A CEP the shopper already gave (account, a product's calculator) is quoted at once.
  const known = !post.cep && !post.cepError && cart?.itens.length && cepDigits.length === 8;
  const quote = post.quote ?? (known ? await quoteCartShipping(client, cep).catch(unquoted) : undefined);
  // The free-shipping alert: the store's fixed value when set to use it, else what the CEP's region needs.
  const freeShipping = layout?.settings.checkout.alertaFreteGratis;
  const missing =
    !cart || !freeShipping?.ativo
      ? undefined
      : freeShipping.usarValorFixo
        ? Math.max(0, Math.round((freeShipping.valorFixo - cart.subtotal.valor) * 100) / 100)
        : quote?.faltaFreteGratis;
  const askCep = Boolean(freeShipping?.ativo && !freeShipping.usarValorFixo && missing === undefined);
  return {
    status: failure ? (failure.status >= 500 ? 503 : failure.status) : undefined,
    view: {
      cart,
      failure,
      layout,
      user,
      notice: post.notice,
      coupon: post.coupon,
      cep,
      cepDigits,
      cepError: post.cepError,
      quote,
      posted: post.quote,
      missing,
      askCep,
    },
  };
}

/**
 * The cart page's buttons: `quantidade` ('−', '+' or the typed value), `remover`, and `frete` (a quote for
 * a CEP). Lines and quantities are read with the contract's own schemas, so the page refuses exactly what
 * the API refuses, in the same words. A 4xx from the platform becomes a notice; anything else is thrown.
 */
function answerCartPost(client: Client, fields: Fields): Promise<CartPost> {
  return byAction<CartPost>(
    fields,
    {
      ...couponActions(client),
      frete: async ({ cep = '' }) => {
        try {
          return { cep: cep.trim(), quote: await quoteCartShipping(client, cep.trim()) };
        } catch (error) {
          const refused = refusal(error);
          return { cep: cep.trim(), cepError: refused.fields['cep'] ?? refused.mensagem };
        }
      },
      remover: async (posted) => {
        const line = cartRemoveSchema.safeParse(posted);
        if (!line.success) return { notice: { text: 'Este item não está na sua sacola.', error: true } };
        return noticeOnRefusal(async () => ({
          cart: await removeLine(client, line.data),
          notice: { text: 'Produto removido da sacola.', error: false },
        }));
      },
      quantidade: async (posted) => {
        // '−' and '+' send `passo`; the field (Enter or 'Atualizar') sends `quantidade`.
        const typed = (posted['passo'] ?? posted['quantidade'] ?? '').trim();
        const line = cartUpdateSchema.safeParse({ ...posted, quantidade: typed });
        if (!line.success)
          return { notice: { text: line.error.issues[0]?.message ?? 'Quantidade inválida.', error: true } };
        return noticeOnRefusal(async () => {
          const cart = await setQuantity(client, line.data, line.data.quantidade);
          const message = cart.mensagens[0];
          return {
            cart,
            notice: message
              ? { text: htmlToText(message.mensagem), error: message.tipo === 'erro' }
              : { text: 'Quantidade atualizada.', error: false },
          };
        });
      },
    },
    () => Promise.resolve({}),
  );
}

/**
 * 'Cupom de desconto' (`cupom`: apply the typed code; `tirar-cupom`: take it off), shared by the cart page
 * and the checkout. A code the platform refuses stays typed, with its reason under the field.
 */
export function couponActions(client: Client) {
  return {
    cupom: async ({ codigo = '' }: Fields): Promise<CartPost> => {
      const code = codigo.trim();
      if (!code) return { coupon: { code, error: 'Digite o código do cupom.' } };
      try {
        const cart = await applyCoupon(client, code);
        return { cart, notice: { text: `Cupom ${cart.cupom?.codigo ?? code} aplicado.`, error: false } };
      } catch (error) {
        return { coupon: { code, error: refusal(error).mensagem } };
      }
    },
    'tirar-cupom': async (): Promise<CartPost> => ({
      cart: await removeCoupon(client),
      notice: { text: 'Cupom removido.', error: false },
    }),
  };
}

/** A CEP quoted by itself that the platform cannot quote: the page just shows no options. */
function unquoted(error: unknown): undefined {
  if (error instanceof ApiError) return undefined;
  throw error;
}

/** A change the platform refused (4xx) is said above the cart, which stays as it was. */
async function noticeOnRefusal(change: () => Promise<CartPost>): Promise<CartPost> {
  try {
    return await change();
  } catch (error) {
    return { notice: { text: refusal(error).mensagem, error: true } };
  }
}

/** Why 'Comprar' did not add the product, for the error page. */
export type AddRefused = { status: number; message: string };

/**
 * The product page's 'Comprar' form without JavaScript (`POST /carrinho/adicionar`): add to the cart, then
 * go to the cart (303, so a reload does not post again). Read with the contract's own schema (digit
 * strings are numbers), so the page refuses what the API would.
 */
export async function addToCartPage(visit: Visit): Promise<Answer<AddRefused>> {
  const fields = await postedFields(visit.request);
  if (!fields) return redirect('/checkout/carrinho/');
  const item = cartAddSchema.safeParse({
    itens: [
      {
        idProduto: fields['idProduto'],
        idAtributoSimples: fields['idAtributoSimples'] === '' ? undefined : fields['idAtributoSimples'],
        quantidade: fields['quantidade'],
      },
    ],
  });
  if (!item.success) {
    const issue = item.error.issues[0];
    // A bad quantity is the shopper's to fix (the contract's words); a bad product id is not.
    const message =
      issue?.path.at(-1) === 'quantidade'
        ? issue.message
        : 'Não foi possível identificar o produto. Volte e tente de novo.';
    return { status: 400, view: { status: 400, message } };
  }
  const client = visitorClient(visit);
  try {
    const [line] = item.data.itens;
    if (line) await addToCart(client, line);
    keepIssuedSession(visit, client);
    return redirect('/checkout/carrinho/');
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: error.status, view: { status: error.status, message: error.mensagem } };
  }
}
