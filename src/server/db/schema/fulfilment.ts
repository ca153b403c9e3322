// What happens to an order after it is paid: its invoice (NF-e).
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
