import { and, lt, ne, sql } from 'drizzle-orm';
import { SESSION_LIFETIME } from './accounts/sessions.ts';
import { inTransaction, PURGE_LOCK, queryRows } from './db/client.ts';
import { errorCode } from './db/health.ts';
import type { Database, Db } from './db/client.ts';
import * as t from './db/schema.ts';
import { notifyRestocked } from './forms/stock-requests.ts';
import { purgeSignupCodes } from './accounts/signup-codes.ts';
import { purgeLoginCodes } from './accounts/login-watch.ts';
import type { Mailer } from './mail/mailer.ts';
import { remindBuyersOfPayment } from './orders/payment-reminder.ts';
import { remindAbandonedCarts } from './cart/abandoned.ts';
import { tellExpiredOrders } from './orders/expiry-mail.ts';
import { expireOrders } from './orders/status.ts';
import { purgeStaffSessions } from './staff/sessions.ts';
import { remindTeamOfWaitingOrders } from './staff/team-mail.ts';
import { dropUnusedBannerImages } from './staff/banner-images.ts';

/** How long a kept `Idempotency-Key` answer is replayed. */
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60 * 1000;
const ago = (ms: number) => sql`now() - ${`${String(ms)} milliseconds`}::interval`;

/** How long e-mail kept without SMTP stays in the outbox table. */
export const OUTBOX_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/** How long a message the queue sent (or that failed for good) is kept, for the order's page and the panel. */
export const MAIL_MESSAGES_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

/** How long a sent catalogue sheet is kept for its apply. */
export const CATALOG_IMPORT_KEEP_MS = 2 * 24 * 60 * 60 * 1000;

export type Purged = {
  sessions: number;
  cartLines: number;
  idempotencyKeys: number;
  resetLinks: number;
  outbox: number;
  mailMessages: number;
  staffSessions: number;
  catalogImports: number;
  signupCodes: number;
  loginCodes: number;
  bannerImages: number;
};

/**
 * Forget what has expired: sessions idle past their keep time (with their CEP and login), cart lines of
 * sessions that no longer exist, replay answers older than a day, password-reset links past their
 * hour, e-mail kept in the outbox for a week, messages the queue finished with after a month, back-office sessions and links past their lifetime, catalogue sheets after two days, sign-up and held-login codes past their 15 minutes, banner images no banner took within a day. On PostgreSQL one instance purges at a time; the others skip (`undefined`).
 */
export async function purgeExpired(database: Database): Promise<Purged | undefined> {
  return inTransaction(database.db, async (db) => {
    if (database.kind === 'postgres') {
      const [lock] = await queryRows<{ got: boolean }>(
        db,
        sql`SELECT pg_try_advisory_xact_lock(${PURGE_LOCK}) AS got`,
      );
      if (!lock?.got) return undefined;
    }
    const sessions = await db
      .delete(t.sessions)
      .where(lt(t.sessions.updatedAt, ago(SESSION_LIFETIME.keepMs)))
      .returning({ id: t.sessions.id });
    const cartLines = await db
      .delete(t.cartItems)
      .where(sql`NOT EXISTS (SELECT 1 FROM ${t.sessions} WHERE ${t.sessions.id} = ${t.cartItems.sessionId})`)
      .returning({ id: t.cartItems.sessionId });
    // Carts counted for the dashboard forget the session once it is gone: the count stays, the visitor does not.
    await db
      .update(t.cartsStarted)
      .set({ sessionId: null })
      .where(
        sql`${t.cartsStarted.sessionId} is not null and NOT EXISTS (SELECT 1 FROM ${t.sessions} WHERE ${t.sessions.id} = ${t.cartsStarted.sessionId})`,
      );
    const idempotencyKeys = await db
      .delete(t.idempotencyKeys)
      .where(lt(t.idempotencyKeys.createdAt, ago(IDEMPOTENCY_KEEP_MS)))
      .returning({ key: t.idempotencyKeys.key });
    const resetLinks = await db
      .delete(t.passwordResets)
      .where(lt(t.passwordResets.expiresAt, sql`now()`))
      .returning({ hash: t.passwordResets.tokenHash });
    const outbox = await db
      .delete(t.mailOutbox)
      .where(lt(t.mailOutbox.createdAt, ago(OUTBOX_KEEP_MS)))
      .returning({ id: t.mailOutbox.id });
    const mailMessages = await db
      .delete(t.mailMessages)
      .where(and(ne(t.mailMessages.state, 'fila'), lt(t.mailMessages.createdAt, ago(MAIL_MESSAGES_KEEP_MS))))
      .returning({ id: t.mailMessages.id });
    const staffSessions = await purgeStaffSessions(db);
    const catalogImports = await db
      .delete(t.catalogImports)
      .where(lt(t.catalogImports.createdAt, ago(CATALOG_IMPORT_KEEP_MS)))
      .returning({ id: t.catalogImports.id });
    const signupCodes = await purgeSignupCodes(db);
    const loginCodes = await purgeLoginCodes(db);
    const bannerImages = await dropUnusedBannerImages(db);
    return {
      bannerImages,
      signupCodes,
      loginCodes,
      staffSessions,
      catalogImports: catalogImports.length,
      sessions: sessions.length,
      cartLines: cartLines.length,
      idempotencyKeys: idempotencyKeys.length,
      resetLinks: resetLinks.length,
      outbox: outbox.length,
      mailMessages: mailMessages.length,
    };
  });
}

