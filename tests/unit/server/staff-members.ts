import { expect } from 'vitest';
import { staffOpenedSchema } from '#/contract/staff.ts';
import type { Papel } from '#/contract/staff.ts';
import { addMember, issueLink } from '#/server/staff/members.ts';
import { json } from './buyers.ts';
import type { TestPlatform } from './harness.ts';

/** The staff API as the team's tests call it: members with passwords, logged in, each call from its own address. */

export const PASSWORD = 'uma senha longa da equipe';

export const as = (token: string) => ({ 'Staff-Session': token });
export const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

export function staffCalls(platform: () => TestPlatform) {
  /** Each call from its own address: the per-address limits (10 logins a minute) are tested elsewhere. */
  let address = 0;
  const admin = (
    path: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const headers = { 'X-Loja-Cliente': `10.0.0.${String((address += 1))}`, ...init.headers };
    return platform().request(`/v2/admin${path}`, {
      method: init.method ?? 'GET',
      ...(init.body === undefined ? { headers } : json(init.body, headers)),
    });
  };
  /** A member with a password, logged in: their id and session token. */
  async function member(email: string, papel: Papel) {
    const db = platform().database.db;
    const row = await addMember(db, { email, nome: `Pessoa ${papel}`, papel });
    const link = await issueLink(db, 'http://loja.test', row.id);
    expect(
      (await admin('/password', { method: 'POST', body: { token: tokenOf(link), senha: PASSWORD } })).status,
    ).toBe(200);
    const login = await admin('/session', { method: 'POST', body: { email, senha: PASSWORD } });
    expect(login.status).toBe(200);
    return { id: row.id, token: staffOpenedSchema.parse(await login.json()).token };
  }
  return { admin, member };
}
