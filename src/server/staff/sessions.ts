// One concern: the back office's sessions: logging a member in, knowing who a session is, logging out.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import { STAFF_LOGIN_FAILED, STAFF_SESSION } from '#/contract/staff.ts';
import { LOGIN_BLOCKED, loginThrottle } from '#/server/accounts/login-throttle.ts';
import { decoyHash, verifyPassword } from '#/server/accounts/passwords.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { PlatformError } from '#/server/errors.ts';
import type { Limits } from '#/server/rate-limit.ts';
import { retryAfter } from '#/server/rate-limit.ts';
import type { MemberRow } from './members.ts';
import { findMember, tokenHash } from './members.ts';
import { challengeMember, issueChallenge, takeCode } from './second-factor.ts';

/** The idle clock of a session moves at most this often (one write per member per minute). */
const TOUCH_EVERY_MS = 60 * 1000;

const ago = (ms: number) => sql`now() - ${`${String(ms)} milliseconds`}::interval`;

/** A login's outcome: a session (its token, returned once), or the second factor to ask for. */
export type LoginStep = { token: string; member: MemberRow } | { challenge: string };

async function openSession(db: Db, member: MemberRow): Promise<{ token: string; member: MemberRow }> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(t.staffSessions).values({ tokenHash: tokenHash(token), memberId: member.id });
  return { token, member };
}

const held = async (throttle: ReturnType<typeof loginThrottle>, onHeld: (seconds: string) => void) => {
  const hold = await throttle.held();
  if (!hold) return;
  onHeld(retryAfter(hold));
  throw new PlatformError(429, 'rate_limited', LOGIN_BLOCKED);
};

/**
 * Log a member in: the right password of an active member who has set one opens a new session, or, for
 * a member with a second factor, answers a challenge to send back with the code. An unknown e-mail, a
 * wrong password, a member switched off: the same work and the same 401. Failures (codes too) count per
 * account and store-wide, apart from the shoppers' login.
 */
export async function staffLogin(
  db: Db,
  limits: Limits,
  credentials: { email: string; password: string; key: string },
  /** Told how many seconds to wait when the account or the store is held (for Retry-After). */
  onHeld: (seconds: string) => void,
): Promise<LoginStep> {
  const throttle = loginThrottle(limits, credentials.email, 'painel');
  await held(throttle, onHeld);
  const [member] = await db.select().from(t.staffMembers).where(eq(t.staffMembers.email, credentials.email));
  const usable = member?.active === true && member.passwordHash !== '';
  const ok = await verifyPassword(credentials.password, usable ? member.passwordHash : await decoyHash());
  if (!member || !usable || !ok) {
    await throttle.failed();
    throw new PlatformError(401, 'login_failed', STAFF_LOGIN_FAILED);
  }
  if (member.totpSecret) return { challenge: issueChallenge(credentials.key, member) };
  await throttle.succeeded();
  return openSession(db, member);
}

/** The second step: a challenge from the right password, and a code from the app or a recovery code. */
export async function staffSecondStep(
  db: Db,
  limits: Limits,
  step: { challenge: string; code: string; key: string },
  onHeld: (seconds: string) => void,
): Promise<{ token: string; member: MemberRow }> {
  const id = challengeMember(step.key, step.challenge);
  const member = id === undefined ? undefined : await findMember(db, id);
  if (!member?.active || !member.totpSecret)
    throw new PlatformError(
      401,
      'login_failed',
      'A verificação expirou. Entre de novo com o seu e-mail e a senha.',
    );
  const throttle = loginThrottle(limits, member.email, 'painel');
  await held(throttle, onHeld);
  if (!(await takeCode(db, step.key, member, step.code))) {
    await throttle.failed();
    throw new PlatformError(
      401,
      'totp_invalid',
      'Código inválido ou já usado. Digite o código atual do aplicativo.',
    );
  }
  await throttle.succeeded();
  return openSession(db, member);
}

/** The active member a session token belongs to, within its idle and absolute lifetime (else undefined). */
export async function sessionMember(db: Db, token: string): Promise<MemberRow | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const hash = tokenHash(token);
  const [row] = await db
    .select({ member: t.staffMembers, seenAt: t.staffSessions.seenAt })
    .from(t.staffSessions)
    .innerJoin(t.staffMembers, eq(t.staffMembers.id, t.staffSessions.memberId))
    .where(
      and(
        eq(t.staffSessions.tokenHash, hash),
        gt(t.staffSessions.seenAt, ago(STAFF_SESSION.idleMs)),
        gt(t.staffSessions.createdAt, ago(STAFF_SESSION.absoluteMs)),
        eq(t.staffMembers.active, true),
      ),
    );
  if (!row) return undefined;
  if (Date.now() - row.seenAt.getTime() > TOUCH_EVERY_MS)
    await db
      .update(t.staffSessions)
      .set({ seenAt: sql`now()` })
      .where(and(eq(t.staffSessions.tokenHash, hash), lt(t.staffSessions.seenAt, ago(TOUCH_EVERY_MS))));
  return row.member;
}

/** Log out this session. */
export async function endStaffSession(db: Db, token: string): Promise<void> {
  await db.delete(t.staffSessions).where(eq(t.staffSessions.tokenHash, tokenHash(token)));
}

/** Log a member out of every other browser (their second factor changed): `token` keeps this one. */
export async function endOtherStaffSessions(
  db: Db,
  memberId: number,
  token: string | undefined,
): Promise<void> {
  await db
    .delete(t.staffSessions)
    .where(
      and(
        eq(t.staffSessions.memberId, memberId),
        ne(t.staffSessions.tokenHash, token ? tokenHash(token) : ''),
      ),
    );
}

/** Log a member out everywhere (every browser they logged in on). */
export async function endStaffSessions(db: Db, memberId: number): Promise<void> {
  await db.delete(t.staffSessions).where(eq(t.staffSessions.memberId, memberId));
}

/** Sessions past their lifetime and links past their time, for the hourly purge: how many sessions went. */
export async function purgeStaffSessions(db: Db): Promise<number> {
  const gone = await db
    .delete(t.staffSessions)
    .where(
      or(
        lt(t.staffSessions.seenAt, ago(STAFF_SESSION.idleMs)),
        lt(t.staffSessions.createdAt, ago(STAFF_SESSION.absoluteMs)),
      ),
    )
    .returning({ memberId: t.staffSessions.memberId });
  await db.delete(t.staffLinks).where(lt(t.staffLinks.expiresAt, sql`now()`));
  return gone.length;
}
