// One concern: an order the team makes by hand in the panel (a sale by phone, WhatsApp or at the counter). Its
// lines become a draft cart of their own for the length of one request, so it is priced, quoted, checked and
// placed by the checkout's own code (orders/place.ts): the same prices, cash discount, stock and delivery.
import { eq } from 'drizzle-orm';
import { cartFingerprint } from '#/contract/order.ts';
import { ORDER_PAYMENT_LABELS } from '#/contract/order.ts';
import { handCustomerSchema } from '#/contract/staff-new-order.ts';
import type { HandOrder, HandPlaced, HandQuote } from '#/contract/staff-new-order.ts';
import type { Cart } from '#/contract/cart.ts';
import { createCustomer, findByLogin, takenBy } from '#/server/accounts/customers.ts';
import type { Customer } from '#/server/accounts/customers.ts';
import { loadCart } from '#/server/cart/cart.ts';
import { handlingDays, parcelGrams, quoteShipping } from '#/server/cart/shipping.ts';
import { carrierChoice, carriedLines, withCarriers } from '#/server/carriers/pricing.ts';
import { pricePolicy } from '#/server/catalog/price-policy.ts';
import { settingsInForce } from '#/server/content/settings.ts';
import type { StoreSettings } from '#/server/content/settings.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { badRequest, PlatformError } from '#/server/errors.ts';
import { finishName, mergedLines, sellable, variantsBySku } from './typed-lines.ts';
import { timesReais, toCents, toReais } from '#/server/lib/prices.ts';
import { offeredMethods } from './payments.ts';
import { placeOrder } from './place.ts';
import type { Buyer } from './place.ts';
import type { HandTerms } from './hand-terms.ts';

/** What making an order by hand needs of the platform: the checkout's own providers and settings. */
export type HandDeps = Omit<Buyer, 'customer' | 'session' | 'hand'> & Pick<HandTerms, 'actor' | 'record'>;

/** The draft cart of one new-order form: its lines live only while one request prices or places them. */
const draftSession = (chave: string) => `painel:${chave}`;

/** The form's lines as variants on sale, merged by SKU; an unknown, switched-off or short SKU is a 4xx. */
async function draftLines(db: Db, itens: HandOrder['itens']) {
  const wanted = mergedLines(itens);
  const bySku = await variantsBySku(db, [...wanted.keys()]);
  return [...wanted].map(([sku, quantity]) => {
    const row = sellable(bySku.get(sku), sku);
    const name = finishName(row);
    if (row.v.stock < quantity)
      throw new PlatformError(
        409,
        'cart_changed',
        row.v.stock > 0
          ? `Há só ${String(row.v.stock)} unidade(s) de ${name} (SKU ${row.v.sku}) em estoque.`
          : `${name} (SKU ${row.v.sku}) está esgotado.`,
      );
    return { productId: row.v.productId, variantId: row.v.id, quantity };
  });
}

/** Write the form's lines as the draft's cart (replacing what a click before left). */
async function writeDraft(db: Db, session: string, itens: HandOrder['itens']): Promise<void> {
  const lines = await draftLines(db, itens);
  await db.delete(t.cartItems).where(eq(t.cartItems.sessionId, session));
  await db.insert(t.cartItems).values(lines.map((line) => ({ sessionId: session, ...line })));
}

const dropDraft = (db: Db, session: string) =>
  db.delete(t.cartItems).where(eq(t.cartItems.sessionId, session));

