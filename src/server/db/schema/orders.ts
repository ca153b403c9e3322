// Orders, their lines and their timeline; coupons and what they cover.
import { sql } from 'drizzle-orm';
import type { OrderAddress } from '#/contract/address.ts';
import type { CouponKind } from '#/contract/coupon.ts';
import {
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
} from 'drizzle-orm/pg-core';
import { money } from './columns.ts';

/**
 * Money sent back to a buyer through the provider that took it: a ledger row written in the same transaction
 * that decides the refund (the team's click, or money that arrived after the order was cancelled), then asked
 * at the provider and read again there until its outcome is final. `ref` is the store's id of the refund at
 * the provider (the Pix devolução id, Mercado Pago's idempotency key), so asking twice is one refund.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial().primaryKey(),
    orderNumber: integer('order_number').notNull(),
    provider: text().notNull(),
    ref: text().notNull(),
    /** What was refunded there: the Pix's end-to-end id, or the provider's payment id. */
    source: text().notNull(),
    amount: money().notNull(),
    /**
     * `pendente` (written, to be asked), `em_processamento` (asked; read again until final), then final:
     * `devolvido`, `recusado` (the provider said no) or `parado` (no answer after every try): the last two
     * are alerts for the owners.
     */
    status: text().notNull().default('pendente'),
    /** `pago_apos_cancelamento`, `pagamento_a_mais` (the store refunds on its own) or `pedido_da_equipe`. */
    reason: text().notNull(),
    actor: text().notNull().default(''),
    /** The provider's own id of the refund, when it has one to read it by (Mercado Pago's). */
    providerId: text('provider_id').notNull().default(''),
    /** Calls made so far (asks and reads), and when the next one is due: the backoff. */
    tries: integer().notNull().default(0),
    nextTryAt: timestamp('next_try_at', { mode: 'date', withTimezone: true }).notNull().defaultNow(),
    /** What the provider (or the failure) last said, for the team. */
    detail: text().notNull().default(''),
    createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
    /** When the outcome became final (devolvido, recusado, parado). */
    settledAt: timestamp('settled_at', { mode: 'date', withTimezone: true }),
  },
  (table) => [
    uniqueIndex('refunds_ref_idx').on(table.provider, table.ref),
    index('refunds_order_idx').on(table.orderNumber),
    index('refunds_due_idx')
      .on(table.nextTryAt)
      .where(sql`${table.status} in ('pendente', 'em_processamento')`),
  ],
);

/**
 * Money a provider took back from the store after paying it: a card chargeback, a payment Mercado Pago
 * refunded or cancelled on its own, a Pix returned through the Banco Central's MED. One row per payment taken
 * (`source`: the provider's payment id or the Pix's end-to-end id). While `retido` the order is held from labels
 * and "enviado" and the owners are alerted; the team decides `seguir` (ship anyway) or `cancelado` (the order
 * cancelled, nothing to refund); `recuperado` when the provider gives it back (a chargeback the store won).
 */
export const takebacks = pgTable(
  'takebacks',
  {
    id: serial().primaryKey(),
    orderNumber: integer('order_number').notNull(),
    provider: text().notNull(),
    source: text().notNull(),
    /** `contestado` (chargeback), `estornado` (refunded by the provider), `cancelado`, `med` (Pix MED). */
    kind: text().notNull(),
    amount: money().notNull(),
    status: text().notNull().default('retido'),
    /** What the provider said (its status and detail), for the team. */
    detail: text().notNull().default(''),
    /** Who decided and what they wrote ('' while undecided). */
    actor: text().notNull().default(''),
    note: text().notNull().default(''),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { mode: 'date', withTimezone: true }),
  },
  (table) => [
    uniqueIndex('takebacks_source_idx').on(table.provider, table.source),
    index('takebacks_order_idx').on(table.orderNumber),
  ],
);

