// One file because drizzle-kit reads the whole schema from it to write migrations.
import { sql } from 'drizzle-orm';
import type { Address, OrderAddress } from '#/contract/address.ts';
import type { CouponKind } from '#/contract/coupon.ts';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** Money as numeric(12,2), read back as a JS number. */
const money = customType<{ data: number; driverData: string }>({
  dataType: () => 'numeric(12,2)',
  fromDriver: (v) => Number(v),
  toDriver: (v) => v.toFixed(2),
});

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
});

export const brands = pgTable('brands', {
  id: serial().primaryKey(),
  name: text().notNull(),
  slug: text().notNull().unique(),
  description: text().notNull().default(''),
  color: text().notNull(),
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
  },
  (t) => [
    index('products_category_idx').on(t.categoryId),
    index('products_brand_idx').on(t.brandId),
    index('products_sales_idx').on(t.sales.desc(), t.id),
    index('products_price_idx').on(t.price, t.id),
    index('products_search_idx').using('gin', t.searchVector),
    index('products_finishes_idx').using('gin', t.finishes),
  ],
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
  },
  (t) => [
    index('variants_product_idx').on(t.productId, t.position),
    index('variants_finish_idx').on(t.finish),
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

export const pages = pgTable('pages', {
  id: serial().primaryKey(),
  slug: text().notNull().unique(),
  title: text().notNull(),
  html: text().notNull(),
});

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
  },
  (t) => [index('banners_hash_idx').on(t.hash, t.levelId, t.position)],
);

export const showcases = pgTable('showcases', {
  id: serial().primaryKey(),
  hash: text().notNull().unique(),
  title: text().notNull(),
  tag: text().notNull(),
  productIds: integer('product_ids').array().notNull(),
});

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

export const seedInfo = pgTable('seed_info', {
  id: integer().primaryKey(),
  products: integer().notNull(),
  seededAt: timestamp('seeded_at', { mode: 'date' }).notNull().defaultNow(),
});

/** Shopper sessions, written only when a session stores something (a CEP, a login). */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    cep: text().notNull().default(''),
    /** The coupon put on this session's cart ('' for none); judged again whenever the cart is read. */
    couponCode: text('coupon_code').notNull().default(''),
    /** The customer logged in on this session; null = anonymous. */
    customerId: integer('customer_id'),
    /** Last activity: a logged-in visit (moved at most every few minutes), a CEP, a cart change. */
    updatedAt: timestamp('updated_at', { mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('sessions_updated_idx').on(t.updatedAt)],
);

/** Secrets every instance of the store shares (the key that signs session ids), made on first use. */
export const secrets = pgTable('secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
});

/** Registered shoppers (person or company). */
export const customers = pgTable('customers', {
  id: serial().primaryKey(),
  email: text().notNull().unique(),
  /** 'F' person (CPF) or 'J' company (CNPJ). */
  pessoa: text().notNull(),
  /** CPF or CNPJ digits. */
  document: text().notNull().unique(),
  name: text().notNull(),
  phone: text().notNull().default(''),
  sexo: text().notNull().default(''),
  birthDate: text('birth_date').notNull().default(''),
  /** The account's own address; parts may be missing on accounts made outside the sign-up form. */
  address: jsonb().$type<Partial<Address>>().notNull().default({}),
  passwordHash: text('password_hash').notNull(),
  optin: boolean().notNull().default(false),
  /** Name of the store's seller when this account sells on the store's behalf (internal sale). */
  internalSeller: text('internal_seller').notNull().default(''),
  createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
});

/** Delivery addresses a customer added at the checkout (the account's own stays on `customers.address`). */
export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: serial().primaryKey(),
    customerId: integer('customer_id').notNull(),
    /** Who receives it; the account's name when empty. */
    recipient: text().notNull().default(''),
    cep: text().notNull(),
    street: text().notNull(),
    number: text().notNull(),
    complement: text().notNull().default(''),
    district: text().notNull(),
    city: text().notNull(),
    uf: text().notNull(),
    createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('customer_addresses_customer_idx').on(t.customerId, t.id)],
);

