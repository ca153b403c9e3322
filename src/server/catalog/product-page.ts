// One concern: the product page (its detailed product, SEO and breadcrumb), built on products.ts.
import { and, eq } from 'drizzle-orm';
import type { ProdutoDetalhe } from '#/contract/product.ts';
import type { Estrutura } from '#/contract/common.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { buildPrecos } from './price-policy.ts';
import type { PricePolicy } from './price-policy.ts';
import { photoImages, variantImages } from './media-urls.ts';
import type { Taxonomy } from './taxonomy.ts';
import { estrutura, plainText } from './page.ts';
import { FINISH_ATTRIBUTE, loadProdutos, toProduto, variantsOf } from './products.ts';
import type { VariantRow } from './products.ts';
import { absolute, productPath } from './urls.ts';

type Seo = { seoTitle: string; seoDescription: string };

/**
 * The detailed product of a slug, with `sku` choosing the selected finish, and the SEO fields the team
 * set; undefined when unknown or switched off.
 */
async function loadProdutoDetalhe(
  db: Db,
  origin: string,
  taxonomy: Taxonomy,
  policy: PricePolicy,
  slug: string,
  sku: string | undefined,
): Promise<(ProdutoDetalhe & { seo: Seo }) | undefined> {
  const [p] = await db
    .select()
    .from(t.products)
    .where(and(eq(t.products.slug, slug), eq(t.products.active, true)))
    .limit(1);
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
    policy,
  );
  const lineage = taxonomy.lineage(p.categoryId);
  const category = lineage.at(-1);
  const combos = await loadProdutos(db, origin, taxonomy, policy, details?.combinations ?? []);
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
    seo: { seoTitle: p.seoTitle, seoDescription: p.seoDescription },
    sku: selected?.sku ?? base.sku,
    estoque: selected?.stock ?? 0,
    status: (selected?.stock ?? 0) > 0 ? 'disponivel' : 'indisponivel',
    precos: selected ? buildPrecos(selected.listPrice, selected.price, policy) : base.precos,
    descricoes: { curta: p.shortDescription, longa: details?.description ?? '' },
    midias: {
      // Photos are the product's, shown once; drawings are per finish, the chosen finish's first.
      imagens:
        p.photos.length > 0
          ? photoImages(origin, p.id, p.photos, selected?.id ?? 0, p.name)
          : [selected, ...variants.filter((v) => v !== selected)].flatMap((v) =>
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
                precos: buildPrecos(v.listPrice, v.price, policy),
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
    // No heading over nothing: a product without specifications has no such group.
    caracteristicas:
      (details?.specs ?? []).length > 0
        ? [
            {
              nome: 'Especificações',
              visivelSite: true,
              itens: (details?.specs ?? []).map((s, i) => ({ id: i + 1, label: s.nome, valor: s.valor })),
            },
          ]
        : [],
    combinacoes: combos.map((produto, i) => ({
      id: i + 1,
      tipoDesconto: 'porcentagem',
      desconto: 5,
      produto,
    })),
  };
}

/** The product page's envelope: its SEO and the breadcrumb through its category's lineage; undefined when unknown. */
export async function loadProductPage(
  db: Db,
  origin: string,
  taxonomy: Taxonomy,
  policy: PricePolicy,
  slug: string,
  sku: string | undefined,
): Promise<{ estrutura: Estrutura; conteudo: ProdutoDetalhe } | undefined> {
  const detail = await loadProdutoDetalhe(db, origin, taxonomy, policy, slug, sku);
  if (!detail) return undefined;
  const { seo: own, ...produto } = detail;
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
    title: own.seoTitle || produto.nome,
    description: own.seoDescription || plainText(produto.descricoes['curta'] ?? produto.nome),
    canonical: path,
    image: produto.midias.imagens[0]?.arquivosOriginais.big ?? '',
  };
  return { estrutura: await estrutura(db, origin, 'product/detail', seo, trail), conteudo: produto };
}