/** The e-mail's account, or, for an e-mail with none, the new customer's fields checked (a 400 says which). */
async function customerOf(db: Db, cliente: HandOrder['cliente']) {
  const account = await findByLogin(db, cliente.email);
  if (account) return { account };
  const parsed = handCustomerSchema.safeParse(cliente);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? 'nome');
    throw new PlatformError(
      400,
      'validation',
      `Não há conta com o e-mail ${cliente.email}. ${issue?.message ?? ''}`.trim(),
      { [`cliente.${field}`]: issue?.message ?? '' },
    );
  }
  const taken = await takenBy(db, cliente.email, parsed.data.documento);
  if (taken === 'documento')
    throw new PlatformError(
      409,
      'document_taken',
      'Já existe uma conta com este CPF/CNPJ, com outro e-mail: use o e-mail dessa conta (veja em Clientes).',
    );
  return { fresh: parsed.data };
}

/** The payments the panel may take for this store now: its charges, and a payment already received. */
function handPayments(settings: StoreSettings, deps: HandDeps): HandQuote['pagamentos'] {
  const charges = offeredMethods(settings, deps.paymentProvider, deps.pixApi !== undefined).map((m) => ({
    id: m.id,
    label:
      m.id === 'pix'
        ? deps.pixApi
          ? 'Pix (cobrança do PSP, confirmada na hora)'
          : 'Pix (QR Code da loja, a equipe confere o extrato)'
        : `${m.label}: link de pagamento (${m.provider?.name ?? 'provedor'})`,
  }));
  return [...charges, { id: 'recebido', label: 'Já recebido (dinheiro, maquininha, Pix ou transferência)' }];
}

/** Whether the chosen payment takes the cash discount (Pix, boleto, cash, a transfer). */
function paidInCash(order: HandOrder, settings: StoreSettings, deps: HandDeps): boolean {
  if (order.pagamento === 'recebido') return order.recebidoCom !== 'cartao' && order.recebidoCom !== 'debito';
  const method = offeredMethods(settings, deps.paymentProvider, deps.pixApi !== undefined).find(
    (m) => m.id === order.pagamento,
  );
  return method?.aVista ?? false;
}

/** The quote of a priced draft: its lines, delivery options, payments and totals. */
async function quoteOf(db: Db, deps: HandDeps, order: HandOrder, settings: StoreSettings, cart: Cart) {
  const grams = await parcelGrams(db, carriedLines(cart));
  const table = quoteShipping(order.endereco.cep, cart.subtotal.valor, cart.quantidadeTotal, settings, grams);
  if (!table) throw badRequest('Não encontramos este CEP: confira os números do endereço de entrega.');
  const choice = await carrierChoice(db, deps.shippingProvider, order.endereco.cep, carriedLines(cart));
  const fretes = withCarriers(table, choice, handlingDays(settings)).fretes;
  const cash = paidInCash(order, settings, deps) ? cart.subtotal.descontoVista.desconto : 0;
  const chosen = fretes.find((f) => f.id === order.frete);
  const goods = toCents(cart.subtotal.valor) - toCents(cash) - toCents(order.desconto.valor);
  return {
    itens: cart.itens.map((i) => ({
      sku: i.sku,
      nome: i.nome,
      quantidade: i.quantidade,
      estoque: i.estoque,
      precoUnitario: i.precos.precoPor,
      total: timesReais(i.precos.precoPor, i.quantidade),
    })),
    fretes: fretes.map((f) => ({ id: f.id, label: f.label, prazo: f.prazo, valor: f.valor, tipo: f.tipo })),
    pagamentos: handPayments(settings, deps),
    valores: {
      subtotal: cart.subtotal.valor,
      descontoVista: cash,
      descontoLoja: order.desconto.valor,
      ...(chosen ? { frete: chosen.valor, total: toReais(goods + toCents(chosen.valor)) } : {}),
    },
    conferencia: cartFingerprint(cart, fretes),
  };
}

/**
 * The order as it would be placed now (nothing is kept): each line with its price and stock, the delivery
 * options for the address, the payments, and the totals with the chosen option.
 */
