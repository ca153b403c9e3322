import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import type { BinaryLike, ScryptOptions } from 'node:crypto';

/**
 * Passwords with Node's scrypt at OWASP's parameters (N = 2^17, r = 8, p = 1: 128 MiB per hash),
 * a 16-byte random salt and a 32-byte key, stored as `scrypt$N$r$p$salt$key` (base64url).
 */
export const PASSWORD_N = 2 ** 17;
let N = PASSWORD_N;
const R = 8;
const P = 1;
const KEY_BYTES = 32;
const MAX_MEMORY = 256 * 1024 * 1024;

const scrypt = (password: BinaryLike, salt: BinaryLike, length: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => {
    scryptCallback(password, salt, length, options, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });

/**
 * For the test suites only (tests/support/cheap-passwords.ts): a smaller N, so the hundreds of logins
 * they make take milliseconds each. A hash keeps its own parameters, so checking is the same either way.
 */
export function lowerPasswordCostForTests(n: number): void {
  N = n;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFC'), salt, KEY_BYTES, { N, r: R, p: P, maxmem: MAX_MEMORY });
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, key] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scrypt(password.normalize('NFC'), Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAX_MEMORY,
  });
  return timingSafeEqual(actual, expected);
}

/** A hash of nothing anyone knows: checked against when the account does not exist, so both take as long. */
let decoy: Promise<string> | undefined;
export const decoyHash = (): Promise<string> =>
  (decoy ??= hashPassword(randomBytes(24).toString('base64url')));
