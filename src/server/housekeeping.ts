import { lt, sql } from 'drizzle-orm';
import { SESSION_LIFETIME } from './accounts/sessions.ts';
import { inTransaction, PURGE_LOCK, queryRows } from './db/client.ts';
import { errorCode } from './db/health.ts';
import type { Database } from './db/client.ts';
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
/** How often each instance purges (the first purge runs a minute after start). */
export const PURGE_EVERY_MS = 60 * 60 * 1000;

const ago = (ms: number) => sql`now() - ${`${String(ms)} milliseconds`}::interval`;

/** How long e-mail kept without SMTP stays in the outbox table. */
export const OUTBOX_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/** How long a sent catalogue sheet is kept for its apply. */
export const CATALOG_IMPORT_KEEP_MS = 2 * 24 * 60 * 60 * 1000;

export type Purged = {
  sessions: number;
  cartLines: number;
  idempotencyKeys: number;
  resetLinks: number;
  outbox: number;
  staffSessions: number;
  catalogImports: number;
  signupCodes: number;
  loginCodes: number;
  bannerImages: number;
};

/**
 * Forget what has expired: sessions idle past their keep time (with their CEP and login), cart lines of
 * sessions that no longer exist, replay answers older than a day, password-reset links past their
 * hour, e-mail kept in the outbox for a week, back-office sessions and links past their lifetime, catalogue sheets after two days, sign-up and held-login codes past their 15 minutes, banner images no banner took within a day. On PostgreSQL one instance purges at a time; the others skip (`undefined`).
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
    };
  });
}

/** Purge every `PURGE_EVERY_MS` in the background; a failure (database away) waits for the next round. */
export function purgeInBackground(database: Database): () => void {
  const run = () => {
    purgeExpired(database)
      .then((purged) => {
        if (purged && Object.values(purged).some((n) => n > 0))
          console.log(`[platform] purged expired: ${JSON.stringify(purged)}`);
      })
      .catch((error: unknown) => {
        console.error(`[platform] purge skipped (${errorCode(error)}); trying again next round`);
      });
  };
  const first = setTimeout(run, 60_000);
  const every = setInterval(run, PURGE_EVERY_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}

/** How often each instance cancels unpaid orders past their time (a minute's lateness at most). */
export const EXPIRE_ORDERS_EVERY_MS = 60 * 1000;

/**
 * Every minute on each instance: remind the team of static-Pix orders about to expire, cancel unpaid orders
 * past their time (and past the team's reminder) and return their stock, then
 * e-mail the shoppers waiting for a finish that is back in stock (however it came back: a cancelled order,
 * an import, an operator's SQL). No lock is needed: each order changes status, and each waiting request is
 * claimed, in one conditional UPDATE, so two instances sweeping at once do each thing once.
 */
export function expireOrdersInBackground(
  database: Database,
  mailer: Mailer,
  origin: string,
  /** The key that signs the way out of offers in a cart reminder (the session key, accounts/sessions.ts). */
  key: () => Promise<string>,
): () => void {
  const every = setInterval(() => {
    remindTeamOfWaitingOrders({ db: database.db, mailer, origin })
      .then((numbers) => {
        if (numbers.length > 0)
          console.log(`[platform] team reminded of waiting Pix orders: ${numbers.join(', ')}`);
      })
      .catch((error: unknown) => {
        console.error(`[platform] team reminders skipped (${errorCode(error)}); trying again next round`);
      })
      .then(() => remindAbandonedCarts({ db: database.db, mailer, origin, key }))
      .then((n) => {
        if (n > 0) console.log(`[platform] customers reminded of their carts: ${String(n)}`);
      })
      .catch((error: unknown) => {
        console.error(`[platform] cart reminders skipped (${errorCode(error)}); trying again next round`);
      })
      .then(() => remindBuyersOfPayment({ db: database.db, mailer, origin }))
      .then((numbers) => {
        if (numbers.length > 0) console.log(`[platform] buyers reminded to pay: ${numbers.join(', ')}`);
      })
      .catch((error: unknown) => {
        console.error(`[platform] buyer reminders skipped (${errorCode(error)}); trying again next round`);
      })
      .then(() => expireOrders(database.db))
      .then((numbers) => {
        if (numbers.length > 0) console.log(`[platform] unpaid orders expired: ${String(numbers.length)}`);
      })
      .catch((error: unknown) => {
        console.error(`[platform] order expiry skipped (${errorCode(error)}); trying again next round`);
      })
      // However an order expired (this round, or a page that read it), its buyer and team hear it once.
      .then(() => tellExpiredOrders({ db: database.db, mailer, origin }))
      .then((numbers) => {
        if (numbers.length > 0) console.log(`[platform] expired orders told: ${numbers.join(', ')}`);
      })
      .catch((error: unknown) => {
        console.error(`[platform] expired orders not told (${errorCode(error)}); trying again next round`);
      })
      .then(() => notifyRestocked(database.db, mailer))
      .then((sent) => {
        if (sent > 0) console.log(`[platform] back-in-stock e-mails sent: ${String(sent)}`);
      })
      .catch((error: unknown) => {
        console.error(
          `[platform] back-in-stock e-mails skipped (${errorCode(error)}); trying again next round`,
        );
      });
  }, EXPIRE_ORDERS_EVERY_MS);
  every.unref();
  return () => {
    clearInterval(every);
  };
}
