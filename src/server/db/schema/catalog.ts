// The catalogue: categories, brands, badges, products and their finishes, search words, landing pages, lists.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { money, tsvector } from './columns.ts';

export const categories = pgTable('categories', {
  id: serial().primaryKey(),
  parentId: integer('parent_id'),
  name: text().notNull(),
  slug: text().notNull(),
  /** Full storefront path, e.g. `/cozinha/torneiras/`. */
  path: text().notNull().unique(),
  level: integer().notNull(),
  position: integer().notNull().default(0),
  description: text().notNull().default(''),
  longDescription: text('long_description').notNull().default(''),
  /** Hidden by the team: no page, menu entry or listing of its own (its products stay on sale). */
  hidden: boolean().notNull().default(false),
});

export const brands = pgTable('brands', {
  id: serial().primaryKey(),
  name: text().notNull(),
  slug: text().notNull().unique(),
  description: text().notNull().default(''),
  color: text().notNull(),
  /** Hidden by the team: no brand page, no place in the brand lists and filters (its products stay on sale). */
  hidden: boolean().notNull().default(false),
});

/**
 * The finishes the store sells (the platform's "acabamento" attribute), in the store's order: created,
 * renamed and hidden by the team (a hidden one is no longer a storefront filter; finishes in it still sell).
 * The migration that made the table wrote the store's first seven (config/finishes.ts).
 */
export const finishes = pgTable('finishes', {
  slug: text().primaryKey(),
  label: text().notNull(),
  /** The colour its drawn pictures and swatches take. */
  color: text().notNull(),
  position: integer().notNull().default(0),
  hidden: boolean().notNull().default(false),
});

export const badges = pgTable('badges', {
  id: integer().primaryKey(),
  name: text().notNull(),
  kind: text().notNull().$type<'texto' | 'imagem'>(),
  label: text().notNull(),
  textColor: text('text_color').notNull(),
  color: text().notNull(),
  posX: text('pos_x').notNull().$type<'left' | 'center' | 'right'>(),
  posY: text('pos_y').notNull().$type<'top' | 'middle' | 'bottom'>(),
});

export type Spec = { nome: string; valor: string };

export const products = pgTable(
  'products',
  {
    id: serial().primaryKey(),
    slug: text().notNull().unique(),
    name: text().notNull(),
    /** Drawing family of the product image (torneira, cuba, chuveiro ...). */
    kind: text().notNull(),
    brandId: integer('brand_id').notNull(),
    categoryId: integer('category_id').notNull(),
    shortDescription: text('short_description').notNull(),
    badgeIds: integer('badge_ids').array().notNull(),
    /** What approved reviews say (average, count): 0 until a customer's review is approved. */
    ratingAvg: real('rating_avg').notNull(),
    ratingCount: integer('rating_count').notNull(),
    sales: integer().notNull(),
    createdAt: timestamp('created_at', { mode: 'date' }).notNull(),
    /** Price and stock of the default variant, denormalised for ordering and filters. */
    listPrice: money('list_price').notNull(),
    price: money().notNull(),
    discount: integer().notNull(),
    stock: integer().notNull(),
    /** Finish slugs of the variants, for the finish filter and facet without a join. */
    finishes: text().array().notNull(),
    /** Unaccented lower-case name, for the A-Z order. */
    nameKey: text('name_key').notNull(),
    /** Portuguese full-text vector of the name, brand, categories and finishes (unaccented). */
    searchVector: tsvector('search_vector').notNull(),
    /** Off: out of the storefront (listings, search, its page, the sitemap, carts), kept for the team and old orders. */
    active: boolean().notNull().default(true),
    /** The page's title and description for search engines; empty: the name and the short description. */
    seoTitle: text('seo_title').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
    /** Its photos' ids in the team's order (product_photos); empty: the drawn images of its finishes. */
    photos: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    index('products_category_idx').on(t.categoryId),
    index('products_brand_idx').on(t.brandId),
    index('products_sales_idx').on(t.sales.desc(), t.id),
    index('products_price_idx').on(t.price, t.id),
    index('products_search_idx').using('gin', t.searchVector),
    index('products_finishes_idx').using('gin', t.finishes),
    // The back office finds products by any part of the name (ILIKE '%…%').
    index('products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

/**
 * Photos the team uploaded, kept whole in the database (every instance renders its sizes from here and
 * keeps them on its own disk). The id is the start of the content's SHA-256: a new photo is a new address.
 */
export const productPhotos = pgTable(
  'product_photos',
  {
    productId: integer('product_id').notNull(),
    id: text().notNull(),
    position: integer().notNull(),
    format: text().notNull().$type<'jpeg' | 'png' | 'webp'>(),
    width: integer().notNull(),
    height: integer().notNull(),
    /** The file as sent, in base64. */
    content: text().notNull(),
    createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.id] }),
    index('product_photos_order_idx').on(t.productId, t.position),
  ],
);

