// One concern: a sign-up that never tells who already has an account. Every sign-up answers the same way
// ("we sent a code to your e-mail"); a new address gets the code that creates the account, an address that
// has one gets a warning instead, and no code opens anything for it.
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { loadSettings } from '#/server/content/settings.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { postInBackground } from '#/server/mail/mailer.ts';
import type { Mailer } from '#/server/mail/mailer.ts';
import type { Limits } from '#/server/rate-limit.ts';
import { createCustomer, firstName, takenBy } from './customers.ts';
import type { NewCustomer } from './customers.ts';
import { challengeHashOf, CODE_TRIES, CODE_TTL_MS, newCode, sameCode } from './one-time-codes.ts';

/** An address that has an account is warned at most once an hour, however often someone tries it. */
const WARN_EVERY_S = 60 * 60;

/**
 * Start a sign-up: a challenge for the page to send back with the code. The code is e-mailed to a new
 * address; an address that already has an account is told someone tried (and led to login and recovery).
 */
export async function startSignup(
  deps: { db: Db; mailer: Mailer; limits: Limits; origin: string },
  account: NewCustomer,
): Promise<string> {
  const { db, mailer } = deps;
  const { challenge, code, challengeHash, codeHash } = newCode();
  const [owner] = await db
    .select({ id: t.customers.id })
    .from(t.customers)
    .where(eq(t.customers.email, account.email));
  const taken = owner !== undefined;
  await db.insert(t.signupCodes).values({
    challengeHash,
    codeHash,
    account: taken ? null : account,
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
  const { nomeLoja } = await loadSettings(db);
  const name = firstName(account.name);
  if (!taken)
    postInBackground(mailer, db, {
      kind: 'codigo-cadastro',
      to: account.email,
      subject: `${code} é o seu código para criar a conta na ${nomeLoja}`,
      text: [
        `Olá, ${name}!`,
        '',
        `Para concluir o cadastro na ${nomeLoja}, digite este código na página do cadastro:`,
        '',
        `    ${code}`,
        '',
        'Ele vale 15 minutos. Se não foi você que pediu, ignore este e-mail: nenhuma conta é criada sem ele.',
      ].join('\n'),
    });
  // Whether to warn is decided after the answer has gone: the answer takes as long either way.
  else
    void warnNow(deps.limits, account.email)
      .then((warn) => {
        if (!warn) return;
        postInBackground(mailer, db, {
          kind: 'aviso-cadastro-repetido',
          to: account.email,
          subject: `Alguém tentou criar uma conta na ${nomeLoja} com o seu e-mail`,
          text: [
            'Olá!',
            '',
            `Alguém tentou criar uma conta na ${nomeLoja} com este e-mail, que já tem uma conta. Nada mudou nela.`,
            '',
            `Se foi você, entre com a sua senha: ${deps.origin}/checkout/acesso`,
            `Esqueceu a senha? Peça uma nova: ${deps.origin}/checkout/nova-senha`,
            '',
            'Se não foi você, pode ignorar este e-mail.',
          ].join('\n'),
        });
      })
      .catch(() => undefined);
  return challenge;
}

async function warnNow(limits: Limits, email: string): Promise<boolean> {
  try {
    await limits.limiter('aviso-cadastro', 1, WARN_EVERY_S).consume(email);
    return true;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return false;
    throw rejection;
  }
}

export type Confirmed =
  { customerId: number } | { refused: 'wrong' | 'expired' | 'taken_email' | 'taken_document' };

/**
 * The code typed for a challenge: right (and the account still free) → the account is made; wrong → one
 * try spent (the fifth kills it); expired, spent or unknown → expired. One transaction: a double submit makes
 * one account.
 */
export async function confirmSignup(db: Db, challenge: string, code: string): Promise<Confirmed> {
  const key = challengeHashOf(challenge);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(t.signupCodes)
      .where(and(eq(t.signupCodes.challengeHash, key), gt(t.signupCodes.expiresAt, new Date())))
      .for('update');
    if (!row || row.attempts >= CODE_TRIES) return { refused: 'expired' as const };
    const right = sameCode(challenge, code, row.codeHash);
    if (!right || !row.account) {
      await tx
        .update(t.signupCodes)
        .set({ attempts: sql`${t.signupCodes.attempts} + 1` })
        .where(eq(t.signupCodes.challengeHash, key));
      return { refused: 'wrong' as const };
    }
    await tx.delete(t.signupCodes).where(eq(t.signupCodes.challengeHash, key));
    const created = await createCustomer(tx, row.account);
    if (created !== undefined) return { customerId: created };
    const field = await takenBy(tx, row.account.email, row.account.document);
    return { refused: field === 'email' ? ('taken_email' as const) : ('taken_document' as const) };
  });
}

/** Forget sign-ups past their time (the hourly purge). */
export async function purgeSignupCodes(db: Db): Promise<number> {
  const gone = await db
    .delete(t.signupCodes)
    .where(lt(t.signupCodes.expiresAt, new Date()))
    .returning({ key: t.signupCodes.challengeHash });
  return gone.length;
}
