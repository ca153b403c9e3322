import { expect, test } from '@playwright/test';
import { startFakeSmtp } from '../../support/fake-smtp.ts';
import type { FakeSmtp } from '../../support/fake-smtp.ts';
import { POSTGRES_URL, createDatabase, sql, startInstance, until } from '../../support/instances.ts';
import type { Instance } from '../../support/instances.ts';

/**
 * Nothing the store must send is lost (jobs/): production instances with a real mail server on loopback
 * (support/fake-smtp.ts) that goes down, refuses a mailbox, or hangs while an instance is killed. Messages are
 * made through the staff API (a member's invitation is one e-mail), and counted in the mail server's mailbox.
 */
test.describe.configure({ mode: 'serial' });

const STAFF_TOKEN = 'operacoes-fila-0123456789abcdef';
const staff = (instance: Instance, path: string, init: RequestInit = {}) =>
  fetch(`${instance.url}/api/v2/admin${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${STAFF_TOKEN}`, 'Content-Type': 'application/json' },
    signal: AbortSignal.timeout(15_000),
  });
/** Invite `email` to the team: one invitation e-mail, written with the member. */
const invite = async (instance: Instance, email: string, papel = 'pedidos') => {
  const res = await staff(instance, '/staff', {
    method: 'POST',
    body: JSON.stringify({ email, nome: 'Pessoa da Equipe', papel }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
};
const count = (smtp: FakeSmtp, to: string) => smtp.arrived.filter((m) => m.to === to).length;
const quick = { MAIL_RETRY_DELAY_SECONDS: '1', ADMIN_TOKEN: STAFF_TOKEN };

test('PGlite alone: messages written while the mail server is down all arrive once it is back, none twice', async () => {
  const smtp = await startFakeSmtp(false);
  const instance = await startInstance({ ...quick, SMTP_URL: smtp.url });
  try {
    const people = ['fora1@loja.test', 'fora2@loja.test', 'fora3@loja.test'];
    for (const email of people) await invite(instance, email);
    // Tried and refused meanwhile: the instance says so, and keeps them.
    expect(await until(() => Promise.resolve(instance.output().includes('not sent')), 20_000)).toBeLessThan(
      Infinity,
    );
    await smtp.up();
    expect(
      await until(() => Promise.resolve(people.every((p) => count(smtp, p) === 1)), 30_000),
    ).toBeLessThan(Infinity);
    // A little longer: nothing arrives twice.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    for (const email of people) expect(count(smtp, email)).toBe(1);
  } finally {
    await instance.stop();
    await smtp.down();
  }
});

test.describe('two instances on one PostgreSQL', () => {
  test.skip(!POSTGRES_URL, 'needs the machine PostgreSQL (TEST_DATABASE_URL)');
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let smtp: FakeSmtp;
  let web: Instance;
  let worker: Instance;

  test.beforeAll(async () => {
    database = await createDatabase('fila');
    smtp = await startFakeSmtp();
  });
  test.afterAll(async () => {
    await web.stop();
    await worker.stop();
    await smtp.down();
    await database.drop();
  });

  test('an instance killed in the middle of a job: the job is finished by another, once', async () => {
    const env = { ...quick, MAIL_RETRY_LIMIT: '3', DATABASE_URL: database.url, SMTP_URL: smtp.url };
    // One serves (ROLE=web, it only writes jobs), one works the queue.
    web = await startInstance({ ...env, ROLE: 'web' });
    const doomed = await startInstance({ ...env, ROLE: 'worker' });
    expect((await fetch(`${doomed.url}/`)).status).toBe(404);
    smtp.stalled.add('morto@loja.test');
    await invite(web, 'morto@loja.test');
    // The worker is in the middle of the message (the mail server holds its DATA): killed there.
    expect(await until(() => Promise.resolve(smtp.held()), 20_000)).toBeLessThan(Infinity);
    await doomed.stop('SIGKILL');
    worker = await startInstance({ ...env, ROLE: 'worker' });
    // The job's heartbeat stops with the killed process; the queue gives it to the new worker.
    expect(await until(() => Promise.resolve(count(smtp, 'morto@loja.test') === 1), 60_000)).toBeLessThan(
      Infinity,
    );
    // Marked sent once the mail server's answer is in (a moment after the message arrived).
    const state = async () =>
      (
        await sql<{ state: string }>(
          database.url,
          "SELECT state FROM mail_messages WHERE recipient = 'morto@loja.test'",
        )
      )[0]?.state;
    await expect.poll(state).toBe('enviado');
  });

  test('a message that can never be delivered: "Envios com falha", one owner alert, and "Reenviar" sends it', async () => {
    await invite(web, 'dona@loja.test', 'dono');
    expect(await until(() => Promise.resolve(count(smtp, 'dona@loja.test') === 1), 20_000)).toBeLessThan(
      Infinity,
    );
    smtp.refused.add('nao-existe@loja.test');
    await invite(web, 'nao-existe@loja.test');
    // Three retries a second or so apart, then for good (the default ten would take two hours).
    const listed = async () => {
      const body = (await (await staff(web, '/deliveries')).json()) as {
        falhas: { id: string; para: string; motivo: string }[];
      };
      return body.falhas.find((f) => f.para === 'nao-existe@loja.test');
    };
    expect(await until(async () => (await listed()) !== undefined, 90_000)).toBeLessThan(Infinity);
    const failed = await listed();
    expect(failed?.motivo).toContain('550');
    expect(await until(() => Promise.resolve(count(smtp, 'dona@loja.test') === 2), 20_000)).toBeLessThan(
      Infinity,
    );
    expect(smtp.arrived.filter((m) => m.to === 'dona@loja.test').at(-1)?.text).toContain('/painel/envios');
    // The mailbox exists now: "Reenviar" sends it, once.
    smtp.refused.delete('nao-existe@loja.test');
    const resend = await staff(web, `/deliveries/${failed?.id ?? ''}/resend`, { method: 'POST' });
    expect(resend.status).toBe(200);
    expect(
      await until(() => Promise.resolve(count(smtp, 'nao-existe@loja.test') === 1), 20_000),
    ).toBeLessThan(Infinity);
    // Still one owner alert.
    expect(count(smtp, 'dona@loja.test')).toBe(2);
  });

  test('each sweep runs once per period with two instances working the queue', async () => {
    const second = await startInstance({
      ...quick,
      MAIL_RETRY_LIMIT: '3',
      DATABASE_URL: database.url,
      SMTP_URL: smtp.url,
    });
    try {
      const runs = async () => {
        const [row] = await sql<{ runs: number }>(
          database.url,
          "SELECT runs FROM sweep_runs WHERE name = 'rotina-pedidos'",
        );
        return row?.runs ?? 0;
      };
      // The first occurrence after both are up, then the next minute's: one run each, not one per instance.
      expect(await until(async () => (await runs()) > 0, 75_000)).toBeLessThan(Infinity);
      const first = await runs();
      expect(await until(async () => (await runs()) > first, 75_000)).toBeLessThan(Infinity);
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      expect(await runs()).toBe(first + 1);
      const body = (await (await staff(web, '/deliveries')).json()) as {
        rotinas: { nome: string; execucoes: number; atrasada: boolean }[];
      };
      const round = body.rotinas.find((r) => r.nome === 'rotina-pedidos');
      expect(round?.execucoes).toBe(first + 1);
      expect(round?.atrasada).toBe(false);
    } finally {
      await second.stop();
    }
  });
});
