import http from 'node:http';
import type net from 'node:net';
import { expect, test } from '@playwright/test';
import {
  POSTGRES_URL,
  answers,
  createDatabase,
  databaseProxy,
  rawRequest,
  sql,
  startInstance,
  APP_TOKEN_HEADER as TOKEN,
  healthy,
  until,
} from '../../support/instances.ts';

/**
 * How long another instance may take to follow a change: about a second on an idle machine (the soak measures
 * it); the bound leaves room for a CI machine busy with two browsers, so the test says "it follows", not how fast.
 */
const FOLLOW_MS = 3000;

/**
 * How soon a request to a store whose database is gone must be answered (503): a query left to the database
 * would wait for its timeout (6 s: STATEMENT_TIMEOUT_MS and a second, db/client.ts), so answering under this
 * says the store failed fast; an idle machine takes well under a second, a loaded CI once took 3.4 s.
 */
const PROMPT_MS = 4000;

/**
 * The store as an operator runs it: production instances of the build (scripts/serve.mjs), started with
 * their own settings, stopped with SIGTERM, cut off from PostgreSQL and given it back, two at a time on one
 * database. No browser: what is checked is what a load balancer, a crawler and a shopper's request see.
 */
test.describe.configure({ mode: 'serial' });

const STAFF_TOKEN = 'operacoes-equipe-0123456789abcdef';
const timed = async (url: string, init?: RequestInit) => {
  const started = Date.now();
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  const body = await res.text();
  return { res, body, ms: Date.now() - started };
};
test('settings are read when the server starts, not when it was built', async () => {
  const instance = await startInstance({
    STORE_APP_TOKEN: 'token-de-outra-loja',
    SITE_URL: 'http://loja-exemplo.test',
    SEED_PRODUCTS: '24',
  });
  try {
    const ours = await fetch(`${instance.url}/api/v2/front/sitemap`, {
      headers: { 'App-Token': 'token-de-outra-loja' },
    });
    expect(ours.status).toBe(200);
    const kinds = (await ours.json()) as { tipos: { tipo: string; total: number }[] };
    expect(kinds.tipos.find((k) => k.tipo === 'produtos')?.total).toBe(24);
    expect((await fetch(`${instance.url}/api/v2/front/settings`, { headers: TOKEN })).status).toBe(401);
    const home = await (await fetch(`${instance.url}/`)).text();
    expect(home).toContain('"token":"token-de-outra-loja"');
    expect(home).toContain('<link rel="canonical" href="http://loja-exemplo.test/"');
    // A page built to static HTML learns the token as it is served.
    const marketing = await (await fetch(`${instance.url}/pagina/obrigado`)).text();
    expect(marketing).toContain('"token":"token-de-outra-loja"');
    expect(marketing).not.toContain('token-da-loja-definido-ao-iniciar');
    // Methods nobody serves are a 405 with Allow, never a 500 (TRACE cannot even become a fetch Request).
    for (const method of ['PROPFIND', 'PATCH'])
      for (const path of ['/', '/cozinha/', '/api/v2/front/settings'])
        expect((await fetch(`${instance.url}${path}`, { method })).status, `${method} ${path}`).toBe(405);
    // A huge body is stopped while it streams, on the API and on pages, and nothing is echoed.
    for (const path of ['/api/v2/front/newsletter', '/newsletter']) {
      let sent = 0;
      const endless = new ReadableStream<Uint8Array>({
        pull(controller) {
          sent += 64 * 1024;
          if (sent > 20 * 1024 * 1024) controller.close();
          else controller.enqueue(new Uint8Array(64 * 1024).fill(97));
        },
      });
      const res = await fetch(`${instance.url}${path}`, {
        method: 'POST',
        headers: {
          'App-Token': 'token-de-outra-loja',
          'Content-Type': 'application/json',
          Origin: instance.url,
        },
        body: endless,
        duplex: 'half',
      } as RequestInit).catch(() => undefined);
      if (res) expect(res.status, path).toBe(413);
      expect(sent, path).toBeLessThan(20 * 1024 * 1024);
    }
    // A parameter no page reads neither misses the route cache nor reaches the page.
    await fetch(`${instance.url}/cozinha/?x=1`);
    const junk = await fetch(`${instance.url}/cozinha/?x=2`);
    expect(junk.headers.get('x-astro-cache')).toBe('HIT');
    expect(await junk.text()).not.toContain('x=2');
    // Another Host changes nothing: every absolute URL stays on SITE_URL, in the cache too.
    const forged = await rawRequest(
      instance.port,
      'GET / HTTP/1.1\r\nHost: evil.tld\r\nConnection: close\r\n\r\n',
    );
    expect(forged).not.toContain('evil.tld');
    expect(await (await fetch(`${instance.url}/`)).text()).not.toContain('evil.tld');
    for (const path of ['/', '/api/v2/front/settings']) {
      const answer = await rawRequest(
        instance.port,
        `TRACE ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 405/);
    }
    // A Host that is not a host (user info, markup, a space, half a bracket, two lines) is a 400, never a page.
    for (const hosts of [['evil.tld@127.0.0.1'], ['<b>x</b>'], ['a b'], ['[::1'], ['127.0.0.1', 'evil.tld']])
      for (const path of ['/', '/api/v2/front/settings']) {
        const lines = hosts.map((host) => `Host: ${host}\r\n`).join('');
        const answer = await rawRequest(
          instance.port,
          `GET ${path} HTTP/1.1\r\n${lines}Connection: close\r\n\r\n`,
        );
        expect(answer, `${hosts.join(' + ')} ${path}`).toMatch(/^HTTP\/1\.1 400/);
        expect(answer).toMatch(/\r\ncache-control: no-store\r\n/i);
      }
  } finally {
    expect(await instance.stop()).toBe(0);
  }
});

test('an unexpected failure: the 500 page gives the shopper a reference, and the log line carries the same one', async () => {
  // A platform that answers nonsense: every page the store renders from it fails unexpectedly.
  const upstream = http.createServer((_, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ nivel: 42, email: 'cliente@exemplo.com.br' }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const { port } = upstream.address() as net.AddressInfo;
  const instance = await startInstance({ STORE_API_URL: `http://127.0.0.1:${String(port)}/api` });
  try {
    const res = await fetch(`${instance.url}/`);
    expect(res.status).toBe(500);
    const html = await res.text();
    const reference = /informe ao atendimento o código <strong[^>]*>([0-9A-F]{8})</.exec(html)?.[1];
    expect(reference).toBeDefined();
    await expect.poll(() => instance.output()).toContain(`[store] erro ${reference ?? ''}: `);
    expect(instance.output()).not.toContain('cliente@exemplo.com.br');
  } finally {
    await instance.stop();
    upstream.close();
  }
});

test.describe('on PostgreSQL', () => {
  test.skip(!POSTGRES_URL, 'TEST_DATABASE_URL is not set (no local PostgreSQL)');
  let database: Awaited<ReturnType<typeof createDatabase>>;
  test.beforeAll(async () => {
    if (!(await answers(POSTGRES_URL))) throw new Error(`PostgreSQL does not answer at ${POSTGRES_URL}`);
    database = await createDatabase('ops');
  });
  test.afterAll(async () => {
    await database.drop();
  });

  test('the database refusing connections: 503 pages and API at once, /saude 503, back by itself', async () => {
    const proxy = await databaseProxy(database.url);
    const instance = await startInstance({ DATABASE_URL: proxy.url });
    try {
      expect((await timed(`${instance.url}/cozinha/torneiras/`)).res.status).toBe(200);
      await proxy.refuse();
      const page = await timed(`${instance.url}/banheiro/`);
      expect(page.res.status).toBe(503);
      expect(page.ms).toBeLessThan(PROMPT_MS);
      expect(page.res.headers.get('retry-after')).toBeTruthy();
      expect(page.res.headers.get('cache-control')).toBe('no-store');
      expect(page.body).toContain('Voltamos em instantes');
      expect(page.body).not.toMatch(/at .*\.(js|mjs|ts):\d+/);
      const api = await timed(`${instance.url}/api/v2/front/url/verify?url=/banheiro/`, { headers: TOKEN });
      expect(api.res.status).toBe(503);
      expect(api.ms).toBeLessThan(PROMPT_MS);
      expect(JSON.parse(api.body)).toMatchObject({ error: 'unavailable' });
      expect((await fetch(`${instance.url}/saude`)).status).toBe(503);
      await proxy.restore();
      expect(await until(healthy(instance), 5000)).toBeLessThan(5000);
      expect((await timed(`${instance.url}/banheiro/`)).res.status).toBe(200);
      expect(instance.process.exitCode).toBeNull();
    } finally {
      expect(await instance.stop()).toBe(0);
      await proxy.close();
    }
  });

  test('a silent database: found out within seconds, no request hangs, and a stuck pool still lets SIGTERM end', async () => {
    const proxy = await databaseProxy(database.url);
    const instance = await startInstance({ DATABASE_URL: proxy.url });
    try {
      proxy.swallow();
      expect(
        await until(async () => (await fetch(`${instance.url}/saude`)).status === 503, 5000),
      ).toBeLessThan(5000);
      const page = await timed(`${instance.url}/banheiro/chuveiros-e-duchas/`);
      expect(page.res.status).toBe(503);
      expect(page.ms).toBeLessThan(PROMPT_MS);
      await proxy.restore();
      expect(await until(healthy(instance), 5000)).toBeLessThan(5000);
      expect((await timed(`${instance.url}/banheiro/chuveiros-e-duchas/`)).res.status).toBe(200);
      proxy.swallow();
      const started = Date.now();
      expect(await instance.stop()).toBe(0);
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      await instance.stop('SIGKILL');
      await proxy.close();
    }
  });

  test('a database unreachable at start: the store starts, answers 503, and serves once it comes', async () => {
    const proxy = await databaseProxy(database.url);
    await proxy.refuse();
    const instance = await startInstance({ DATABASE_URL: proxy.url }, { waitHealthy: false });
    try {
      const answered = await until(async () => (await fetch(`${instance.url}/saude`)).status === 503, 10_000);
      expect(answered).toBeLessThan(10_000);
      const page = await timed(`${instance.url}/`);
      expect(page.res.status).toBe(503);
      expect(page.ms).toBeLessThan(2500);
      await proxy.restore();
      expect(await until(healthy(instance), 8000)).toBeLessThan(8000);
      expect((await timed(`${instance.url}/`)).res.status).toBe(200);
    } finally {
      expect(await instance.stop()).toBe(0);
      await proxy.close();
    }
  });

  test('every backend terminated under load (clients checked out, in transactions): 503, then back, never a crash', async () => {
    // A database of its own: its newsletter posts count against limits kept in the database.
    const own = await createDatabase('falhas');
    const instance = await startInstance({ DATABASE_URL: own.url });
    try {
      // Requests that hold clients: pages, searches, and posts that write in a transaction.
      const load = Array.from({ length: 40 }, (_, n) =>
        n % 3 === 0
          ? fetch(`${instance.url}/api/v2/front/newsletter`, {
              method: 'POST',
              headers: {
                ...TOKEN,
                'Content-Type': 'application/json',
                'X-Forwarded-For': `10.1.0.${String(n)}`,
              },
              body: JSON.stringify({ email: `carga-${String(n)}@exemplo.com.br` }),
            }).then(
              (r) => r.status,
              () => 0,
            )
          : fetch(`${instance.url}/busca?busca=torneira+${String(n)}`).then(
              (r) => r.status,
              () => 0,
            ),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      await sql(
        POSTGRES_URL,
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [new URL(own.url).pathname.slice(1)],
      );
      const statuses = await Promise.all(load);
      // Each request was answered (a page, or the outage page), none with a 5xx other than 503.
      expect(statuses.filter((status) => status === 0 || (status >= 500 && status !== 503))).toEqual([]);
      expect(await until(healthy(instance), 5000)).toBeLessThan(5000);
      expect((await timed(`${instance.url}/banheiro/`)).res.status).toBe(200);
      expect(instance.process.exitCode).toBeNull();
      expect(instance.output()).not.toContain("Unhandled 'error' event");
    } finally {
      expect(await instance.stop()).toBe(0);
      await own.drop();
    }
  });

  test('two instances: one set of limits, and caches that follow a change made anywhere', async () => {
    const a = await startInstance({ DATABASE_URL: database.url, ADMIN_TOKEN: STAFF_TOKEN });
    const b = await startInstance({ DATABASE_URL: database.url, ADMIN_TOKEN: STAFF_TOKEN });
    try {
      // Eleven newsletter posts from one address, spread over both: the eleventh is refused.
      const statuses: number[] = [];
      for (let n = 0; n < 11; n += 1) {
        const res = await fetch(`${(n % 2 ? b : a).url}/api/v2/front/newsletter`, {
          method: 'POST',
          headers: { ...TOKEN, 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: `par-${String(n)}@exemplo.com.br` }),
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => 200));
      expect(statuses[10]).toBe(429);

      // B holds the category page in its route cache; A's database renames the category.
      await fetch(`${b.url}/cozinha/`);
      expect((await fetch(`${b.url}/cozinha/`)).headers.get('x-astro-cache')).toBe('HIT');
      await sql(database.url, `UPDATE categories SET name = 'Cozinha Planejada' WHERE path = '/cozinha/'`);
      const renamed = await until(
        async () => (await (await fetch(`${b.url}/cozinha/`)).text()).includes('Cozinha Planejada'),
        FOLLOW_MS,
      );
      expect(renamed).toBeLessThan(FOLLOW_MS);

      // A sheet of 20 rows (3 bad) sent to A: the dry run names the 3 and writes nothing; applied, the
      // 17 new prices are on both instances' product pages within a second.
      const staff = { Authorization: `Bearer ${STAFF_TOKEN}` };
      const rows = (
        (await (await fetch(`${a.url}/api/v2/admin/catalog/sheet`, { headers: staff })).json()) as {
          linhas: { sku: string; endereco: string; precoPor: number }[];
        }
      ).linhas.slice(0, 17);
      const first = rows[0] as (typeof rows)[number];
      const lines = rows.map(
        (r) => `${r.sku};${(r.precoPor + 7).toFixed(2)};${(r.precoPor + 7).toFixed(2)};9`,
      );
      lines.push(`${first.sku};;1;1`, 'NAO-HA;;5;1', `${first.sku}-X;;;-2`);
      const sent = await fetch(`${a.url}/api/v2/admin/catalog/imports?arquivo=precos.csv`, {
        method: 'POST',
        headers: { ...staff, 'Content-Type': 'text/csv' },
        body: `sku;preco_de;preco_por;estoque\n${lines.join('\n')}\n`,
      });
      expect(sent.status).toBe(201);
      const preview = (await sent.json()) as { id: string; totais: Record<string, number> };
      expect(preview.totais).toEqual({ criar: 0, alterar: 17, recusar: 3, iguais: 0 });
      const price = (first.precoPor + 7).toLocaleString('pt-BR', { minimumFractionDigits: 2 });
      const page = `/${first.endereco}.html`;
      expect(await (await fetch(`${b.url}${page}`)).text()).not.toContain(price);
      const applied = await fetch(`${a.url}/api/v2/admin/catalog/imports/${preview.id}/apply`, {
        method: 'POST',
        headers: staff,
      });
      expect(applied.status).toBe(200);
      for (const instance of [a, b]) {
        const shown = await until(
          async () => (await (await fetch(`${instance.url}${page}`)).text()).includes(price),
          FOLLOW_MS,
        );
        expect(shown).toBeLessThan(FOLLOW_MS);
      }

      // The product editor on A: a new address, then switched off; B follows each within a second.
      const found = (await (
        await fetch(`${a.url}/api/v2/admin/products?q=${encodeURIComponent(first.sku)}`, { headers: staff })
      ).json()) as { itens: { id: number }[] };
      const editor = `${a.url}/api/v2/admin/products/${String(found.itens[0]?.id)}`;
      const { produto } = (await (await fetch(editor, { headers: staff })).json()) as {
        produto: Record<string, unknown>;
      };
      const fields = ['nome', 'marca', 'categoria', 'resumo', 'descricao', 'seoTitulo', 'seoDescricao'];
      const input = {
        ...Object.fromEntries(fields.map((f) => [f, produto[f]])),
        acabamentos: produto['acabamentos'],
        endereco: `${first.endereco}-nova`,
        ativo: true,
      };
      const save = (body: object) =>
        fetch(editor, {
          method: 'PUT',
          headers: { ...staff, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
      expect((await save(input)).status).toBe(200);
      const moved = await until(async () => {
        const res = await fetch(`${b.url}${page}`, { redirect: 'manual' });
        return res.status === 301 && res.headers.get('location') === `/${first.endereco}-nova.html`;
      }, FOLLOW_MS);
      expect(moved).toBeLessThan(FOLLOW_MS);
      expect((await save({ ...input, ativo: false })).status).toBe(200);
      const gone = await until(
        async () => (await fetch(`${b.url}/${first.endereco}-nova.html`)).status === 404,
        FOLLOW_MS,
      );
      expect(gone).toBeLessThan(FOLLOW_MS);

      // Maintenance switched on in the settings reaches both within a second.
      await sql(
        database.url,
        `UPDATE settings SET value = jsonb_set(value, '{manutencao,ativo}', 'true') WHERE key = 'configuracoes'`,
      );
      for (const instance of [a, b]) {
        const closed = await until(
          async () => (await fetch(`${instance.url}/cozinha/`)).status === 503,
          FOLLOW_MS,
        );
        expect(closed).toBeLessThan(FOLLOW_MS);
      }
      await sql(
        database.url,
        `UPDATE settings SET value = jsonb_set(value, '{manutencao,ativo}', 'false') WHERE key = 'configuracoes'`,
      );
    } finally {
      expect(await a.stop()).toBe(0);
      expect(await b.stop()).toBe(0);
    }
  });
});
