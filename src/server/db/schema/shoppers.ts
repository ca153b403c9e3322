// Shoppers' sessions, accounts, addresses, favourites and carts, and the infrastructure tables their requests use.
import { sql } from 'drizzle-orm';
import type { Address } from '#/contract/address.ts';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

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
  /** A company's state registration (digits), `ISENTO`, or empty (not a contributor of ICMS); NF-e's indIEDest. */
  stateRegistration: text('state_registration').notNull().default(''),
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

/**
 * Carts as the dashboard counts them, with no tracking: a row when a session's cart gets its first item,
 * marked when that cart becomes an order. The session is forgotten when the session is (housekeeping.ts),
 * so what stays is a count of carts started and ordered, by day.
 */
export const cartsStarted = pgTable(
  'carts_started',
  {
    id: serial().primaryKey(),
    sessionId: text('session_id'),
    startedAt: timestamp('started_at', { mode: 'date', withTimezone: true }).notNull().defaultNow(),
    orderedAt: timestamp('ordered_at', { mode: 'date', withTimezone: true }),
    /** When its customer was reminded of it (once; only with their consent to offers: cart/abandoned.ts). */
    remindedAt: timestamp('reminded_at', { mode: 'date', withTimezone: true }),
  },
  (t) => [
    // One open cart per session.
    uniqueIndex('carts_started_open_idx')
      .on(t.sessionId)
      .where(sql`${t.orderedAt} is null`),
    index('carts_started_day_idx').on(t.startedAt),
  ],
);

/** Password reset links: only a hash of the token is kept; each link works once, for an hour. */
export const passwordResets = pgTable('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  customerId: integer('customer_id').notNull(),
  expiresAt: timestamp('expires_at', { mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { mode: 'date' }),
});

/**
 * Sign-ups waiting for the code e-mailed to their address. Every sign-up gets one, an e-mail that already has
 * an account too (`account` null: no code opens it), so the answer never tells who is a customer. Only the
 * SHA-256 of the challenge and of the code are kept.
 */
export const signupCodes = pgTable(
  'signup_codes',
  {
    challengeHash: text('challenge_hash').primaryKey(),
    codeHash: text('code_hash').notNull(),
    /** The account to create once the code is typed (the password already hashed); null: nothing to create. */
    account: jsonb().$type<Omit<typeof customers.$inferInsert, 'id' | 'createdAt'> | null>(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp('expires_at', { mode: 'date' }).notNull(),
  },
  (table) => [index('signup_codes_expiry_idx').on(table.expiresAt)],
);

/**
 * Logins held for a code while the store is under a spread credential-stuffing attack (accounts/login-watch.ts):
 * one row per attempt from a device that never logged in, right password or not (`customerId` null: no
 * code opens it), so the answer never tells a right password from a wrong one.
 */
export const loginCodes = pgTable(
  'login_codes',
  {
    challengeHash: text('challenge_hash').primaryKey(),
    customerId: integer('customer_id'),
    codeHash: text('code_hash').notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp('expires_at', { mode: 'date' }).notNull(),
  },
  (table) => [index('login_codes_expiry_idx').on(table.expiresAt)],
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
