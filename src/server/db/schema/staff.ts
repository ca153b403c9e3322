// The store's team: its members, their panel sessions and one-time links, and the record of every change they make.
import type { Papel } from '#/contract/staff.ts';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One change: who made it (`token` for the automation token, `equipe:<id>` for a staff member), what
 * (`action`), to which thing (`entity`, `entityId`), and the fields it changed as they were and as they became.
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

/** A member of the store's team: what the role lets them do in the back office and the staff API. */
export const staffMembers = pgTable('staff_members', {
  id: serial().primaryKey(),
  /** Lower case. */
  email: text().notNull().unique(),
  name: text().notNull(),
  role: text().$type<Papel>().notNull(),
  /** Empty until the member sets one through their one-time link. */
  passwordHash: text('password_hash').notNull().default(''),
  /** Switched off: no login, every session ended; kept for the record of what they did. */
  active: boolean().notNull().default(true),
  /** The second factor (TOTP, base32) once confirmed ('' = none), and one being enrolled. */
  totpSecret: text('totp_secret').notNull().default(''),
  totpPending: text('totp_pending').notNull().default(''),
  /** The last time step a code was accepted at: a code is taken once. */
  totpLastStep: integer('totp_last_step').notNull().default(0),
  /** SHA-256 of each unused recovery code. */
  recoveryCodes: jsonb('recovery_codes').$type<string[]>().notNull().default([]),
  createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
});

/**
 * Panel sessions: the SHA-256 of the token the member's browser holds (a stolen table opens nothing). A
 * session ends 30 minutes after its last request and 12 hours after the login, whatever happens.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    memberId: integer('member_id').notNull(),
    createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
    seenAt: timestamp('seen_at', { mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('staff_sessions_member_idx').on(table.memberId)],
);

/** One-time links to set a password (a new member, or one who forgot it): SHA-256 of the token, used once. */
export const staffLinks = pgTable(
  'staff_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    memberId: integer('member_id').notNull(),
    expiresAt: timestamp('expires_at', { mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { mode: 'date' }),
  },
  (table) => [index('staff_links_member_idx').on(table.memberId)],
);

/**
 * A catalogue sheet the team sent (its bytes in base64), kept between its dry run and its apply so
 * the apply reads the very file that was checked; swept after two days (housekeeping.ts).
 */
export const catalogImports = pgTable('catalog_imports', {
  id: text().primaryKey(),
  actor: text().notNull(),
  fileName: text('file_name').notNull(),
  format: text().$type<'csv' | 'xlsx'>().notNull(),
  content: text().notNull(),
  createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
  appliedAt: timestamp('applied_at', { mode: 'date' }),
});

/**
 * A provider the owner set up in the panel (/painel/integracoes): `provider` is one of the integrations'
 * ids (smtp, pix, mercadopago, focusnfe, melhorenvio). `fields` holds what may be shown back (addresses,
 * ids); `sealed` the secrets as one JSON object sealed like the second factor's (never shown back). The
 * environment's variables for the same provider win over this row (docs/operations.md).
 */
export const integrations = pgTable('integrations', {
  provider: text().primaryKey(),
  fields: jsonb().$type<Record<string, string>>().notNull(),
  sealed: text().notNull().default(''),
  /** The last "Testar conexão": when, whether it answered as expected, and what was said. */
  testedAt: timestamp('tested_at', { withTimezone: true, mode: 'date' }),
  testOk: boolean('test_ok'),
  testMessage: text('test_message'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
