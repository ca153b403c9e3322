// One concern: the challenges and 6-number codes e-mailed to prove an address (sign-up, a held login).
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** How long an e-mailed code works, and how many wrong tries it takes before it dies. */
export const CODE_TTL_MS = 15 * 60 * 1000;
export const CODE_TRIES = 5;

const sha = (value: string) => createHash('sha256').update(value).digest();

/** A new challenge (the page sends it back) and its code (the e-mail carries it), with what is stored. */
export function newCode(): { challenge: string; code: string; challengeHash: string; codeHash: string } {
  const challenge = randomBytes(24).toString('base64url');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return {
    challenge,
    code,
    challengeHash: sha(challenge).toString('base64url'),
    codeHash: sha(`${challenge}:${code}`).toString('base64url'),
  };
}

/** What a challenge is stored under. */
export const challengeHashOf = (challenge: string) => sha(challenge).toString('base64url');

/** Whether `code` is the one made with `challenge` (compared in constant time). */
export const sameCode = (challenge: string, code: string, codeHash: string) =>
  timingSafeEqual(sha(`${challenge}:${code}`), Buffer.from(codeHash, 'base64url'));
