import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { CART_LINES_MAX } from '#/contract/cart.ts';
import type { Cart, CartItem } from '#/contract/cart.ts';
import { touchSession } from '#/server/accounts/sessions.ts';
import type { Db } from '#/server/db/client.ts';
import type { PaymentProvider } from '#/server/orders/payments.ts';
import * as t from '#/server/db/schema.ts';
import { notFound, PlatformError } from '#/server/errors.ts';
import { percentOf, sumReais, timesReais, toCents, toReais } from '#/server/lib/prices.ts';
import { productImages } from '#/server/catalog/media-urls.ts';
import { currentPricePolicy, installments } from '#/server/catalog/price-policy.ts';
import type { PricePolicy } from '#/server/catalog/price-policy.ts';
import { FINISH_ATTRIBUTE } from '#/server/catalog/products.ts';
import { productPath } from '#/server/catalog/urls.ts';
import { sessionCoupon } from '#/server/promotions/coupons.ts';

type Message = Cart['mensagens'][number];

/** What a finish has for sale: its stock, or nothing once its product is switched off. */
const saleable = sql<number>`case when ${t.products.active} then ${t.variants.stock} else 0 end`;

/** The variant a line refers to, checked against its product; a bad pair is a 4xx, never a line. */
async function findVariant(db: Db, productId: number, variantId: number) {
  const [row] = await db
    .select({ id: t.variants.id, stock: saleable, name: t.products.name })
    .from(t.variants)
    .innerJoin(t.products, eq(t.products.id, t.variants.productId))
    .where(and(eq(t.variants.productId, productId), eq(t.variants.id, variantId)));
  if (row) return row;
  const [product] = await db
    .select({ id: t.products.id })
    .from(t.products)
    .where(eq(t.products.id, productId));
  if (!product) throw new PlatformError(404, 'product_not_found', 'Produto não encontrado.');
  throw new PlatformError(
    400,
    'variant_required',
    variantId === 0 ? 'Escolha o acabamento antes de comprar.' : 'Este acabamento não pertence ao produto.',
  );
}

const capped = (name: string, stock: number): Message =>
  stock > 0
    ? {
        tipo: 'alerta',
        mensagem: `Temos apenas <strong>${String(stock)}</strong> unidade(s) de ${name} em estoque; ajustamos a quantidade.`,
      }
    : { tipo: 'erro', mensagem: `${name} está indisponível no momento.` };

/** What a shopper asks of one line: this finish (variant) of this product, this many. */
export type CartLine = { productId: number; variantId: number; quantity: number };

/** The cart line of one variant in one session (lines are keyed by session and variant). */
const lineOf = (session: string, variantId: number) =>
  and(eq(t.cartItems.sessionId, session), eq(t.cartItems.variantId, variantId));

/** Add to a line atomically: the stored quantity is min(old + added, stock), whatever runs at the same time. */
export async function addToCart(
  db: Db,
  session: string,
  { productId, variantId, quantity }: CartLine,
): Promise<Message[]> {
  const variant = await findVariant(db, productId, variantId);
  if (variant.stock <= 0) return [capped(variant.name, 0)];
  const stockOf = sql`(SELECT ${t.variants.stock} FROM ${t.variants} WHERE ${t.variants.id} = ${variantId})`;
  const [before] = await db
    .select({ quantity: t.cartItems.quantity })
    .from(t.cartItems)
    .where(lineOf(session, variantId));
  if (!before) {
    const [lines] = await db
      .select({ n: count() })
      .from(t.cartItems)
      .where(eq(t.cartItems.sessionId, session));
    if ((lines?.n ?? 0) >= CART_LINES_MAX)
      throw new PlatformError(
        400,
        'cart_full',
        `Seu carrinho já tem ${String(CART_LINES_MAX)} produtos diferentes, o máximo por pedido. Finalize esta compra ou remova um item.`,
      );
  }
  await touchSession(db, session);
  const [after] = await db
    .insert(t.cartItems)
    .values({ sessionId: session, productId, variantId, quantity: sql`LEAST(${quantity}, ${stockOf})` })
    .onConflictDoUpdate({
      target: [t.cartItems.sessionId, t.cartItems.variantId],
      set: { quantity: sql`LEAST(${t.cartItems.quantity} + ${quantity}, ${stockOf})` },
    })
    .returning({ quantity: t.cartItems.quantity });
  // A cart that had nothing is a cart started, counted for the dashboard's conversion (no tracking).
  if (!before && (after?.quantity ?? 0) > 0)
    await db
      .insert(t.cartsStarted)
      .values({ sessionId: session })
      .onConflictDoNothing({
        target: t.cartsStarted.sessionId,
        where: sql`${t.cartsStarted.orderedAt} is null`,
      });
  return (after?.quantity ?? 0) < (before?.quantity ?? 0) + quantity
    ? [capped(variant.name, variant.stock)]
    : [];
}

