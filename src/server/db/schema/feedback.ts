// What shoppers tell the store: newsletter sign-ups, forms, store evaluations, "Avise-me" requests, product reviews.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Newsletter sign-ups, one per e-mail. */
export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  email: text().primaryKey(),
  name: text().notNull().default(''),
  createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
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
    /** When the team marked it answered, and who (`equipe:{id}`); null while it waits (staff/inbox.ts). */
    answeredAt: timestamp('answered_at', { mode: 'date', withTimezone: true }),
    answeredBy: text('answered_by').notNull().default(''),
  },
  (t) => [
    index('form_submissions_kind_idx').on(t.kind, t.createdAt),
    index('form_submissions_created_idx').on(t.createdAt),
  ],
);

/**
 * The team's answers to a message of the inbox (`formulario-12`, `avaliacao-3`), each e-mailed through the
 * store's mailer as the message `resposta:{id}` (jobs/mail.ts): the thread reads who wrote, when, what, and
 * where the e-mail is.
 */
export const messageReplies = pgTable(
  'message_replies',
  {
    id: serial().primaryKey(),
    messageId: text('message_id').notNull(),
    /** The member who wrote it (`equipe:{id}`). */
    author: text().notNull(),
    recipient: text().notNull(),
    body: text().notNull(),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_replies_message_idx').on(t.messageId, t.createdAt)],
);

/** Ready answers the team saved to start a reply from (`{nome}` becomes the sender's first name). */
export const readyAnswers = pgTable('ready_answers', {
  id: serial().primaryKey(),
  title: text().notNull().unique(),
  body: text().notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow(),
});

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
  /** When the team marked it answered, and who; null while it waits (staff/inbox.ts). */
  answeredAt: timestamp('answered_at', { mode: 'date', withTimezone: true }),
  answeredBy: text('answered_by').notNull().default(''),
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

/** Where a product review stands: waiting for the team, shown, or turned down. */
export type ReviewStatus = 'pending' | 'approved' | 'rejected';

/**
 * Product reviews written by customers (one per customer and product), shown once the team approves
 * them. `verified`: the customer had bought the product when writing or when the review was approved.
 */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: serial().primaryKey(),
    productId: integer('product_id').notNull(),
    customerId: integer('customer_id').notNull(),
    /** The name shown with the review (the customer chooses it: "Ana S."). */
    name: text().notNull(),
    rating: integer().notNull(),
    comment: text().notNull(),
    recommends: boolean().notNull(),
    verified: boolean().notNull().default(false),
    status: text().$type<ReviewStatus>().notNull().default('pending'),
    createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
    moderatedAt: timestamp('moderated_at', { mode: 'date' }),
    /** Why the team rejected it ('' otherwise), for the team's record. */
    rejectReason: text('reject_reason').notNull().default(''),
  },
  (table) => [
    uniqueIndex('product_reviews_author_idx').on(table.customerId, table.productId),
    index('product_reviews_shown_idx').on(table.productId, table.status, table.createdAt),
    index('product_reviews_queue_idx').on(table.status, table.createdAt),
  ],
);
