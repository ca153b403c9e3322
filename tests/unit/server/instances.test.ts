import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatform } from '#/server/app.ts';
import { memoryMailer } from '#/server/mail/mailer.ts';
import { followChanges } from '#/server/changes.ts';
import { openDatabase } from '#/server/db/client.ts';
import type { Database } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { createLimits } from '#/server/rate-limit.ts';
import type { LimitStore } from '#/server/rate-limit.ts';
import { seedDatabase } from '#/server/seed/index.ts';
import { answers } from '../../support/instances.ts';
import { APP_TOKEN, ORIGIN } from './harness.ts';

/**
 * Several store instances on one database: rate limits counted once for all of them, and caches that
 * follow a change made on any of them. On PGlite (one process) the change notices are checked in-process.
 */
const postgres = process.env['TEST_DB'] === 'postgres';
const url = process.env['TEST_DATABASE_URL'];
const redisUrl = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';

type Instance = { database: Database; platform: ReturnType<typeof createPlatform>; changes: string[] };

const schemaName = `t_${randomBytes(6).toString('hex')}`;
const instances: Instance[] = [];
const closers: (() => Promise<void>)[] = [];

async function instance(store: (database: Database) => LimitStore): Promise<Instance> {
  const database = await openDatabase(postgres ? { url, schemaName } : { dataDir: 'memory://' });
  const changes: string[] = [];
  const stop = await followChanges(database, (tables) => changes.push(...tables));
  closers.push(async () => {
    await stop();
    await database.close();
  });
  const platform = createPlatform({
    db: database.db,
    appToken: APP_TOKEN,
    mediaDir: path.join(os.tmpdir(), 'store-media-instances'),
    mailer: memoryMailer(),
    limits: createLimits(store(database)),
    health: database.health,
  });
  return { database, platform, changes };
}

const newsletter = (platform: Instance['platform'], client: string, n: number) =>
  platform.api.request(`${ORIGIN}/v2/front/newsletter`, {
    method: 'POST',
    headers: { 'App-Token': APP_TOKEN, 'Content-Type': 'application/json', 'X-Loja-Cliente': client },
    body: JSON.stringify({ email: `leitor${String(n)}-${client}@exemplo.com.br` }),
  });

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
};

beforeAll(async () => {
  const first = await instance((d) => (d.pool ? { kind: 'postgres', pool: d.pool } : { kind: 'memory' }));
  instances.push(first);
  await seedDatabase(first.database.db, 40);
  if (postgres) instances.push(await instance((d) => ({ kind: 'postgres', pool: d.pool ?? fail() })));
});

afterAll(async () => {
  const first = instances[0];
  if (postgres && first) await first.database.db.execute(`DROP SCHEMA ${schemaName} CASCADE`);
  for (const close of closers.reverse()) await close();
});

function fail(): never {
  throw new Error('PostgreSQL pool expected');
}

describe('change notices', () => {
  it('a renamed category reaches every instance within a second, and the taxonomy is read again', async () => {
    const [first] = instances;
    if (!first) throw new Error('no instance');
    const before = instances.map((i) => i.changes.length);
    const listing = async (i: Instance) =>
      (
        await i.platform.api.request(`${ORIGIN}/v2/front/url/verify?url=/cozinha/`, {
          headers: { 'App-Token': APP_TOKEN },
        })
      ).status;
    for (const i of instances) expect(await listing(i)).toBe(200);
    const started = Date.now();
    await first.database.db
      .update(t.categories)
      .set({ name: 'Cozinha Gourmet' })
      .where(eq(t.categories.path, '/cozinha/'));
    for (const [n, i] of instances.entries()) {
      expect(await until(() => i.changes.length > (before[n] ?? 0)), `instance ${String(n)} told`).toBe(true);
      expect(i.changes).toContain('categories');
    }
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('tables outside the catalogue (a newsletter sign-up) send no notice', async () => {
    const [first] = instances;
    if (!first) throw new Error('no instance');
    const before = first.changes.length;
    expect((await newsletter(first.platform, '10.9.9.9', 1)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(first.changes.slice(before)).toEqual([]);
  });
});

describe.runIf(postgres)('sessions across instances', () => {
  it('an id issued by one instance holds its CEP on the other; an id made up is refused by both', async () => {
    const [a, b] = instances;
    if (!a || !b) throw new Error('two instances expected');
    const issued = await a.platform.api.request(`${ORIGIN}/v2/front/checkout/zipcode`, {
      method: 'POST',
      headers: { 'App-Token': APP_TOKEN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ cep: '01001-000' }),
    });
    const session = issued.headers.get('Session') ?? fail();
    const there = await b.platform.api.request(`${ORIGIN}/v2/front/checkout/user`, {
      headers: { 'App-Token': APP_TOKEN, Session: session },
    });
    expect(there.headers.get('Session')).toBeNull();
    expect(((await there.json()) as { endereco: { cep: string } }).endereco.cep).toBe('01001000');
    for (const i of instances) {
      const made = await i.platform.api.request(`${ORIGIN}/v2/front/ping`, {
        headers: { 'App-Token': APP_TOKEN, Session: 'uma-sessao-inventada-de-32-caracteres' },
      });
      expect(made.headers.get('Session')).not.toBeNull();
    }
  });
});

describe.runIf(postgres)('shared rate limits on PostgreSQL', () => {
  it('eleven newsletter posts from one address over two instances: the eleventh is a 429', async () => {
    const [a, b] = instances;
    if (!a || !b) throw new Error('two instances expected');
    const client = `10.1.${String(Math.floor(Math.random() * 250))}.7`;
    const statuses: number[] = [];
    for (let n = 0; n < 11; n += 1)
      statuses.push((await newsletter(n % 2 ? b.platform : a.platform, client, n)).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe.runIf(postgres)('shared rate limits on Redis', async () => {
  const up = await answers(redisUrl);
  it.runIf(up)('ten logins a minute from one address across two instances, not twenty', async () => {
    const [a, b] = instances;
    if (!a || !b) throw new Error('two instances expected');
    const clients = [new Redis(redisUrl), new Redis(redisUrl)];
    try {
      const prefix = randomBytes(4).toString('hex');
      const limits = clients.map((client) => createLimits({ kind: 'redis', client }));
      const twins = [a, b].map((i, n) =>
        createPlatform({
          db: i.database.db,
          appToken: APP_TOKEN,
          mediaDir: os.tmpdir(),
          mailer: memoryMailer(),
          limits: limits[n] ?? fail(),
          health: i.database.health,
        }),
      );
      const login = (n: number) =>
        (twins[n % 2] ?? fail()).api.request(`${ORIGIN}/v2/front/checkout/login`, {
          method: 'POST',
          headers: {
            'App-Token': APP_TOKEN,
            'Content-Type': 'application/json',
            'X-Loja-Cliente': `redis-${prefix}`,
          },
          body: JSON.stringify({ login: `ninguem-${prefix}@exemplo.com.br`, senha: 'senha-errada-123' }),
        });
      const statuses: number[] = [];
      for (let n = 0; n < 12; n += 1) statuses.push((await login(n)).status);
      expect(statuses.filter((s) => s === 429)).toHaveLength(2);
      expect(statuses.slice(0, 10)).not.toContain(429);
    } finally {
      for (const client of clients) client.disconnect();
    }
  });
});
