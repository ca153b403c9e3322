import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { loadSettings } from '#/server/content/settings.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { postInBackground } from '#/server/mail/mailer.ts';
import type { Mailer } from '#/server/mail/mailer.ts';
import { firstName } from './customers.ts';
import type { Customer } from './customers.ts';
import { hashPassword } from './passwords.ts';
import { endLogins } from './sessions.ts';

/** How long a recovery link works (it also works once). */
export const RESET_TTL_MS = 60 * 60 * 1000;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A new recovery token for the customer (only its hash is stored); the link carries the token. */
export async function createResetToken(db: Db, customerId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(t.passwordResets).values({
    tokenHash: tokenHash(token),
    customerId,
    expiresAt: new Date(Date.now() + RESET_TTL_MS),
  });
  return token;
}

/**
 * Set a new password with a recovery token, all or nothing: the token and every other open link of the
 * customer are spent (an older e-mail cannot change the new password) and every login ends. False when the
 * token was used, expired or never existed.
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(t.passwordResets)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(t.passwordResets.tokenHash, tokenHash(token)),
          isNull(t.passwordResets.usedAt),
          gt(t.passwordResets.expiresAt, new Date()),
        ),
      )
      .returning({ customerId: t.passwordResets.customerId });
    if (!used) return false;
    await tx
      .update(t.passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(t.passwordResets.customerId, used.customerId), isNull(t.passwordResets.usedAt)));
    await tx.update(t.customers).set({ passwordHash }).where(eq(t.customers.id, used.customerId));
    await endLogins(tx, used.customerId);
    return true;
  });
}

/**
 * E-mail the customer a recovery link to `origin`'s new-password page. Sent in the background: the
 * request answers as fast as for an address that has no account.
 */
export async function sendRecoveryLink(
  db: Db,
  mailer: Mailer,
  origin: string,
  customer: Customer,
): Promise<void> {
  const token = await createResetToken(db, customer.id);
  const { nomeLoja } = await loadSettings(db);
  const link = `${origin}/checkout/nova-senha?token=${token}`;
  postInBackground(mailer, db, {
    kind: 'link-nova-senha',
    to: customer.email,
    subject: `Crie sua nova senha na ${nomeLoja}`,
    text: [
      `Olá, ${firstName(customer.name)}!`,
      '',
      `Recebemos um pedido para criar uma nova senha na ${nomeLoja}. Abra o link abaixo para escolher a nova senha (ele vale por 1 hora e funciona uma vez):`,
      '',
      link,
      '',
      'Se não foi você quem pediu, ignore este e-mail: sua senha continua a mesma.',
    ].join('\n'),
  });
}