/** Favourite products of a customer (the table keeps the platform's name, wishlist). */
export const favourites = pgTable(
  'wishlist_items',
  {
    customerId: integer('customer_id').notNull(),
    productId: integer('product_id').notNull(),
    addedAt: timestamp('added_at', { mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.productId] })],
);

/** One line per session and variant; quantities are set atomically and never exceed stock. */
export const cartItems = pgTable(
  'cart_items',
  {
    sessionId: text('session_id').notNull(),
    productId: integer('product_id').notNull(),
    variantId: integer('variant_id').notNull(),
    quantity: integer().notNull(),
    addedAt: timestamp('added_at', { mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.variantId] })],
);

/** Newsletter sign-ups, one per e-mail. */
export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  email: text().primaryKey(),
  name: text().notNull().default(''),
  createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
});

/** Password reset links: only a hash of the token is kept; each link works once, for an hour. */
export const passwordResets = pgTable('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  customerId: integer('customer_id').notNull(),
  expiresAt: timestamp('expires_at', { mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { mode: 'date' }),
});

/** What shoppers send through the store's forms (contact, architect programme), kept for the team. */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: serial().primaryKey(),
    kind: text().notNull(),
    email: text().notNull(),
    data: jsonb().notNull(),
    createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('form_submissions_kind_idx').on(t.kind, t.createdAt)],
);

/**
 * E-mail kept while no SMTP server is configured (`SMTP_URL` unset): the whole RFC 822 message, for the
 * team to read or relay. Shared by every instance; purged after a week (it may hold a recovery link).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial().primaryKey(),
    recipient: text().notNull(),
    subject: text().notNull(),
    message: text().notNull(),
    createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

/** Store-evaluation invitations: a hash of the e-mailed key; each key is answered once. */
export const storeEvaluationKeys = pgTable('store_evaluation_keys', {
  keyHash: text('key_hash').primaryKey(),
  createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
  usedAt: timestamp('used_at', { mode: 'date' }),
});

/** Store evaluations (experience and service 1 to 5, satisfied, may publish, message). */
export const storeEvaluations = pgTable('store_evaluations', {
  id: serial().primaryKey(),
  experience: integer().notNull(),
  service: integer().notNull(),
  satisfied: boolean().notNull(),
  mayPublish: boolean('may_publish').notNull(),
  message: text().notNull(),
  createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
});

/**
 * Rate-limit counters shared by every instance on one PostgreSQL (rate-limiter-flexible's
 * RateLimiterPostgres layout; `expire` in epoch milliseconds). Unused on PGlite, where counters stay in
 * the one process.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: varchar({ length: 255 }).primaryKey(),
    points: integer().notNull().default(0),
    expire: bigint({ mode: 'number' }),
  },
  (table) => [index('rate_limits_expire_idx').on(table.expire)],
);

/**
 * Answers to cart mutations sent with an `Idempotency-Key`, per session: the same key with the same body
 * answers the kept result again without applying it twice (server/idempotency.ts). Kept a day.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    sessionId: text('session_id').notNull(),
    key: text().notNull(),
    requestHash: text('request_hash').notNull(),
    /** null while the first request is still being answered. */
    status: integer(),
    body: text(),
    createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.sessionId, table.key] }),
    index('idempotency_created_idx').on(table.createdAt),
  ],
);

/**
 * Orders: one row per purchase, its money fixed when it was placed (server/orders). The number is what
 * the shopper reads ('Pedido 1042'); the idempotency key of the checkout form makes a replayed POST the
 * same order.
 */
