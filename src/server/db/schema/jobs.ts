// What the store sends and sweeps, as its own tables beside the queue's (pg-boss keeps its jobs in its own
// schema): each message written with the change that caused it, and each sweep's last run.
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Where a message is: waiting to leave, left (SMTP took it), kept (no SMTP: the outbox), or failed for good. */
export type MailState = 'fila' | 'enviado' | 'guardado' | 'falhou';

/**
 * One e-mail the store must send. Written in the transaction of the change it tells of, with the queue's
 * job (same id), so a committed change always has its message and a rolled-back one never does. The id is
 * also the message's `Message-ID`: a retry after a lost answer is the same message to the person's mail app.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: uuid().primaryKey(),
    /** What kind of message (`pedido-enviado`, `codigo-cadastro`…): logs and the panel name it by this. */
    kind: text().notNull(),
    recipient: text().notNull(),
    subject: text().notNull(),
    /** The text, the HTML when there is a richer version, extra headers; emptied once the message left. */
    body: jsonb()
      .$type<{ text: string; html?: string | undefined; headers?: Record<string, string> | undefined }>()
      .notNull(),
    /** The order the message is about, when it is about one (the order's page lists its messages). */
    orderNumber: integer('order_number'),
    state: text().$type<MailState>().notNull().default('fila'),
    attempts: integer().notNull().default(0),
    /** The last failure, in words for the team (the SMTP server's answer, or why it could not be reached). */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { mode: 'date', withTimezone: true }),
    failedAt: timestamp('failed_at', { mode: 'date', withTimezone: true }),
  },
  (table) => [
    index('mail_messages_state_idx').on(table.state, table.createdAt),
    index('mail_messages_order_idx').on(table.orderNumber),
  ],
);

/** Each sweep's last run across every instance: when, how long, what it did or why it failed. */
export const sweepRuns = pgTable('sweep_runs', {
  name: text().primaryKey(),
  startedAt: timestamp('started_at', { mode: 'date', withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { mode: 'date', withTimezone: true }),
  /** What the last run did, in words ("2 pedidos expirados"), or empty when it found nothing to do. */
  said: text().notNull().default(''),
  /** The last failure's reason, kept until a run succeeds. */
  error: text(),
  failedAt: timestamp('failed_at', { mode: 'date', withTimezone: true }),
  runs: integer().notNull().default(0),
});
