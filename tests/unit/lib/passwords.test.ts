import { expect, test } from 'vitest';
import {
  PASSWORD_N,
  hashPassword,
  lowerPasswordCostForTests,
  verifyPassword,
} from '#/server/accounts/passwords.ts';

/** Outside the server suites (which lower N to run fast): the store's own parameters. */
test("a password is kept as scrypt at OWASP's parameters, salted, and checked only by itself", async () => {
  const stored = await hashPassword('Torneira#2026');
  const [kind, n, r, p, salt, key] = stored.split('$');
  expect([kind, Number(n), Number(r), Number(p)]).toEqual(['scrypt', 2 ** 17, 8, 1]);
  expect(PASSWORD_N).toBe(2 ** 17);
  expect(Buffer.from(salt ?? '', 'base64url')).toHaveLength(16);
  expect(Buffer.from(key ?? '', 'base64url')).toHaveLength(32);
  expect(stored).not.toContain('Torneira');
  expect(await hashPassword('Torneira#2026')).not.toBe(stored);
  expect(await verifyPassword('Torneira#2026', stored)).toBe(true);
  expect(await verifyPassword('torneira#2026', stored)).toBe(false);
  expect(await verifyPassword('', stored)).toBe(false);
  expect(await verifyPassword('Torneira#2026', 'não usado')).toBe(false);
});

test('the same password typed in either Unicode form matches; a hash made at another N still checks', async () => {
  const stored = await hashPassword('Cafe\u0301-açaí');
  expect(await verifyPassword('Café-açaí', stored)).toBe(true);
  lowerPasswordCostForTests(2 ** 10);
  try {
    const cheap = await hashPassword('Café-açaí');
    expect(cheap.split('$')[1]).toBe('1024');
    expect(await verifyPassword('Café-açaí', cheap)).toBe(true);
    expect(await verifyPassword('Café-açaí', stored)).toBe(true);
  } finally {
    lowerPasswordCostForTests(PASSWORD_N);
  }
});
