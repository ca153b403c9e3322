// `npm run soak`: two production instances on one PostgreSQL (and Redis when it answers) under a mix of
// shoppers for SOAK_SECONDS (60), with two faults on the way: every store connection cut once
// (pg_terminate_backend), and one instance stopped with SIGTERM and started again. Requests go only to
// instances whose /saude says 200, as a load balancer would. Prints requests per second, latency per kind,
// status counts, recovery after each fault and whether every shopper's cart is what the database holds.
// A measurement like `npm run bench`, never part of `npm test`.
import { spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { hashPassword } from '#/server/accounts/passwords.ts';
import {
  POSTGRES_URL,
  REDIS_URL,
  answers,
  createDatabase,
  sql,
  startInstance,
} from '../support/instances.ts';
import type { Instance } from '../support/instances.ts';

const SECONDS = Number(process.env['SOAK_SECONDS'] ?? 60);
const SHOPPERS = Number(process.env['SOAK_SHOPPERS'] ?? 24);
/** Each shopper waits this long between two clicks, at random (a person reads the page). */
const THINK_MS = [200, 800] as const;
/** Share of clicks that are a login (each costs scrypt at OWASP's parameters: about 0.3 s of a core). */
const LOGIN_SHARE = Number(process.env['SOAK_LOGIN_SHARE'] ?? 0.02);
const postgresUrl = POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = REDIS_URL || 'redis://127.0.0.1:6379';
const SECRET = `soak-${randomBytes(6).toString('hex')}`;
const TOKEN = 'wapstore';

if (!(await answers(postgresUrl))) {
  console.error(`soak: no PostgreSQL answers at ${postgresUrl} (set TEST_DATABASE_URL)`);
  process.exit(1);
}
const withRedis = await answers(redisUrl);

if (!process.argv.includes('--no-build')) {
  console.error('soak: building…');
  const build = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
    stdio: 'ignore',
  });
  if (build.status !== 0) throw new Error('astro build failed');
}

const database = await createDatabase('soak');
const env = {
  DATABASE_URL: database.url,
  SEED_PRODUCTS: '400',
  PROXY_SIGNATURE_SECRET: SECRET,
  // Its balancer reads /saude every 250 ms: a second of notice covers it (scripts/serve.mjs).
  SHUTDOWN_NOTICE_S: '1',
  ...(withRedis ? { REDIS_URL: redisUrl } : {}),
};
console.error(`soak: two instances on ${database.url}${withRedis ? ` and Redis ${redisUrl}` : ''}`);
const instances: (Instance | undefined)[] = [await startInstance(env), undefined];
instances[1] = await startInstance(env);

