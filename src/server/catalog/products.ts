// One concern: products as the contract shows them (card and detail), from rows to answers.
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Marca, Produto, Selo } from '#/contract/product.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { buildPrecos } from './price-policy.ts';
import type { PricePolicy } from './price-policy.ts';
import { badgeImage, brandImage, productImages } from './media-urls.ts';
import type { Brand, Taxonomy } from './taxonomy.ts';
import { absolute, brandPath, productPath, rota } from './urls.ts';

type ProductRow = typeof t.products.$inferSelect;
export type VariantRow = typeof t.variants.$inferSelect;

/** Finishes are the `simples` attribute and the "Acabamento" filter. */
export const FINISH_ATTRIBUTE = { id: 1, nome: 'Acabamento' };

export function toMarca(origin: string, brand: Brand): Marca {
  const path = brandPath(brand.slug);
  return {
    id: brand.id,
    nome: brand.name,
    ...brandImage(origin, brand.slug),
    ativo: true,
    rota: rota('product/listing/brand', path, { marca: brand.slug }),
    url: absolute(origin, path),
  };
}

function toSelos(origin: string, ids: number[], taxonomy: Taxonomy): Selo[] {
  return ids.flatMap((id) => {
    const b = taxonomy.badgeById.get(id);
    if (!b) return [];
    return [
      {
        id: b.id,
        nome: b.name,
        tipo: b.kind,
        label: b.label,
        ...(b.kind === 'imagem' ? badgeImage(origin, b.id) : { imagem: '', imagemOriginal: '' }),
        proporcaoDetalheProduto: 25,
        proporcaoVitrineProduto: 30,
        cores: { texto: b.textColor, selo: b.color, posicao: { x: b.posX, y: b.posY } },
      },
    ];
  });
}

const finishValueId = (finish: string) =>
  finish.split('').reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) % 100000, 7);

/** The listing form of a product, priced and pictured by `variant` (its first available finish). */
export function toProduto(
  origin: string,
  p: ProductRow,
  variants: VariantRow[],
  taxonomy: Taxonomy,
  policy: PricePolicy,
): Produto {
  const variant = variants.find((v) => v.stock > 0) ?? variants[0];
  const brand = taxonomy.brandById.get(p.brandId);
  const path = productPath(p.slug);
  const stock = variants.reduce((sum, v) => sum + v.stock, 0);
  return {
    id: p.id,
    sku: variant?.sku ?? '',
    nome: p.name,
    estoque: stock,
    estoqueMarketplace: 0,
    status: stock > 0 ? 'disponivel' : 'indisponivel',
    descricoes: { curta: p.shortDescription },
    marca: brand
      ? toMarca(origin, brand)
      : {
          id: 0,
          nome: '',
          imagem: '',
          imagemOriginal: '',
          ativo: false,
          rota: rota('home', '/'),
          url: origin,
        },
    avaliacao: {
      media: Math.round(p.ratingAvg * 100) / 100,
      quantidade: p.ratingAvg > 0 ? p.ratingCount : 0,
    },
    precos: buildPrecos(variant?.listPrice ?? p.listPrice, variant?.price ?? p.price, policy),
    selos: toSelos(origin, p.badgeIds, taxonomy),
    filtros: variants.map((v) => ({
      idFiltro: FINISH_ATTRIBUTE.id,
      idValor: finishValueId(v.finish),
      nome: FINISH_ATTRIBUTE.nome,
      label: v.finishLabel,
      imagem: '',
      imagemOriginal: '',
    })),
    midias: {
      imagens: variant ? productImages(origin, p, variant.id, `${p.name} ${variant.finishLabel}`) : [],
    },
    rota: rota('product/detail', path, { produto: p.slug }),
    url: absolute(origin, path),
  };
}

/** The hot lookups, prepared once per database: building a query costs more than running it here. */
function prepare(db: Db) {
  const ids = sql`${sql.placeholder('ids')}::int[]`;
  return {
    products: db
      .select()
      .from(t.products)
      .where(sql`${t.products.id} = ANY(${ids}) AND ${t.products.active}`)
      .prepare('products_by_ids'),
    variants: db
      .select()
      .from(t.variants)
      .where(sql`${t.variants.productId} = ANY(${ids})`)
      .orderBy(t.variants.productId, t.variants.position)
      .prepare('variants_by_product_ids'),
  };
}
const preparedByDb = new WeakMap<Db, ReturnType<typeof prepare>>();
function statements(db: Db) {
  let prepared = preparedByDb.get(db);
  if (!prepared) {
    prepared = prepare(db);
    preparedByDb.set(db, prepared);
  }
  return prepared;
}

export async function variantsOf(db: Db, ids: number[]): Promise<Map<number, VariantRow[]>> {
  const byProduct = new Map<number, VariantRow[]>();
  if (ids.length === 0) return byProduct;
  const rows = await statements(db).variants.execute({ ids });
  for (const v of rows) byProduct.set(v.productId, [...(byProduct.get(v.productId) ?? []), v]);
  return byProduct;
}

/** Products by id in listing form, in the order of `ids` (unknown ids are skipped). */
export async function loadProdutos(
  db: Db,
  origin: string,
  taxonomy: Taxonomy,
  policy: PricePolicy,
  ids: number[],
): Promise<Produto[]> {
  if (ids.length === 0) return [];
  const [rows, variants] = await Promise.all([statements(db).products.execute({ ids }), variantsOf(db, ids)]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toProduto(origin, row, variants.get(id) ?? [], taxonomy, policy)] : [];
  });
}

/** Ids of a product's category neighbours, best sellers first (for "produto-detalhe-indicados"). */
export async function relatedProductIds(db: Db, productId: number, limit: number): Promise<number[]> {
  const [p] = await db
    .select({ categoryId: t.products.categoryId })
    .from(t.products)
    .where(eq(t.products.id, productId));
  if (!p) return [];
  const rows = await db
    .select({ id: t.products.id })
    .from(t.products)
    .where(
      and(
        eq(t.products.categoryId, p.categoryId),
        ne(t.products.id, productId),
        gt(t.products.stock, 0),
        eq(t.products.active, true),
      ),
    )
    .orderBy(desc(t.products.sales), t.products.id)
    .limit(limit);
  return rows.map((r) => r.id);
}
