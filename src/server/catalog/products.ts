// One concern: products as the contract shows them (card and detail), from rows to answers.
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Marca, Produto, ProdutoDetalhe, Selo } from '#/contract/product.ts';
import type { Estrutura } from '#/contract/common.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { buildPrecos } from '#/server/lib/prices.ts';
import { badgeImage, brandImage, variantImages } from './media-urls.ts';
import type { Brand, Taxonomy } from './taxonomy.ts';
import { estrutura, plainText } from './page.ts';
import { absolute, brandPath, productPath, rota } from './urls.ts';

type ProductRow = typeof t.products.$inferSelect;
type VariantRow = typeof t.variants.$inferSelect;

/** Cash (pix/boleto) discount in percent, from the store settings. */
export const CASH_DISCOUNT = 10;
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
function toProduto(origin: string, p: ProductRow, variants: VariantRow[], taxonomy: Taxonomy): Produto {
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
    avaliacao: { media: p.ratingAvg, quantidade: p.ratingAvg > 0 ? p.ratingCount : 0 },
    precos: buildPrecos(variant?.listPrice ?? p.listPrice, variant?.price ?? p.price, CASH_DISCOUNT),
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
      imagens: variant ? variantImages(origin, p.id, variant.id, `${p.name} ${variant.finishLabel}`) : [],
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
      .where(sql`${t.products.id} = ANY(${ids})`)
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

async function variantsOf(db: Db, ids: number[]): Promise<Map<number, VariantRow[]>> {
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
  ids: number[],
): Promise<Produto[]> {
  if (ids.length === 0) return [];
  const [rows, variants] = await Promise.all([statements(db).products.execute({ ids }), variantsOf(db, ids)]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toProduto(origin, row, variants.get(id) ?? [], taxonomy)] : [];
  });
}

/** The detailed product of a slug, with `sku` choosing the selected finish; undefined when unknown. */
export async function loadProdutoDetalhe(
  db: Db,
  origin: string,
  taxonomy: Taxonomy,
  slug: string,
  sku: string | undefined,
): Promise<ProdutoDetalhe | undefined> {
  const [p] = await db.select().from(t.products).where(eq(t.products.slug, slug)).limit(1);
  if (!p) return undefined;
  const [byProduct, [details]] = await Promise.all([
    variantsOf(db, [p.id]),
    db.select().from(t.productDetails).where(eq(t.productDetails.productId, p.id)),
  ]);
  const variants = byProduct.get(p.id) ?? [];
  const selected = variants.find((v) => v.sku === sku) ?? variants.find((v) => v.stock > 0) ?? variants[0];
  const base = toProduto(
    origin,
    p,
    selected ? [selected, ...variants.filter((v) => v !== selected)] : variants,
    taxonomy,
  );
  const lineage = taxonomy.lineage(p.categoryId);
  const category = lineage.at(-1);
  const combos = await loadProdutos(db, origin, taxonomy, details?.combinations ?? []);
  const path = productPath(p.slug);
  const item = (v: VariantRow) => ({
    idProduto: String(p.id),
    idAtributoSimples: String(v.id),
    idUnidadeVenda: '0',
    idArmazem: '0',
    quantidade: '1',
    adicional: '',
    parametros: '',
  });
  return {
    ...base,
    sku: selected?.sku ?? base.sku,
    estoque: selected?.stock ?? 0,
    status: (selected?.stock ?? 0) > 0 ? 'disponivel' : 'indisponivel',
    precos: selected ? buildPrecos(selected.listPrice, selected.price, CASH_DISCOUNT) : base.precos,
    descricoes: { curta: p.shortDescription, longa: details?.description ?? '' },
    midias: {
      imagens: [selected, ...variants.filter((v) => v !== selected)].flatMap((v) =>
        v ? variantImages(origin, p.id, v.id, `${p.name} ${v.finishLabel}`) : [],
      ),
    },
    ean: details?.ean ?? '',
    mpn: p.slug.toUpperCase().slice(-7),
    tipo: 'produto',
    categoria: {
      id: category?.id ?? 0,
      nome: category?.name ?? '',
      nivel: category?.level ?? 0,
      taxonomia: lineage.map((c) => ({ id: c.id, nome: c.name })),
    },
    atributos:
      variants.length > 0
        ? {
            simples: {
              id: FINISH_ATTRIBUTE.id,
              nome: FINISH_ATTRIBUTE.nome,
              tipo: 'texto',
              valores: variants.map((v) => ({
                idAtributoValor: v.id,
                sku: v.sku,
                label: v.finishLabel,
                imagem: '',
                imagemOriginal: '',
                estoque: v.stock,
                estoqueMarketplace: 0,
                descontoAdicional: 0,
                precos: buildPrecos(v.listPrice, v.price, CASH_DISCOUNT),
                carrinho: {
                  hash: `${p.id}-${v.id}`,
                  url: absolute(origin, path),
                  tipo: 'produto',
                  itens: [item(v)],
                },
                selecionado: v === selected,
                url: absolute(origin, `${path}?sku=${encodeURIComponent(v.sku)}`),
              })),
            },
          }
        : {},
    caracteristicas: [
      {
        nome: 'Especificações',
        visivelSite: true,
        itens: (details?.specs ?? []).map((s, i) => ({ id: i + 1, label: s.nome, valor: s.valor })),
      },
    ],
    combinacoes: combos.map((produto, i) => ({
      id: i + 1,
      tipoDesconto: 'porcentagem',
      desconto: 5,
      produto,
    })),
  };
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
      and(eq(t.products.categoryId, p.categoryId), ne(t.products.id, productId), gt(t.products.stock, 0)),
    )
    .orderBy(desc(t.products.sales), t.products.id)
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The product page's envelope: its SEO and the breadcrumb through its category's lineage; undefined when unknown. */
export async function loadProductPage(
  db: Db,
  origin: string,
  taxonomy: Taxonomy,
  slug: string,
  sku: string | undefined,
): Promise<{ estrutura: Estrutura; conteudo: ProdutoDetalhe } | undefined> {
  const produto = await loadProdutoDetalhe(db, origin, taxonomy, slug, sku);
  if (!produto) return undefined;
  const path = productPath(slug);
  const trail = [
    ...taxonomy.lineage(produto.categoria.id).map((l) => ({
      label: l.name,
      path: l.path,
      name: 'product/listing/category',
    })),
    { label: produto.nome, path, name: 'product/detail' },
  ];
  const seo = {
    title: produto.nome,
    description: plainText(produto.descricoes['curta'] ?? produto.nome),
    canonical: path,
    image: produto.midias.imagens[0]?.arquivosOriginais.big ?? '',
  };
  return { estrutura: estrutura(origin, 'product/detail', seo, trail), conteudo: produto };
}
