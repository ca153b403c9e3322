// One concern: the one reminder a buyer gets while their Pix or boleto has not arrived and time runs out.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import type { Mailer } from '#/server/mail/mailer.ts';
import { remindBuyer } from './mail.ts';

/**
 * When a waiting order is reminded: once a third of its time is left (10 minutes of a 30-minute Pix), and
 * at most a day before its end (a boleto that waits three days is reminded on the last one).
 */
const dueForReminder = sql`${t.orders.expiresAt} - least(interval '24 hours', (${t.orders.expiresAt} - ${t.orders.placedAt}) / 3) <= now()`;

/**
 * E-mail every buyer whose Pix or boleto order is due a reminder and has not had one. Each order is claimed
 * in one conditional UPDATE, so two instances sweeping at once remind once. Returns the numbers reminded.
 */
export async function remindBuyersOfPayment(deps: {
  db: Db;
  mailer: Mailer;
  origin: string;
}): Promise<number[]> {
  const due = await deps.db
    .update(t.orders)
    .set({ buyerRemindedAt: sql`now()` })
    .where(
      and(
        eq(t.orders.status, 'awaiting_payment'),
        inArray(t.orders.payment, ['pix', 'boleto']),
        isNull(t.orders.buyerRemindedAt),
        sql`${t.orders.expiresAt} > now()`,
        dueForReminder,
      ),
    )
    .returning({ number: t.orders.number });
  const reminded: number[] = [];
  for (const { number } of due)
    if (await remindBuyer(deps.db, deps.mailer, deps.origin, number)) reminded.push(number);
  return reminded;
}
