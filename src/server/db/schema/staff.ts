// What the store's team does: every change made through the staff API (and the back office), for the record.
import { index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One change: who made it (`token` for the automation token, later a staff member), what (`action`), to
 * which thing (`entity`, `entityId`), and the fields it changed as they were and as they became.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial().primaryKey(),
    actor: text().notNull(),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb().$type<Record<string, unknown> | null>(),
    after: jsonb().$type<Record<string, unknown> | null>(),
    at: timestamp({ mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_entity_idx').on(table.entity, table.entityId, table.at),
    index('audit_log_at_idx').on(table.at),
  ],
);
