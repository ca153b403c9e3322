import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { errorSchema } from '#/contract/common.ts';
import { staffOpenedSchema } from '#/contract/staff.ts';
import * as t from '#/server/db/schema.ts';
import { addMember, issueLink } from '#/server/staff/members.ts';
import { openSecret, sealSecret } from '#/server/staff/second-factor.ts';
import { json, pickVariants } from './buyers.ts';
import { newSession, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';
import { as, PASSWORD, staffCalls, tokenOf } from './staff-members.ts';

/** A team member's second factor, what a session alone cannot do to it, and what a member may see. */

let store: TestPlatform;
beforeAll(async () => {
  store = await startPlatform(20);
});
afterAll(() => store.stop());

const { admin, member } = staffCalls(() => store);

describe('the second factor', () => {
  test('enrol with an app, then log in with its code once; a recovery code works once; off with a code', async () => {
    const { token } = await member('totp@loja.com.br', 'pedidos');
    const started = await admin('/me/totp', { method: 'POST', headers: as(token) });
    const { segredo, uri } = (await started.json()) as { segredo: string; uri: string };
    expect(uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    const code = (timestamp = Date.now()) => TOTP.generate({ secret: Secret.fromBase32(segredo), timestamp });
    const wrong = await admin('/me/totp/confirm', {
      method: 'POST',
      body: { codigo: '000000' },
      headers: as(token),
    });
    expect(wrong.status).toBe(400);
    // The code of the step before (a phone a little behind) is taken.
    const confirmed = await admin('/me/totp/confirm', {
      method: 'POST',
      body: { codigo: code(Date.now() - 30_000) },
      headers: as(token),
    });
    expect(confirmed.status).toBe(200);
    const { codigosRecuperacao } = (await confirmed.json()) as { codigosRecuperacao: string[] };
    expect(codigosRecuperacao).toHaveLength(10);

    const login = () =>
      admin('/session', { method: 'POST', body: { email: 'totp@loja.com.br', senha: PASSWORD } });
    const first = (await (await login()).json()) as { desafio?: string; token?: string };
    expect(first.token).toBeUndefined();
    const desafio = first.desafio ?? '';
    const step = (codigo: string, challenge = desafio) =>
      admin('/session', { method: 'POST', body: { desafio: challenge, codigo } });
    expect((await step('123456')).status).toBe(401);
    expect((await step(code(), `${desafio.slice(0, -2)}xx`)).status).toBe(401);
    const opened = await step(code());
    expect(opened.status).toBe(200);
    expect(staffOpenedSchema.parse(await opened.json()).membro.segundoFator).toBe(true);
    // The same code again (someone who saw it): refused.
    expect((await step(code())).status).toBe(401);
    // A recovery code, in any case and with spaces, once.
    const recovery = codigosRecuperacao[0] ?? '';
    expect((await step(` ${recovery.toUpperCase()} `)).status).toBe(200);
    expect((await step(recovery)).status).toBe(401);

    const off = await admin('/me/totp', {
      method: 'DELETE',
      body: { codigo: codigosRecuperacao[1] },
      headers: as(token),
    });
    expect(off.status).toBe(200);
    const plain = (await (await login()).json()) as { token?: string };
    expect(plain.token).toMatch(/^[\w-]{43}$/);
  });
});

describe('the second factor cannot be replaced by a session alone', () => {
  test('a new enrolment is refused while one is on; a change ends the other sessions; an owner resets a lost one', async () => {
    const { id, token } = await member('troca@loja.com.br', 'pedidos');
    const login = async () =>
      staffOpenedSchema.parse(
        await (
          await admin('/session', { method: 'POST', body: { email: 'troca@loja.com.br', senha: PASSWORD } })
        ).json(),
      ).token;
    const other = await login();
    const started = (await (await admin('/me/totp', { method: 'POST', headers: as(token) })).json()) as {
      segredo: string;
    };
    const code = () => TOTP.generate({ secret: Secret.fromBase32(started.segredo) });
    const on = await admin('/me/totp/confirm', {
      method: 'POST',
      body: { codigo: code() },
      headers: as(token),
    });
    expect(on.status).toBe(200);
    // Turning it on ended the member's other sessions; this one goes on.
    expect((await admin('/me', { headers: as(other) })).status).toBe(401);
    expect((await admin('/me', { headers: as(token) })).status).toBe(200);

    // Someone holding this session (a browser left open) cannot enrol an app of their own.
    const again = await admin('/me/totp', { method: 'POST', headers: as(token) });
    expect(again.status).toBe(409);
    expect(errorSchema.parse(await again.json()).mensagem).toMatch(/já está ligada/);
    // Nor confirm a secret they had started before it was turned on.
    await store.database.db
      .update(t.staffMembers)
      .set({ totpPending: new Secret({ size: 20 }).base32 })
      .where(eq(t.staffMembers.id, id));
    const sneaked = await admin('/me/totp/confirm', {
      method: 'POST',
      body: { codigo: code() },
      headers: as(token),
    });
    expect(sneaked.status).toBe(409);
    // What is kept is sealed: the table alone does not hold the member's second factor.
    const [row] = await store.database.db.select().from(t.staffMembers).where(eq(t.staffMembers.id, id));
    expect(row?.totpSecret).toMatch(/^v1\./);
    expect(row?.totpSecret).not.toContain(started.segredo);
    // …and still the same secret: its codes open a session.
    const held = (await (
      await admin('/session', { method: 'POST', body: { email: 'troca@loja.com.br', senha: PASSWORD } })
    ).json()) as { desafio: string };
    const next = () =>
      TOTP.generate({ secret: Secret.fromBase32(started.segredo), timestamp: Date.now() + 30_000 });
    expect(
      (await admin('/session', { method: 'POST', body: { desafio: held.desafio, codigo: next() } })).status,
    ).toBe(200);

    // The member lost the phone and the codes: an owner turns it off, which is recorded and ends their sessions.
    const owner = await member('dona-troca@loja.com.br', 'dono');
    const reset = await admin(`/staff/${String(id)}/totp`, { method: 'DELETE', headers: as(owner.token) });
    expect(reset.status).toBe(200);
    expect((await admin('/me', { headers: as(token) })).status).toBe(401);
    expect((await login()).length).toBe(43);
    const trail = await store.database.db
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.action, 'membro.segundo-fator-redefinido'));
    expect(trail.map((r) => r.entityId)).toContain(String(id));
    // A password link issued for another member is in the trail too.
    expect(
      (await admin(`/staff/${String(id)}/link`, { method: 'POST', headers: as(owner.token) })).status,
    ).toBe(200);
    const links = await store.database.db
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.action, 'membro.link-senha'));
    expect(links.map((r) => r.entityId)).toContain(String(id));
  });
});