export async function quoteHandOrder(db: Db, deps: HandDeps, order: HandOrder): Promise<HandQuote> {
  const settings = await settingsInForce(db, deps);
  const customer = await customerOf(db, order.cliente);
  const session = draftSession(order.chave);
  await writeDraft(db, session, order.itens);
  try {
    const cart = await loadCart(db, deps.origin, pricePolicy(settings, deps.paymentProvider), session);
    const quote = await quoteOf(db, deps, order, settings, cart);
    const nome = customer.account?.name ?? customer.fresh?.nome ?? '';
    return { cliente: { conta: customer.account !== undefined, nome, email: order.cliente.email }, ...quote };
  } finally {
    await dropDraft(db, session);
  }
}

/** The account the order goes to: the e-mail's, or a new one without a password (made before the order). */
async function accountFor(
  db: Db,
  cliente: HandOrder['cliente'],
): Promise<{ customer: Customer; fresh: boolean }> {
  const found = await customerOf(db, cliente);
  if (found.account) return { customer: found.account, fresh: false };
  const { nome, documento, celular } = found.fresh;
  const id = await createCustomer(db, {
    email: cliente.email,
    pessoa: documento.length === 14 ? 'J' : 'F',
    document: documento,
    name: nome,
    phone: celular,
    // No password: the customer makes one with "Esqueci minha senha" to follow the order on the site.
    passwordHash: '',
  });
  const made = await findByLogin(db, cliente.email);
  if (!made) throw new Error(`account of ${cliente.email} vanished after it was made`);
  return { customer: made, fresh: id !== undefined };
}

/**
 * Place the order: the account (found or made), then the checkout's placement with the team's terms: the
 * channel, the address typed, the discount and why, and the payment (a charge, or already received). A price,
 * stock or quote that changed since the quote stops it with what changed; the same `chave` answers the order
 * it made.
 */
export async function placeHandOrder(db: Db, deps: HandDeps, order: HandOrder): Promise<HandPlaced> {
  if (!order.frete) throw badRequest('Escolha uma forma de entrega (calcule o frete primeiro).');
  if (!order.conferencia) throw badRequest('Calcule o pedido antes de criá-lo.');
  const { customer, fresh } = await accountFor(db, order.cliente);
  const session = draftSession(order.chave);
  const { destinatario, ...typed } = order.endereco;
  await writeDraft(db, session, order.itens);
  try {
    const placed = await placeOrder(
      db,
      {
        ...deps,
        customer,
        session,
        hand: {
          canal: order.canal,
          actor: deps.actor,
          address: { ...typed, nome: destinatario || customer.name },
          discount: order.desconto,
          received: order.pagamento === 'recebido' ? order.recebidoCom : undefined,
          record: deps.record,
        },
      },
      {
        frete: order.frete,
        pagamento: order.pagamento === 'recebido' ? 'pix' : order.pagamento,
        endereco: 0,
        conferencia: order.conferencia,
        chave: order.chave,
      },
    );
    return { numero: placed.number, criado: placed.created, contaNova: fresh };
  } catch (error) {
    // The checkout's words to a shopper become the team's: nothing is in a "sacola" here.
    if (error instanceof PlatformError && error.code === 'payment_failed')
      throw new PlatformError(
        502,
        'payment_failed',
        `O provedor não gerou a cobrança (${ORDER_PAYMENT_LABELS[order.pagamento === 'recebido' ? 'pix' : order.pagamento]}): o pedido foi cancelado, nada foi cobrado e o estoque voltou. Tente de novo ou escolha outra forma de pagamento.`,
      );
    if (error instanceof PlatformError && error.code === 'cart_changed')
      throw new PlatformError(409, 'cart_changed', handChanged(error.message));
    throw error;
  } finally {
    await dropDraft(db, session);
  }
}

/** The checkout's "values changed" said to the team: calculate again. */
const handChanged = (message: string) =>
  message.startsWith('Os valores do seu pedido mudaram')
    ? 'Um preço, o estoque ou o frete mudou desde o cálculo: calcule o pedido de novo e confira os valores.'
    : message;