// ---- The load balancer: new requests go to instances whose /saude said 200 in the last 250 ms.
const healthy = new Set<Instance>();
const balancing = { on: true };
void (async () => {
  while (balancing.on) {
    await Promise.all(
      instances.map(async (instance) => {
        if (!instance) return;
        const ok = await fetch(`${instance.url}/saude`, { signal: AbortSignal.timeout(500) }).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) healthy.add(instance);
        else healthy.delete(instance);
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
})();
let turn = 0;
async function pick(): Promise<Instance> {
  for (;;) {
    const up = [...healthy];
    const chosen = up[turn++ % Math.max(1, up.length)];
    if (chosen) return chosen;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// ---- What is measured.
type Kind =
  | 'listing'
  | 'catalogue page'
  | 'catalogue page (cached)'
  | 'search'
  | 'product'
  | 'cart'
  | 'login'
  | 'favourite'
  | 'newsletter';
const latencies = new Map<Kind, number[]>();
const statuses = new Map<string, number>();
const faults: { name: string; start: number; end: number; recovered?: number }[] = [];
let serverErrorsOutside = 0;
let lostRequests = 0;
let total = 0;
/** A request that started up to a second before a fault, or before the store served again after it, is in its window. */
const inFault = (at: number) => faults.some((f) => at >= f.start - 1000 && (f.end === 0 || at <= f.end));

function sign(address: string): Record<string, string> {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const head = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ exp: Math.floor(Date.now() / 1000) + 3600, iss: 'netlify' })}`;
  const signature = createHmac('sha256', SECRET).update(head).digest('base64url');
  return { 'X-Nf-Sign': `${head}.${signature}`, 'X-Forwarded-For': address };
}

async function call(kind: Kind, path: string, init: RequestInit & { address: string }) {
  const { address, ...rest } = init;
  for (;;) {
    const instance = await pick();
    const started = performance.now();
    const at = Date.now();
    try {
      const res = await fetch(`${instance.url}${path}`, {
        ...rest,
        headers: { ...sign(address), ...(rest.headers as Record<string, string>) },
        signal: AbortSignal.timeout(15_000),
      });
      const body = await res.text();
      const ms = performance.now() - started;
      // A catalogue page counts as cached when the route cache answered it (a miss is a listing like any other).
      if (kind === 'catalogue page' && /HIT|STALE/.test(res.headers.get('x-astro-cache') ?? ''))
        kind = 'catalogue page (cached)';
      total += 1;
      const key = `${kind}: ${String(res.status)}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      if (res.status >= 500 && !inFault(at)) serverErrorsOutside += 1;
      if (res.status < 500) (latencies.get(kind) ?? latencies.set(kind, []).get(kind))?.push(ms);
      return { res, body };
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      // Refused at connect: the balancer had not noticed yet; the request was never taken. Try another.
      if (cause === 'ECONNREFUSED') {
        healthy.delete(instance);
        continue;
      }
      lostRequests += 1;
      total += 1;
      statuses.set(`${kind}: lost (${cause ?? String(error)})`, (statuses.get(`${kind}: lost`) ?? 0) + 1);
      return undefined;
    }
  }
}

// ---- The catalogue the shoppers browse, and their accounts.
const products = await sql<{ pid: number; vid: number; slug: string; sku: string }>(
  database.url,
  `SELECT p.id AS pid, v.id AS vid, p.slug, v.sku FROM products p JOIN variants v ON v.product_id = p.id
   ORDER BY v.stock DESC, v.id LIMIT 200`,
);
const categories = (await sql<{ path: string }>(database.url, 'SELECT path FROM categories')).map(
  (c) => c.path,
);
const password = 'uma frase longa de teste';
const hash = await hashPassword(password);
const shoppers = Array.from({ length: SHOPPERS }, (_, n) => ({
  n,
  address: `200.${String(10 + n)}.${String(n % 250)}.7`,
  email: `soak-${String(n)}@exemplo.com.br`,
  session: randomBytes(24).toString('base64url'),
  loggedIn: false,
  /** The cart as this shopper last saw it: variant id → quantity. */
  seen: new Map<number, number>(),
  /** Whether the last cart answer may not be the last cart change (a change whose answer never came). */
  unsure: false,
}));
for (const s of shoppers) {
  await sql(
    database.url,
    `INSERT INTO customers (email, pessoa, document, name, password_hash) VALUES ($1, 'F', $2, $3, $4)`,
    [s.email, String(10_000_000_000 + s.n), `Cliente ${String(s.n)}`, hash],
  );
}
const random = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

type CartAnswer = {
  itens: { quantidade: number; atributos: { simples?: { atributoValor: { id: number } } } }[];
};
function remember(shopper: (typeof shoppers)[number], body: string, res: Response) {
  const issued = res.headers.get('Session');
  if (issued) shopper.session = issued;
  if (!res.ok) return;
  const cart = JSON.parse(body) as CartAnswer;
  shopper.seen = new Map();
  for (const line of cart.itens) {
    const variant = line.atributos.simples?.atributoValor.id;
    if (variant !== undefined) shopper.seen.set(variant, line.quantidade);
  }
  shopper.unsure = false;
}

