// What happens to an order after it is paid: its invoice (NF-e) and its parcel.
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { money } from './columns.ts';

/**
 * An order's NF-e (modelo 55): one per order, its number the provider's `ref`, so asking twice never issues
 * twice. `status`: `processando` (the provider has it), `autorizada`, `recusada` (the provider or the SEFAZ
 * said no; `reason` says why, and it may be sent again), `cancelada`. `provider`: the invoicing provider
 * that issued it (`focusnfe`), or `erp` when the team attached an XML issued elsewhere.
 */
export const invoices = pgTable('invoices', {
  orderNumber: integer('order_number').primaryKey(),
  provider: text().notNull(),
  status: text().notNull(),
  number: text().notNull().default(''),
  series: text().notNull().default(''),
  /** The 44-digit access key (chave de acesso). */
  accessKey: text('access_key').notNull().default(''),
  /** Where the DANFE (PDF) and the authorised XML are downloaded from. */
  danfeUrl: text('danfe_url').notNull().default(''),
  xmlUrl: text('xml_url').notNull().default(''),
  /** The authorised XML itself when the team attached it (an ERP's NF-e); served by the store. */
  xml: text().notNull().default(''),
  /** The provider's or the SEFAZ's last word when it refused (never a secret or personal data). */
  reason: text().notNull().default(''),
  /** The last correction letter (carta de correção): its sequence and PDF. */
  correctionNumber: integer('correction_number').notNull().default(0),
  correctionPdfUrl: text('correction_pdf_url').notNull().default(''),
  /** When the SEFAZ authorised it (the cancellation window counts from here). */
  authorizedAt: timestamp('authorized_at', { mode: 'date', withTimezone: true }),
  /** When the buyer was e-mailed the authorised invoice (once). */
  buyerToldAt: timestamp('buyer_told_at', { mode: 'date', withTimezone: true }),
  actor: text().notNull().default(''),
  createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { mode: 'date', withTimezone: true }).notNull().defaultNow(),
});

/**
 * An order's parcel at the shipping provider: one per order. `status` is the last step done there (`nova`,
 * `carrinho`, `paga`, `gerada`: the label exists; then `postada`, `entregue`, `cancelada`, `nao_entregue` as
 * the carrier reports); a failed step keeps the status and says why in `reason`, and the next try resumes
 * from it, so a label is never bought twice. `busyUntil` holds the row while one instance works on it.
 */
export const shipments = pgTable('shipments', {
  orderNumber: integer('order_number').primaryKey(),
  provider: text().notNull(),
  status: text().notNull(),
  serviceId: text('service_id').notNull().default(''),
  carrier: text().notNull().default(''),
  service: text().notNull().default(''),
  price: money().notNull().default(0),
  days: integer().notNull().default(0),
  /** The provider's id of the shipment (its cart entry), once made. */
  shipmentId: text('shipment_id').notNull().default(''),
  tracking: text().notNull().default(''),
  labelUrl: text('label_url').notNull().default(''),
  reason: text().notNull().default(''),
  postedAt: timestamp('posted_at', { mode: 'date', withTimezone: true }),
  deliveredAt: timestamp('delivered_at', { mode: 'date', withTimezone: true }),
  busyUntil: timestamp('busy_until', { mode: 'date', withTimezone: true }),
  /** When its tracking was last read (null: never): the sweep reads the longest unread first. */
  trackedAt: timestamp('tracked_at', { mode: 'date', withTimezone: true }),
  actor: text().notNull().default(''),
  createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { mode: 'date', withTimezone: true }).notNull().defaultNow(),
});