test("a catalogue member moderates reviews without seeing the reviewers' e-mail addresses; an owner sees them", async () => {
  const [v] = await pickVariants(store, 1);
  if (!v) throw new Error('no variant');
  const shopper = newSession();
  await store.loginAs(shopper, { name: 'Lia Leitora' });
  const wrote = await store.request('/v2/front/evaluations/product', {
    method: 'POST',
    ...json(
      { idProduto: v.product, nome: 'Lia', nota: 5, comentario: 'Muito boa, recomendo.', recomenda: true },
      { Session: shopper, 'X-Loja-Cliente': '10.9.9.9' },
    ),
  });
  expect(wrote.status).toBe(200);
  const emails = async (token: string) =>
    (
      (await (await admin('/reviews?situacao=pendente', { headers: as(token) })).json()) as {
        avaliacoes: { nome: string; email: string }[];
      }
    ).avaliacoes
      .filter((a) => a.nome === 'Lia')
      .map((a) => a.email);
  const catalogue = await member('catalogo-avaliacoes@loja.com.br', 'catalogo');
  expect(await emails(catalogue.token)).toEqual(['']);
  const owner = await member('dona-avaliacoes@loja.com.br', 'dono');
  expect((await emails(owner.token))[0]).toMatch(/@/);
});

test('a sealed secret opens with its key only; one kept before sealing is read as it is', () => {
  const secret = new Secret({ size: 20 }).base32;
  const sealed = sealSecret('chave-da-loja', secret);
  expect(sealed).not.toContain(secret);
  expect(openSecret('chave-da-loja', sealed)).toBe(secret);
  expect(openSecret('outra-chave', sealed)).toBe('');
  // One character of the ciphertext changed: the tag no longer matches.
  const parts = sealed.split('.');
  const body = parts[3] ?? '';
  parts[3] = (body.startsWith('A') ? 'B' : 'A') + body.slice(1);
  expect(openSecret('chave-da-loja', parts.join('.'))).toBe('');
  expect(openSecret('chave-da-loja', secret)).toBe(secret);
});

test('a one-time link says whether it still works before a password is typed: unused, then used', async () => {
  const row = await addMember(store.database.db, {
    email: 'link-usado@loja.com.br',
    nome: 'Lu',
    papel: 'pedidos',
  });
  const token = tokenOf(await issueLink(store.database.db, 'http://loja.test', row.id));
  const open = async (value: string) =>
    ((await (await admin(`/password?token=${encodeURIComponent(value)}`)).json()) as { valido: boolean })
      .valido;
  expect(await open(token)).toBe(true);
  expect((await admin('/password', { method: 'POST', body: { token, senha: PASSWORD } })).status).toBe(200);
  expect(await open(token)).toBe(false);
  expect(await open('nem-um-token')).toBe(false);
});
