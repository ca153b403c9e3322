// One concern: the catalogue as a shopping feed (Google Merchant Center, Meta): one item per finish of every
// product on sale, priced and stocked as its page says (the same price policy and the same images).
import { asc, eq } from 'drizzle-orm';
import type { FeedItem } from '#/contract/feed.ts';
import { validGtin } from '#/contract/invoices.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import type { PricePolicy } from './price-policy.ts';
import { installments } from './price-policy.ts';
import { productImages } from './media-urls.ts';
import { plainText } from './page.ts';
import type { Taxonomy } from './taxonomy.ts';
import { absolute, productPath } from './urls.ts';

/** What a feed's description may hold (Google: 5,000 characters). */
const DESCRIPTION_MAX = 5000;
const TITLE_MAX = 150;

/** Every finish of every product on sale, in the catalogue's order. */
export async function feedItems(
  db: Db,
  origin: string,
  taxonomy: Taxonomy,
  policy: PricePolicy,
): Promise<FeedItem[]> {
  const rows = await db
    .select({
      productId: t.products.id,
      name: t.products.name,
      slug: t.products.slug,
      summary: t.products.shortDescription,
      categoryId: t.products.categoryId,
      photos: t.products.photos,
      brand: t.brands.name,
      description: t.productDetails.description,
      ean: t.productDetails.ean,
      variantId: t.variants.id,
      sku: t.variants.sku,
      finish: t.variants.finishLabel,
      listPrice: t.variants.listPrice,
      price: t.variants.price,
      stock: t.variants.stock,
      weight: t.variants.weightGrams,
      gtin: t.variants.gtin,
    })
    .from(t.variants)
    .innerJoin(t.products, eq(t.products.id, t.variants.productId))
    .innerJoin(t.brands, eq(t.brands.id, t.products.brandId))
    .leftJoin(t.productDetails, eq(t.productDetails.productId, t.products.id))
    .where(eq(t.products.active, true))
    .orderBy(asc(t.products.id), asc(t.variants.position));
  return rows.map((r) => {
    const title = `${r.name} ${r.finish}`.slice(0, TITLE_MAX);
    const plans = installments(r.price, policy.installments).filter((p) => p.taxa === 0 && p.parcelas > 1);
    const longest = plans.at(-1);
    return {
      id: r.sku,
      grupo: String(r.productId),
      titulo: title,
      descricao: (r.summary || plainText(r.description ?? '', DESCRIPTION_MAX) || r.name).slice(
        0,
        DESCRIPTION_MAX,
      ),
      link: absolute(origin, `${productPath(r.slug)}?sku=${encodeURIComponent(r.sku)}`),
      imagem:
        productImages(origin, { id: r.productId, photos: r.photos }, r.variantId, title)[0]?.arquivosOriginais
          .big ?? '',
      disponivel: r.stock > 0,
      preco: r.listPrice,
      precoPromocional: r.price < r.listPrice ? r.price : null,
      marca: r.brand,
      // The finish's own barcode, else the product's (when it is a real GTIN).
      gtin: r.gtin !== '' ? r.gtin : validGtin(r.ean ?? '') ? (r.ean ?? '') : '',
      categoria: taxonomy
        .lineage(r.categoryId)
        .map((c) => c.name)
        .join(' > '),
      pesoGramas: r.weight,
      parcelas: longest ? { meses: longest.parcelas, valor: longest.valorParcela } : null,
    };
  });
}