/** Set a line's quantity (absolute), capped to stock; a line not in the cart is a 404. */
export async function setCartQuantity(
  db: Db,
  session: string,
  { productId, variantId, quantity }: CartLine,
): Promise<Message[]> {
  const variant = await findVariant(db, productId, variantId);
  const stored = Math.min(quantity, variant.stock);
  const where = lineOf(session, variantId);
  if (stored <= 0) {
    await db.delete(t.cartItems).where(where);
    return [capped(variant.name, 0)];
  }
  await touchSession(db, session);
  const updated = await db
    .update(t.cartItems)
    .set({ quantity: stored })
    .where(where)
    .returning({ q: t.cartItems.quantity });
  if (updated.length === 0) throw notFound('Este item não está no carrinho.');
  return stored < quantity ? [capped(variant.name, variant.stock)] : [];
}

export async function removeFromCart(db: Db, session: string, variantId: number): Promise<void> {
  await db.delete(t.cartItems).where(lineOf(session, variantId));
}

/** The session's cart with prices, stock and totals as they are now. */
export async function loadCart(
  db: Db,
  origin: string,
  policy: PricePolicy,
  session: string,
  mensagens: Message[] = [],
): Promise<Cart> {
  const lines = await db
    .select()
    .from(t.cartItems)
    .where(eq(t.cartItems.sessionId, session))
    .orderBy(t.cartItems.addedAt, t.cartItems.variantId);
  const variantIds = lines.map((l) => l.variantId);
  const rows = variantIds.length
    ? await db
        .select({
          v: t.variants,
          p: {
            id: t.products.id,
            name: t.products.name,
            slug: t.products.slug,
            brandId: t.products.brandId,
            categoryId: t.products.categoryId,
            active: t.products.active,
            photos: t.products.photos,
          },
        })
        .from(t.variants)
        .innerJoin(t.products, eq(t.products.id, t.variants.productId))
        .where(inArray(t.variants.id, variantIds))
    : [];
  const byVariant = new Map(rows.map((r) => [r.v.id, r]));
  const itens: CartItem[] = lines.flatMap((line) => {
    const row = byVariant.get(line.variantId);
    if (!row) return [];
    const { v, p } = row;
    return [
      {
        nome: `${p.name} – ${v.finishLabel}`,
        sku: v.sku,
        tipo: 'produto',
        conjunto: false,
        quantidade: line.quantity,
        estoque: p.active ? v.stock : 0,
        imagem: productImages(origin, p, v.id, p.name)[0]?.arquivos.small ?? '',
        url: `${origin}${productPath(p.slug)}?sku=${encodeURIComponent(v.sku)}`,
        precos: {
          precoDe: v.listPrice,
          precoPor: v.price,
          descontoVista: policy.cashDiscount,
          total: timesReais(v.price, line.quantity),
          tipo: 'produto',
        },
        atributos: {
          simples: {
            atributo: { id: FINISH_ATTRIBUTE.id, label: FINISH_ATTRIBUTE.nome, tipo: 'texto' },
            atributoValor: { id: v.id, label: v.finishLabel, imagem: '' },
          },
        },
        hash: {
          idProduto: p.id,
          idAtributoSimples: v.id,
          idUnidadeVenda: 0,
          idArmazem: 0,
          quantidade: line.quantity,
          adicional: '',
        },
      },
    ];
  });
  const valor = sumReais(itens.map((i) => i.precos.total));
  const cupom = await sessionCoupon(
    db,
    session,
    itens.flatMap((item) => {
      const row = byVariant.get(item.hash.idAtributoSimples);
      return row
        ? [
            {
              productId: row.p.id,
              brandId: row.p.brandId,
              categoryId: row.p.categoryId,
              finish: row.v.finish,
              total: item.precos.total,
            },
          ]
        : [];
    }),
  );
  // The coupon comes off the products first; the cash (Pix) discount applies to what is left.
  const afterCoupon = toReais(toCents(valor) - toCents(cupom?.desconto ?? 0));
  const desconto = percentOf(afterCoupon, policy.cashDiscount);
  return {
    quantidadeItens: itens.length,
    quantidadeTotal: itens.reduce((sum, i) => sum + i.quantidade, 0),
    quantidadePontos: 0,
    mensagens,
    itens,
    ...(cupom ? { cupom } : {}),
    subtotal: {
      valor,
      descontoVista: {
        valor: toReais(toCents(afterCoupon) - toCents(desconto)),
        porcentagem: policy.cashDiscount,
        desconto,
        texto: policy.cashWording,
      },
      parcelamento: installments(afterCoupon, policy.installments),
    },
  };
}

/** The session's cart as it is now, under the store's price policy now (what every cart answer is). */
export async function currentCart(
  config: { db: Db; paymentProvider?: PaymentProvider | undefined },
  origin: string,
  session: string,
  mensagens: Message[] = [],
): Promise<Cart> {
  return loadCart(config.db, origin, await currentPricePolicy(config), session, mensagens);
}