/** A product's former addresses: each answers a 301 to where the product is now. */
export const productRedirects = pgTable(
  'product_redirects',
  {
    slug: text().primaryKey(),
    productId: integer('product_id').notNull(),
    createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('product_redirects_product_idx').on(t.productId)],
);

/** What only the product page reads, kept apart so listing scans stay narrow. */
export const productDetails = pgTable('product_details', {
  productId: integer('product_id').primaryKey(),
  ean: text().notNull(),
  description: text().notNull(),
  specs: jsonb().$type<Spec[]>().notNull(),
  /** "Compre junto" product ids. */
  combinations: integer().array().notNull(),
});

export const variants = pgTable(
  'variants',
  {
    id: serial().primaryKey(),
    productId: integer('product_id').notNull(),
    sku: text().notNull().unique(),
    finish: text().notNull(),
    finishLabel: text('finish_label').notNull(),
    listPrice: money('list_price').notNull(),
    price: money().notNull(),
    stock: integer().notNull(),
    position: integer().notNull(),
    /** Packed weight (grams) and box (centimetres) for carriers; null until the team fills them in. */
    weightGrams: integer('weight_grams'),
    heightCm: integer('height_cm'),
    widthCm: integer('width_cm'),
    lengthCm: integer('length_cm'),
    /** What an NF-e says of it: NCM (8 digits), CEST (7, when the goods have one), origin (0–8), GTIN. */
    ncm: text().notNull().default(''),
    cest: text().notNull().default(''),
    origin: integer().notNull().default(0),
    /** The finish's own barcode; empty: the product's (`product_details.ean`). */
    gtin: text().notNull().default(''),
  },
  (t) => [
    index('variants_product_idx').on(t.productId, t.position),
    index('variants_finish_idx').on(t.finish),
    // … and by any part of a SKU.
    index('variants_sku_trgm_idx').using('gin', sql`${t.sku} gin_trgm_ops`),
  ],
);

/** Every distinct searchable word, so a misspelt query word can be matched to real ones. */
export const searchTerms = pgTable(
  'search_terms',
  { word: text().primaryKey(), frequency: integer().notNull() },
  (t) => [
    index('search_terms_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
    // Prefix matches ('torn' → 'torneira') walk this index whatever the database collation.
    index('search_terms_prefix_idx').using('btree', sql`${t.word} text_pattern_ops`),
  ],
);

/** Which products a landing page shows: every given condition must hold. */
export type LandingRule = {
  categoryIds?: number[];
  brandIds?: number[];
  finishes?: string[];
  minDiscount?: number;
  minPrice?: number;
};

export const landingPages = pgTable('landing_pages', {
  id: serial().primaryKey(),
  slug: text().notNull().unique(),
  name: text().notNull(),
  description: text().notNull(),
  rule: jsonb().$type<LandingRule>().notNull(),
});

export const lists = pgTable('lists', {
  id: serial().primaryKey(),
  slug: text().notNull().unique(),
  name: text().notNull(),
  description: text().notNull(),
  productIds: integer('product_ids').array().notNull(),
});