export const orders = pgTable(
  'orders',
  {
    number: integer().primaryKey().generatedAlwaysAsIdentity({ startWith: 1001 }),
    customerId: integer('customer_id').notNull(),
    /** The session that placed it: it may open the order page too. */
    sessionId: text('session_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** awaiting_payment → paid → shipped → delivered; cancelled from the first two. */
    status: text().notNull().default('awaiting_payment'),
    payment: text().notNull(),
    subtotal: money().notNull(),
    /** The cash (Pix) discount. */
    discount: money().notNull(),
    /** The coupon the order used ('' for none) and what it took off (products and shipping). */
    couponCode: text('coupon_code').notNull().default(''),
    couponDiscount: money('coupon_discount').notNull().default(0),
    shippingPrice: money('shipping_price').notNull(),
    total: money().notNull(),
    /** The chosen delivery option as quoted (id, label, time, pickup address). */
    shipping: jsonb().notNull(),
    /** The delivery address as it was when the order was placed. */
    address: jsonb().$type<OrderAddress>().notNull(),
    /** The Pix "copia e cola" of the total. */
    pixPayload: text('pix_payload').notNull().default(''),
    /** A payment provider's charge (boleto line, payment page), for methods other than Pix. */
    paymentDetails: jsonb('payment_details').notNull().default({}),
    placedAt: timestamp('placed_at', { mode: 'date' }).notNull().defaultNow(),
    /** An unpaid order is cancelled after this and its stock returned. */
    expiresAt: timestamp('expires_at', { mode: 'date' }).notNull(),
  },
  (table) => [
    uniqueIndex('orders_idempotency_idx').on(table.customerId, table.idempotencyKey),
    index('orders_customer_idx').on(table.customerId, table.placedAt),
    index('orders_expiry_idx').on(table.status, table.expiresAt),
  ],
);

/** The lines of an order, with name and price as they were. */
export const orderItems = pgTable(
  'order_items',
  {
    orderNumber: integer('order_number').notNull(),
    position: integer().notNull(),
    productId: integer('product_id').notNull(),
    variantId: integer('variant_id').notNull(),
    sku: text().notNull(),
    name: text().notNull(),
    /** Storefront path of the product (with its finish), for the order page's link. */
    path: text().notNull(),
    quantity: integer().notNull(),
    unitPrice: money('unit_price').notNull(),
  },
  (table) => [primaryKey({ columns: [table.orderNumber, table.position] })],
);

/** Every status an order went through, for its timeline. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial().primaryKey(),
    orderNumber: integer('order_number').notNull(),
    status: text().notNull(),
    at: timestamp({ mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('order_events_order_idx').on(table.orderNumber, table.at)],
);

/** Which cart lines a coupon covers: every restriction it sets must hold (none set: every line). */
export type CouponRestriction = {
  categoryIds?: number[];
  brandIds?: number[];
  productIds?: number[];
  /** Finishes of the line's variant (the Linha preta: preto-fosco, grafite). */
  finishes?: string[];
};

/** Discount codes: what they take off, when, for whom, how many times. */
export const coupons = pgTable('coupons', {
  id: serial().primaryKey(),
  /** Upper case; shoppers type it in any case. */
  code: text().notNull().unique(),
  description: text().notNull(),
  kind: text().$type<CouponKind>().notNull(),
  /** A percentage (of the products or the shipping), or a value in reais off the products. */
  value: money().notNull().default(0),
  /** Validity, inclusive; null = open-ended. */
  startsAt: timestamp('starts_at', { mode: 'date', withTimezone: true }),
  endsAt: timestamp('ends_at', { mode: 'date', withTimezone: true }),
  minSubtotal: money('min_subtotal').notNull().default(0),
  firstPurchase: boolean('first_purchase').notNull().default(false),
  /** Orders of one customer that may use it; null = no limit. */
  usesPerCustomer: integer('uses_per_customer'),
  /** Orders that may use it in all; null = no limit. */
  maxUses: integer('max_uses'),
  /** Orders placed with it and not cancelled. */
  used: integer().notNull().default(0),
  active: boolean().notNull().default(true),
  restriction: jsonb().$type<CouponRestriction>().notNull().default({}),
  createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
});

/** "Avise-me": a shopper waiting for a sold-out finish; e-mailed once when its stock comes back. */
export const stockRequests = pgTable(
  'stock_requests',
  {
    id: serial().primaryKey(),
    productId: integer('product_id').notNull(),
    variantId: integer('variant_id').notNull(),
    name: text().notNull(),
    email: text().notNull(),
    /** The store's origin the shopper asked on: the e-mail links back to it. */
    origin: text().notNull(),
    createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
    /** When the e-mail went; null while the shopper waits. */
    notifiedAt: timestamp('notified_at', { mode: 'date' }),
  },
  (table) => [
    uniqueIndex('stock_requests_waiting_idx')
      .on(table.variantId, table.email)
      .where(sql`notified_at is null`),
  ],
);
