// Editorial content and the store's settings (menus, banners, showcases, popups, pages).
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Institutional pages (`/institucional/{slug}`), edited by the team in the panel (`/painel/paginas`): the
 * columns are the published version; `draft` what was saved without publishing (null: none).
 */
export const pages = pgTable('pages', {
  id: serial().primaryKey(),
  slug: text().notNull().unique(),
  title: text().notNull(),
  html: text().notNull(),
  /** Off: the page answers 404 and leaves the sitemap (a link to it in a menu stays until changed). */
  published: boolean().notNull().default(true),
  /** For search engines; empty: the title, and the text's first words. */
  seoTitle: text('seo_title').notNull().default(''),
  seoDescription: text('seo_description').notNull().default(''),
  draft: jsonb().$type<PageDraft>(),
  updatedAt: timestamp('updated_at', { mode: 'date', withTimezone: true }),
});

/** A page saved without publishing: what the editor shows until it is published or thrown away. */
export type PageDraft = { title: string; html: string; seoTitle: string; seoDescription: string };

/** Menus, banners, showcases and popups are editorial content: stored as the contract shapes they serve. */
export const menus = pgTable('menus', {
  hash: text().primaryKey(),
  name: text().notNull(),
  items: jsonb().notNull(),
});

export const banners = pgTable(
  'banners',
  {
    id: serial().primaryKey(),
    hash: text().notNull(),
    name: text().notNull(),
    title: text().notNull(),
    /** Id of the category/brand/landing page it belongs to; 0 = anywhere. */
    levelId: integer('level_id').notNull(),
    position: integer().notNull(),
    link: text().notNull(),
    /** Parameters of the drawn banner image. */
    art: jsonb().$type<{ hue: number; headline: string }>().notNull(),
    desktopSize: integer('desktop_size').array().notNull(),
    mobileSize: integer('mobile_size').array().notNull(),
    /** When the promotion ends: the banner shows a countdown to it, and is gone afterwards. */
    endsAt: timestamp('ends_at', { mode: 'date' }),
    /** When it starts showing (null: at once). */
    startsAt: timestamp('starts_at', { mode: 'date' }),
    /** Off: kept in the panel, shown nowhere. */
    active: boolean().notNull().default(true),
    /** The owner's images (banner_images ids), cut to the place's size; null: the drawing of `art`. */
    desktopImage: text('desktop_image'),
    mobileImage: text('mobile_image'),
    updatedAt: timestamp('updated_at', { mode: 'date', withTimezone: true }),
  },
  (t) => [index('banners_hash_idx').on(t.hash, t.levelId, t.position)],
);

/**
 * The images the team sends for banners, already cut to their place's size (staff/banners.ts); one not named
 * by any banner a day after it was sent is thrown away (housekeeping.ts).
 */
export const bannerImages = pgTable('banner_images', {
  /** 24 hex digits: part of the image's address, which never serves other content. */
  id: text().primaryKey(),
  format: text().notNull().$type<'webp'>(),
  width: integer().notNull(),
  height: integer().notNull(),
  /** The file, in base64. */
  content: text().notNull(),
  createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow(),
});

export const showcases = pgTable('showcases', {
  id: serial().primaryKey(),
  hash: text().notNull().unique(),
  title: text().notNull(),
  tag: text().notNull(),
  productIds: integer('product_ids').array().notNull(),
  /**
   * How a live showcase picks its products at each read (`mais-vendidos`, `ofertas`, `lancamentos`: the
   * products on sale and in stock, by sales, discount or launch); empty: the curated `productIds`.
   */
  rule: text().notNull().default('').$type<ShowcaseRule | ''>(),
  /** Its place among the home's showcases (`/painel/vitrines`); null: not on the home. */
  homePosition: integer('home_position'),
});

export type ShowcaseRule = 'mais-vendidos' | 'ofertas' | 'lancamentos';

export const popups = pgTable('popups', {
  id: serial().primaryKey(),
  level: text().notNull(),
  name: text().notNull(),
  kind: text().notNull().$type<'imagem' | 'html' | 'newsletter'>(),
  content: text().notNull(),
  link: text().notNull(),
  delaySeconds: integer('delay_seconds').notNull(),
  active: boolean().notNull(),
});

export const settings = pgTable('settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
});

/**
 * The store's own images (`logo`, `favicon`), made from the file the owner sent and kept
 * whole in the database: served at `/arquivos/loja/{key}-{hash}.{format}` with immutable caching.
 */
export const storeImages = pgTable('store_images', {
  key: text().primaryKey().$type<StoreImageKey>(),
  hash: text().notNull(),
  format: text().notNull().$type<'webp' | 'png'>(),
  width: integer().notNull(),
  height: integer().notNull(),
  /** The file, in base64. */
  content: text().notNull(),
  updatedAt: timestamp('updated_at', { mode: 'date', withTimezone: true }).notNull().defaultNow(),
});

/** The header's logo, the tab's icon, and the icon a phone puts on its home screen (apple-touch-icon). */
export type StoreImageKey = 'logo' | 'favicon' | 'icone';

export const seedInfo = pgTable('seed_info', {
  id: integer().primaryKey(),
  products: integer().notNull(),
  seededAt: timestamp('seeded_at', { mode: 'date' }).notNull().defaultNow(),
});
