import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { errorSchema } from '#/contract/common.ts';
import * as t from '#/server/db/schema.ts';
import { offerFirstOwner } from '#/server/staff/first-owner.ts';
import { startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';
import { PASSWORD, staffCalls } from './staff-members.ts';

/**
 * A new store's first owner, made while it runs: the address printed at start works once, on any instance
 * (its key is kept hashed in the database), and never once the store has an owner.
 */

let store: TestPlatform;
const { admin } = staffCalls(() => store);

beforeAll(async () => {
  store = await startPlatform(20);
});
afterAll(() => store.stop());

const keyOf = (address: string | undefined) => new URL(address ?? 'http://x').searchParams.get('chave') ?? '';

test('the printed address makes the first owner once; then it, and every other, says it is spent', async () => {
  const first = await offerFirstOwner(store.database.db, 'http://localhost:4321');
  expect(first).toMatch(/^http:\/\/localhost:4321\/painel\/primeiro-dono\?chave=[\w-]{30,}$/);
  // A second start (or instance) prints its own; both work until one is used.
  const second = await offerFirstOwner(store.database.db, 'http://localhost:4321');
  const open = async (key: string) =>
    ((await (await admin(`/first-owner?chave=${encodeURIComponent(key)}`)).json()) as { valido: boolean })
      .valido;
  expect(await open(keyOf(first))).toBe(true);
  expect(await open(keyOf(second))).toBe(true);
  expect(await open('uma-chave-inventada-qualquer-1234')).toBe(false);

  const body = { chave: keyOf(first), nome: 'Dona Teresa', email: 'Teresa@Loja.test', senha: PASSWORD };
  const weak = await admin('/first-owner', { method: 'POST', body: { ...body, senha: '123' } });
  expect(weak.status).toBe(400);
  const made = await admin('/first-owner', { method: 'POST', body });
  expect(made.status).toBe(201);
  const [owner] = await store.database.db
    .select()
    .from(t.staffMembers)
    .where(eq(t.staffMembers.email, 'teresa@loja.test'));
  expect(owner).toMatchObject({ role: 'dono', active: true });
  expect(owner?.passwordHash).not.toBe('');
  // Logs in with the password just made.
  expect(
    (await admin('/session', { method: 'POST', body: { email: 'teresa@loja.test', senha: PASSWORD } }))
      .status,
  ).toBe(200);

  // Spent: the same address, the other one, and a new one asked now that an owner exists.
  const again = await admin('/first-owner', {
    method: 'POST',
    body: { ...body, chave: keyOf(second), email: 'outra@loja.test' },
  });
  expect(again.status).toBe(409);
  expect(errorSchema.parse(await again.json()).mensagem).toMatch(/já tem um dono/);
  expect(await open(keyOf(second))).toBe(false);
  expect(await offerFirstOwner(store.database.db, 'http://localhost:4321')).toBeUndefined();
  const [audit] = await store.database.db
    .select()
    .from(t.auditLog)
    .where(eq(t.auditLog.action, 'membro.primeiro-dono'));
  expect(audit?.after).toMatchObject({ email: 'teresa@loja.test', papel: 'dono' });
});