/** What the order round needs: the database, the mailer, where links point and the offers' signing key. */
export type OrderRoundDeps = {
  db: Db;
  mailer: Mailer;
  origin: string;
  /** The key that signs the way out of offers in a cart reminder (the session key, accounts/sessions.ts). */
  key: () => Promise<string>;
};

/**
 * The minute's round (jobs/store-sweeps.ts): remind the team of static-Pix orders about to expire, remind
 * carts and buyers, cancel unpaid orders past their time (and past the team's reminder) and return their
 * stock, tell the expired orders' buyers and team, then e-mail the shoppers waiting for a finish that is back
 * in stock (however it came back). Each order changes status, and each waiting request is claimed, in one
 * conditional UPDATE, so a round run twice does each thing once. A step that fails does not stop the others;
 * the round fails (and the panel says so) when any did.
 */
export async function runOrderRound(deps: OrderRoundDeps): Promise<string> {
  const { db, mailer, origin } = deps;
  const said: string[] = [];
  const failed: string[] = [];
  const step = async <T>(what: string, work: () => Promise<T>, tell: (result: T) => string) => {
    try {
      const told = tell(await work());
      if (told) said.push(told);
    } catch (error) {
      failed.push(`${what} (${errorCode(error)})`);
    }
  };
  const n = (list: readonly unknown[]) => list.length;
  await step(
    'lembretes à equipe',
    () => remindTeamOfWaitingOrders({ db, mailer, origin }),
    (numbers) => (numbers.length ? `equipe lembrada de ${String(n(numbers))} pedidos` : ''),
  );
  await step(
    'lembretes de carrinho',
    () => remindAbandonedCarts({ db, mailer, origin, key: deps.key }),
    (count) => (count ? `${String(count)} carrinhos lembrados` : ''),
  );
  await step(
    'lembretes de pagamento',
    () => remindBuyersOfPayment({ db, mailer, origin }),
    (numbers) => (numbers.length ? `${String(n(numbers))} clientes lembrados de pagar` : ''),
  );
  await step(
    'expiração',
    () => expireOrders(db),
    (numbers) => (numbers.length ? `${String(n(numbers))} pedidos expirados` : ''),
  );
  await step(
    'avisos de expiração',
    () => tellExpiredOrders({ db, mailer, origin }),
    (numbers) => (numbers.length ? `${String(n(numbers))} expirações avisadas` : ''),
  );
  await step(
    'avisos de estoque',
    () => notifyRestocked(db, mailer),
    (sent) => (sent ? `${String(sent)} avisos de volta ao estoque` : ''),
  );
  if (failed.length > 0) throw new Error(`falharam: ${failed.join(', ')}`);
  return said.join('; ');
}
