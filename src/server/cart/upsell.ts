import { and, asc, desc, eq, gt, inArray, notInArray } from 'drizzle-orm';
import type { CartPayload, Upsell, UpsellItem } from '#/contract/cart.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { productImages } from '#/server/catalog/media-urls.ts';
import { FINISH_ATTRIBUTE } from '#/server/catalog/products.ts';
import { getTaxonomy } from '#/server/catalog/taxonomy.ts';
import { productPath } from '#/server/catalog/urls.ts';

/** Offers shown in the side cart at most. */
export const UPSELL_MAX = 6;

const payload = (productId: number, variantId: number): CartPayload => ({
  tipo: 'produto',
  itens: [
    { idProduto: productId, idAtributoSimples: variantId, idUnidadeVenda: 0, idArmazem: 0, quantidade: 1 },
  ],
});

/**
 * Side-cart offers: the best sellers of the departments already in the cart, from categories the cart
 * does not hold yet (a basin in the cart brings taps and drains), topped up with the store's best
 * sellers. An offer whose finish is already in the cart comes locked to it, so the set matches.
 */
export async function loadUpsell(db: Db, origin: string, session: string): Promise<Upsell> {
  const inCart = await db
    .select({ productId: t.variants.productId, finish: t.variants.finish, categoryId: t.products.categoryId })
    .from(t.cartItems)
    .innerJoin(t.variants, eq(t.variants.id, t.cartItems.variantId))
    .innerJoin(t.products, eq(t.products.id, t.variants.productId))
    .where(eq(t.cartItems.sessionId, session));
  if (inCart.length === 0) return { upsellDisponiveis: [] };

  const taxonomy = await getTaxonomy(db);
  const cartProducts = [...new Set(inCart.map((r) => r.productId))];
  const cartCategories = new Set(inCart.map((r) => r.categoryId));
  const departments = new Set(inCart.map((r) => taxonomy.lineage(r.categoryId)[0]?.id ?? r.categoryId));
  const nearby = [...departments]
    .flatMap((id) => taxonomy.subtree(id))
    .filter((id) => !cartCategories.has(id));

  const candidates = (categoryIds: number[] | undefined, exclude: number[]) =>
    db
      .select({ id: t.products.id })
      .from(t.products)
      .where(
        and(
          gt(t.products.stock, 0),
          eq(t.products.active, true),
          notInArray(t.products.id, exclude),
          ...(categoryIds ? [inArray(t.products.categoryId, categoryIds)] : []),
        ),
      )
      .orderBy(desc(t.products.sales), asc(t.products.id))
      .limit(UPSELL_MAX);
  const ids = nearby.length ? (await candidates(nearby, cartProducts)).map((r) => r.id) : [];
  if (ids.length < UPSELL_MAX) {
    const more = await candidates(undefined, [...cartProducts, ...ids]);
    ids.push(...more.slice(0, UPSELL_MAX - ids.length).map((r) => r.id));
  }
  if (ids.length === 0) return { upsellDisponiveis: [] };

  const [products, variants] = await Promise.all([
    db
      .select({ id: t.products.id, name: t.products.name, slug: t.products.slug, photos: t.products.photos })
      .from(t.products)
      .where(inArray(t.products.id, ids)),
    db
      .select()
      .from(t.variants)
      .where(and(inArray(t.variants.productId, ids), gt(t.variants.stock, 0)))
      .orderBy(t.variants.productId, t.variants.position),
  ]);
  const cartFinishes = new Set(inCart.map((r) => r.finish));
  const itens = ids.flatMap((id): UpsellItem[] => {
    const product = products.find((p) => p.id === id);
    const own = variants.filter((v) => v.productId === id);
    const first = own[0];
    if (!product || !first) return [];
    const locked = own.length > 1 ? own.find((v) => cartFinishes.has(v.finish)) : undefined;
    const selected = locked ?? (own.length === 1 ? first : undefined);
    const shown = selected ?? first;
    return [
      {
        idProduto: id,
        nome: product.name,
        imagem: productImages(origin, product, shown.id, product.name)[0]?.arquivos.small ?? '',
        url: `${origin}${productPath(product.slug)}`,
        precoDe: shown.listPrice,
        precoPor: shown.price,
        desconto: {
          porcentagemDesconto:
            shown.listPrice > shown.price ? Math.round((1 - shown.price / shown.listPrice) * 100) : 0,
        },
        atributosSimples: {
          nome: FINISH_ATTRIBUTE.nome,
          valores: own.map((v) => ({
            idAtributoValor: v.id,
            label: v.finishLabel,
            carrinho: payload(id, v.id),
          })),
        },
        travarAtributoSimples: locked !== undefined,
        idAtributoSimplesSelecionado: selected?.id ?? 0,
        carrinho: selected ? payload(id, selected.id) : { tipo: 'produto', itens: [] },
      },
    ];
  });
  return {
    upsellDisponiveis: [
      { id: 1, titulo: 'Ofertas Especiais para você', textoBotao: 'Adicionar', tipoItem: 'produto', itens },
    ],
  };
}