async function act(shopper: (typeof shoppers)[number]) {
  const api = (method: string, json?: unknown) => ({
    method,
    address: shopper.address,
    headers: {
      'App-Token': TOKEN,
      Session: shopper.session,
      ...(json ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(json ? { body: JSON.stringify(json) } : {}),
  });
  const roll = Math.random();
  const product = random(products);
  if (roll < 0.12) await call('catalogue page', '/', { address: shopper.address });
  else if (roll < 0.3) await call('catalogue page', random(categories), { address: shopper.address });
  else if (roll < 0.36)
    await call('listing', `${random(categories)}?order=Menor+Pre%C3%A7o&ipp=12`, {
      address: shopper.address,
    });
  else if (roll < 0.46)
    await call(
      'search',
      `/busca?busca=${random(['torneira', 'cuba inox', 'misturador', 'ducha', 'preto fosco'])}`,
      { address: shopper.address },
    );
  else if (roll < 0.6)
    await call('product', `/${product.slug}.html?sku=${product.sku}`, { address: shopper.address });
  else if (roll < 0.87) {
    const lines = [...shopper.seen.keys()];
    const which = Math.random();
    let answer;
    if (lines.length === 0 || which < 0.5) {
      answer = await call(
        'cart',
        '/api/v2/front/checkout/cart',
        api('POST', {
          tipo: 'produto',
          itens: [{ idProduto: product.pid, idAtributoSimples: product.vid, quantidade: 1 }],
        }),
      );
    } else {
      const variant = random(lines);
      const line = products.find((p) => p.vid === variant);
      if (!line) return;
      answer =
        which < 0.8
          ? await call(
              'cart',
              '/api/v2/front/checkout/cart',
              api('PUT', {
                idProduto: line.pid,
                idAtributoSimples: variant,
                quantidade: 1 + Math.floor(Math.random() * 4),
              }),
            )
          : await call(
              'cart',
              '/api/v2/front/checkout/cart',
              api('DELETE', { idProduto: line.pid, idAtributoSimples: variant }),
            );
    }
    // A 503 must mean nothing was applied (the transaction rolled back): the cart seen stays the truth.
    if (!answer) shopper.unsure = true;
    else remember(shopper, answer.body, answer.res);
  } else if (roll < 0.87 + LOGIN_SHARE) {
    const answer = await call(
      'login',
      '/api/v2/front/checkout/login',
      api('POST', { usuario: shopper.email, senha: password }),
    );
    if (answer?.res.ok) {
      shopper.loggedIn = true;
      const issued = answer.res.headers.get('Session');
      if (issued) shopper.session = issued;
    } else if (!answer) shopper.unsure = true;
  } else if (roll < 0.96) {
    if (shopper.loggedIn)
      await call(
        'favourite',
        `/api/v2/front/wishlist/${random(['add', 'remove'])}`,
        api('POST', { idProduto: product.pid }),
      );
  } else {
    await call(
      'newsletter',
      '/api/v2/front/newsletter',
      api('POST', { email: `soak-${String(shopper.n)}-${String(Date.now())}@exemplo.com.br` }),
    );
  }
}

// ---- The run.
const started = Date.now();
const endAt = started + SECONDS * 1000;
async function recoveredAfter(since: number) {
  for (;;) {
    const probe = await fetch(
      `${[...healthy][0]?.url ?? instances[0]?.url ?? ''}/cozinha/torneiras/?pg=1&order=A-Z`,
    ).then(
      (r) => r.status,
      () => 0,
    );
    if (probe === 200 && healthy.size > 0) return Date.now() - since;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const faultsDone = (async () => {
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 300));
  const cut = {
    name: 'database connections cut (pg_terminate_backend)',
    start: Date.now(),
    end: 0,
    recovered: 0,
  };
  faults.push(cut);
  const killed = await sql<{ n: string }>(
    postgresUrl,
    `SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
    [new URL(database.url).pathname.slice(1)],
  );
  cut.recovered = await recoveredAfter(cut.start);
  cut.end = cut.start + cut.recovered + 1000;
  console.error(
    `soak: cut ${killed[0]?.n ?? '?'} connections; serving again after ${String(cut.recovered)} ms`,
  );

  await new Promise((resolve) => setTimeout(resolve, SECONDS * 300));
  const restart = {
    name: 'instance B: SIGTERM, started again, back in rotation',
    start: Date.now(),
    end: 0,
    recovered: 0,
  };
  faults.push(restart);
  const stopping = instances[1];
  instances[1] = undefined;
  const code = await stopping?.stop('SIGTERM');
  if (stopping) healthy.delete(stopping);
  console.error(`soak: instance B exited ${String(code)}`);
  instances[1] = await startInstance(env);
  restart.recovered = Date.now() - restart.start;
  restart.end = Date.now() + 1000;
})();
await Promise.all(
  shoppers.map(async (shopper) => {
    while (Date.now() < endAt) {
      await act(shopper);
      await new Promise((resolve) =>
        setTimeout(resolve, THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0])),
      );
    }
  }),
);
await faultsDone;
const elapsed = (Date.now() - started) / 1000;

// ---- Every cart as its shopper last saw it against the database.
let lost = 0;
let doubled = 0;
let unsure = 0;
for (const shopper of shoppers) {
  if (shopper.unsure) {
    unsure += 1;
    continue;
  }
  const rows = await sql<{ variant_id: number; quantity: number }>(
    database.url,
    'SELECT variant_id, quantity FROM cart_items WHERE session_id = $1',
    [shopper.session],
  );
  const stored = new Map(rows.map((r) => [r.variant_id, r.quantity]));
  for (const [variant, quantity] of shopper.seen) {
    const there = stored.get(variant) ?? 0;
    if (there < quantity) lost += 1;
    if (there > quantity) doubled += 1;
  }
  for (const variant of stored.keys()) if (!shopper.seen.has(variant)) doubled += 1;
}

balancing.on = false;
const exits = await Promise.all(instances.map(async (i) => (i ? i.stop('SIGTERM') : null)));
for (const [n, instance] of instances.entries())
  if (exits[n] !== 0)
    console.error(
      `soak: instance ${String(n)} exited ${String(exits[n])}:\n${instance?.output().slice(-3000) ?? ''}`,
    );
await database.drop();

// ---- The table.
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const f = (ms: number) => `${ms.toFixed(1)} ms`;
console.log(
  `\n## Soak: ${String(SHOPPERS)} shoppers (${String(THINK_MS[0])}-${String(THINK_MS[1])} ms between clicks), ${elapsed.toFixed(0)} s, two instances on PostgreSQL${withRedis ? ' + Redis' : ''}\n`,
);
console.log(`Requests: ${String(total)} (${(total / elapsed).toFixed(0)} per second)\n`);
console.log('| kind | requests | p50 | p95 | p99 |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const [kind, values] of [...latencies].sort()) {
  const sorted = [...values].sort((a, b) => a - b);
  console.log(
    `| ${kind} | ${String(sorted.length)} | ${f(pct(sorted, 50))} | ${f(pct(sorted, 95))} | ${f(pct(sorted, 99))} |`,
  );
}
console.log('\n| status | count |');
console.log('| --- | ---: |');
for (const [key, n] of [...statuses].sort()) console.log(`| ${key} | ${String(n)} |`);
console.log('\n| fault | back to serving |');
console.log('| --- | ---: |');
for (const fault of faults) console.log(`| ${fault.name} | ${String(fault.recovered ?? '?')} ms |`);
console.log('\n| check | result | target |');
console.log('| --- | ---: | ---: |');
console.log(`| 5xx outside the fault windows | ${String(serverErrorsOutside)} | 0 |`);
console.log(`| requests lost after an instance took them | ${String(lostRequests)} | 0 |`);
console.log(
  `| cart lines lost / doubled (${String(SHOPPERS - unsure)} of ${String(SHOPPERS)} carts checked) | ${String(lost)} / ${String(doubled)} | 0 / 0 |`,
);
console.log(
  `| p95 of cached catalogue pages | ${f(
    pct(
      [...(latencies.get('catalogue page (cached)') ?? [])].sort((a, b) => a - b),
      95,
    ),
  )} | < 50 ms |`,
);
console.log(`| instances' exit codes on SIGTERM | ${exits.map(String).join(', ')} | 0 |`);
