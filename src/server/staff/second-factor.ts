// One concern: a member's second factor: a TOTP app (RFC 6238, through otpauth) and one-time recovery codes.
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { PlatformError } from '#/server/errors.ts';
import type { MemberRow } from './members.ts';
import { tokenHash } from './members.ts';

const PERIOD_S = 30;
export const RECOVERY_CODES = 10;
/** How long the step between a right password and the code may take. */
const CHALLENGE_MS = 5 * 60 * 1000;

/**
 * TOTP secrets are kept sealed (AES-256-GCM) with a key derived from the store's session key (SESSION_SECRET,
 * or the one kept in the database): a copy of the staff table alone does not hold anyone's second factor.
 * `v1.<iv>.<tag>.<ciphertext>`, base64url; a value without the prefix is a secret kept before sealing, read
 * as it is and sealed at its next change.
 */
const SEALED = 'v1.';
const totpKey = (key: string) => Buffer.from(hkdfSync('sha256', key, 'loja', 'painel:totp', 32));

export function sealSecret(key: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', totpKey(key), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${SEALED}${[iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url')).join('.')}`;
}

/** The secret a stored value holds ('' when it is none, or sealed with another key). */
export function openSecret(key: string, stored: string): string {
  if (!stored.startsWith(SEALED)) return stored;
  const [iv = '', tag = '', sealed = ''] = stored.slice(SEALED.length).split('.');
  try {
    const decipher = createDecipheriv('aes-256-gcm', totpKey(key), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return '';
  }
}

const totpOf = (secret: string, email: string) =>
  new TOTP({
    issuer: 'Painel da loja',
    label: email,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
  });

/** The time step a 6-digit code belongs to (now ± one step, for clocks a little off), or undefined. */
function stepOf(secret: string, email: string, code: string): number | undefined {
  if (!secret) return undefined;
  const delta = totpOf(secret, email).validate({ token: code, window: 1 });
  return delta === null ? undefined : TOTP.counter({ period: PERIOD_S }) + delta;
}

/** `xxxxx-xxxxx`, lower-case letters and digits that are not easily confused. */
function recoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const chars = [...randomBytes(10)].map((b) => alphabet[b % alphabet.length] ?? 'a').join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

const normalise = (code: string) => code.trim().toLowerCase().replace(/\s+/g, '');

/**
 * Start enrolling: a new secret waits for its first code (one already waiting is kept, so a page shown
 * again shows the same QR code); the app reads the URI. Only while the second factor is off: a session
 * alone must not replace it (turning it off takes a code, and so does changing it).
 */
export async function startEnrolment(
  db: Db,
  key: string,
  member: MemberRow,
): Promise<{ segredo: string; uri: string }> {
  if (member.totpSecret) throw alreadyOn();
  let secret = member.totpPending ? openSecret(key, member.totpPending) : '';
  if (!secret) {
    secret = new Secret({ size: 20 }).base32;
    await db
      .update(t.staffMembers)
      .set({ totpPending: sealSecret(key, secret) })
      .where(eq(t.staffMembers.id, member.id));
  }
  return { segredo: secret, uri: totpOf(secret, member.email).toString() };
}

const alreadyOn = () =>
  new PlatformError(
    409,
    'second_factor_on',
    'A verificação em duas etapas já está ligada. Para trocar de aplicativo, desligue-a com um código e ligue de novo.',
  );

const invalidCode = () =>
  new PlatformError(
    400,
    'validation',
    'Código inválido ou já usado. Confira o relógio do celular e digite o código atual.',
  );

/**
 * Confirm enrolment with a first code from the app: the second factor is on, and the member gets
 * RECOVERY_CODES one-time codes, shown once (only their hashes are kept).
 */
export async function confirmEnrolment(
  db: Db,
  key: string,
  member: MemberRow,
  code: string,
): Promise<string[]> {
  if (member.totpSecret) throw alreadyOn();
  const step = member.totpPending
    ? stepOf(openSecret(key, member.totpPending), member.email, normalise(code))
    : undefined;
  if (step === undefined) throw invalidCode();
  const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
  const confirmed = await db
    .update(t.staffMembers)
    .set({
      totpSecret: member.totpPending,
      totpPending: '',
      totpLastStep: step,
      recoveryCodes: codes.map((c) => tokenHash(c)),
    })
    .where(
      and(
        eq(t.staffMembers.id, member.id),
        eq(t.staffMembers.totpPending, member.totpPending),
        eq(t.staffMembers.totpSecret, ''),
      ),
    )
    .returning({ id: t.staffMembers.id });
  if (confirmed.length === 0) throw alreadyOn();
  return codes;
}

/**
 * Whether `code` is a right second factor for this member now, taking it: an app code is accepted once
 * (its step must be newer than the last one taken), a recovery code is removed. Each is one conditional
 * UPDATE, so two requests with the same code cannot both pass.
 */
export async function takeCode(db: Db, key: string, member: MemberRow, given: string): Promise<boolean> {
  const code = normalise(given);
  if (!member.totpSecret) return false;
  if (/^\d{6}$/.test(code)) {
    const step = stepOf(openSecret(key, member.totpSecret), member.email, code);
    if (step === undefined) return false;
    const taken = await db
      .update(t.staffMembers)
      .set({ totpLastStep: step })
      .where(and(eq(t.staffMembers.id, member.id), lt(t.staffMembers.totpLastStep, step)))
      .returning({ id: t.staffMembers.id });
    return taken.length === 1;
  }
  const hash = tokenHash(code);
  if (!member.recoveryCodes.includes(hash)) return false;
  const taken = await db
    .update(t.staffMembers)
    .set({ recoveryCodes: sql`${t.staffMembers.recoveryCodes} - ${hash}::text` })
    .where(and(eq(t.staffMembers.id, member.id), sql`${t.staffMembers.recoveryCodes} ? ${hash}`))
    .returning({ id: t.staffMembers.id });
  return taken.length === 1;
}

/** Turn the second factor off (a right code required: one from the app, or a recovery code). */
export async function disableSecondFactor(
  db: Db,
  key: string,
  member: MemberRow,
  code: string,
): Promise<void> {
  if (!(await takeCode(db, key, member, code))) throw invalidCode();
  await resetSecondFactor(db, member.id);
}

/** The second factor off, with no code asked (the member's own turning off asks one; an owner's reset does not). */
export async function resetSecondFactor(db: Db, memberId: number): Promise<void> {
  await db
    .update(t.staffMembers)
    .set({ totpSecret: '', totpPending: '', recoveryCodes: [] })
    .where(eq(t.staffMembers.id, memberId));
}

const challengeTag = (key: string, body: string) =>
  createHmac('sha256', key).update(`painel-desafio.${body}`).digest('base64url');

/** After a right password of a member with a second factor: a signed challenge, good for five minutes. */
export function issueChallenge(key: string, member: MemberRow): string {
  const body = `${String(member.id)}.${String(Date.now() + CHALLENGE_MS)}`;
  return `${body}.${challengeTag(key, body)}`;
}

/** The member a challenge was issued for, if it is ours and still good. */
export function challengeMember(key: string, challenge: string): number | undefined {
  const match = /^(\d{1,9})\.(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(challenge);
  if (!match) return undefined;
  const [, id = '', expires = '', tag = ''] = match;
  const expected = Buffer.from(challengeTag(key, `${id}.${expires}`));
  const given = Buffer.from(tag);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return Number(expires) > Date.now() ? Number(id) : undefined;
}