/** Work one instance does at a time (the minute's payment sweep): held until `until`, then anyone's. */
export const leases = pgTable('leases', {
  name: text().primaryKey(),
  holder: text().notNull(),
  until: timestamp({ mode: 'date', withTimezone: true }).notNull(),
});

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
    /**
     * Who holds the charge: '' (the static Pix, confirmed by the team), `pix-api` (a PSP's dynamic Pix), or a
     * provider's name; `providerRef` is its id there (the Pix txid).
     */
    provider: text().notNull().default(''),
    providerRef: text('provider_ref').notNull().default(''),
    /**
     * The provider's charge as the store last knew it: '' (none), `ativa` (payable: the minute sweep reads
     * it), `concluida` (paid), `removida` (no longer payable), `devolvida` (refunded by the store), `tomada`
     * (taken back by the provider: a chargeback, a MED return; see `takebacks`).
     */
    chargeState: text('charge_state').notNull().default(''),
    /** Who carries a shipped order and its tracking code, as the team typed them ('' when not given). */
    carrier: text().notNull().default(''),
    trackingCode: text('tracking_code').notNull().default(''),
    placedAt: timestamp('placed_at', { mode: 'date' }).notNull().defaultNow(),
    /** An unpaid order is cancelled after this and its stock returned. */
    expiresAt: timestamp('expires_at', { mode: 'date' }).notNull(),
    /**
     * When the team was reminded that this order, waiting for them to confirm a static Pix, is about to
     * expire (null: not yet). Such an order is never cancelled before the team has had the reminder for a
     * while (orders/status.ts), and giving it more time clears it, so the new deadline is reminded too.
     */
    teamRemindedAt: timestamp('team_reminded_at', { mode: 'date', withTimezone: true }),
    /**
     * When a provider's paid charge is read again (a chargeback, a MED return, a second payment whose notice
     * was lost), and how many times it was: spaced out for months after payment (payments/recheck.ts).
     */
    recheckAt: timestamp('recheck_at', { mode: 'date', withTimezone: true }),
    rechecks: integer().notNull().default(0),
    /** When the buyer (and, for a static Pix, the team) was e-mailed that the order expired unpaid (once). */
    expiryToldAt: timestamp('expiry_told_at', { mode: 'date', withTimezone: true }),
    /** When the buyer was e-mailed that the order still waits for its Pix or boleto (once; orders/payment-reminder.ts). */
    buyerRemindedAt: timestamp('buyer_reminded_at', { mode: 'date', withTimezone: true }),
    /** Where the sale was made: `site` (the checkout), or by the team: `telefone`, `whatsapp`, `balcao`. */
    channel: text().notNull().default('site'),
    /** The team member who entered an order made by hand ('' for the site's). */
    placedBy: text('placed_by').notNull().default(''),
    /** A discount the team gave by hand on an order made in the panel, and why (0 and '' for none). */
    handDiscount: money('hand_discount').notNull().default(0),
    handDiscountReason: text('hand_discount_reason').notNull().default(''),
  },
  (table) => [
    uniqueIndex('orders_idempotency_idx').on(table.customerId, table.idempotencyKey),
    index('orders_customer_idx').on(table.customerId, table.placedAt),
    index('orders_expiry_idx').on(table.status, table.expiresAt),
    // The back office lists orders newest first, by status or not.
    index('orders_placed_idx').on(table.placedAt),
    // A provider's notice names its charge; the minute sweep reads the charges still payable.
    uniqueIndex('orders_provider_ref_idx')
      .on(table.provider, table.providerRef)
      .where(sql`${table.providerRef} <> ''`),
    index('orders_open_charge_idx')
      .on(table.number)
      .where(sql`${table.chargeState} = 'ativa'`),
    index('orders_recheck_idx')
      .on(table.recheckAt)
      .where(sql`${table.recheckAt} is not null`),
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
    /**
     * Who moved it: `cliente` (placed it), `token` or `equipe:<id>` (staff API, back office), `psp` (a payment
     * provider's notice or answer), '' the store itself.
     */
    actor: text().notNull().default(''),
    /**
     * '' for a change of status; otherwise what happened to the payment while the status stayed (a charge
     * made, a notice read, a refund), for the team's timeline only: no secrets, card or personal data.
     */
    note: text().notNull().default(''),
    at: timestamp({ mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('order_events_order_idx').on(table.orderNumber, table.at)],
);

/** Which cart lines a coupon covers: every restriction it sets must hold (none set: every line). */
/** What the team writes on an order for itself (a call with the buyer, a promise made): never shown to the buyer. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: serial().primaryKey(),
    orderNumber: integer('order_number').notNull(),
    /** `equipe:{id}` or `token` (staff/audit.ts). */
    actor: text().notNull(),
    text: text().notNull(),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_notes_order_idx').on(table.orderNumber, table.id)],
);

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
