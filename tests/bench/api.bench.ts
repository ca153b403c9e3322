// `npm run bench:api`: p50/p95 of the platform's hot calls (and placing an order) on a 10,000-product catalogue, in-process
// (as server-side rendering calls it). PGlite always; PostgreSQL too when one answers. Not a test.
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { cartFingerprint } from '#/contract/order.ts';
import type { Cart } from '#/contract/cart.ts';
import { createPlatform } from '#/server/app.ts';
import { clearListingCaches } from '#/server/catalog/caches.ts';
import { memoryMailer } from '#/server/mail/mailer.ts';
import { queueSchema, startBoss } from '#/server/jobs/boss.ts';
import { DEFAULT_MAIL_RETRY, startMailQueue } from '#/server/jobs/mail.ts';
import { startOrderNotices } from '#/server/jobs/order-notices.ts';
import { openDatabase } from '#/server/db/client.ts';
import type { DatabaseOptions } from '#/server/db/client.ts';
import { seedDatabase } from '#/server/seed/index.ts';
import { moderateReview } from '#/server/reviews/moderation.ts';
import { writeReview } from '#/server/reviews/reviews.ts';
import * as t from '#/server/db/schema.ts';
import type { Db } from '#/server/db/client.ts';
import type { Platform } from '#/server/app.ts';
import { paymentRows } from './payments.ts';
import { carrierRows } from './carriers.ts';
import { catalogueSheet } from './sheet.ts';
import { dashboardRows } from './dashboard.ts';

const PRODUCTS = Number(process.env['BENCH_PRODUCTS'] ?? 10_000);
const RUNS = Number(process.env['BENCH_RUNS'] ?? 60);
const WARMUP = 5;
const SEARCHES = [
  'torneira',
  'torneiras',
  'cozínha',
  'tornera',
  'misturadr',
  'cuba inox',
  'chuveiro de parede',
  'ducha higiênica',
  'preto fosco',
  'ralo linear',
];

const pgAnswers = () =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(5432, '127.0.0.1');
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => {
      resolve(false);
    });
  });

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/**
 * Placing an order (`POST checkout/order`): each run is a new logged-in buyer with two lines in the cart
 * (set up untimed); only the placing call is timed: the transaction that re-reads the cart, takes stock,
 * writes the order and empties the cart.
 */
async function placingOrders(
  label: string,
  db: Db,
  platform: Platform,
  productPath: string,
  coupon?: string,
  title?: string,
) {
  const headers = (session: string) => ({
    'App-Token': 'bench',
    Session: session,
    'Content-Type': 'application/json',
  });
  const detail = (await (
    await platform.api.request(`http://bench.local/v2/front/url/product/detail?url=${productPath}`, {
      headers: { 'App-Token': 'bench' },
    })
  ).json()) as {
    conteudo: { id: number; atributos: { simples?: { valores: { idAtributoValor: number }[] } } };
  };
  const product = detail.conteudo.id;
  const variants = (detail.conteudo.atributos.simples?.valores ?? [])
    .slice(0, 2)
    .map((v) => v.idAtributoValor);
  const times: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    for (const id of variants) await db.update(t.variants).set({ stock: 1000 }).where(eq(t.variants.id, id));
    const ping = await platform.api.request('http://bench.local/v2/front/ping', {
      headers: { 'App-Token': 'bench' },
    });
    const session = ping.headers.get('Session') ?? '';
    const [customer] = await db
      .insert(t.customers)
      .values({
        email: `bench-${randomBytes(6).toString('hex')}@exemplo.com.br`,
        pessoa: 'F',
        document: randomBytes(6).toString('hex'),
        name: 'Compra de Teste',
        passwordHash: 'não usado',
        address: {
          cep: '13035000',
          logradouro: 'Rua A',
          numero: '1',
          bairro: 'Centro',
          cidade: 'Campinas',
          uf: 'SP',
        },
      })
      .returning({ id: t.customers.id });
    await db.insert(t.sessions).values({ id: session, customerId: customer?.id ?? 0 });
    let cart: Cart | undefined;
    for (const variant of variants) {
      const res = await platform.api.request('http://bench.local/v2/front/checkout/cart', {
        method: 'POST',
        headers: headers(session),
        body: JSON.stringify({
          tipo: 'produto',
          itens: [{ idProduto: product, idAtributoSimples: variant, quantidade: 1 }],
        }),
      });
      cart = (await res.json()) as Cart;
    }
    if (coupon) {
      const res = await platform.api.request(`http://bench.local/v2/front/promotional/coupon/${coupon}`, {
        method: 'PUT',
        headers: { ...headers(session), 'X-Loja-Cliente': `10.9.${String(i % 250)}.1` },
      });
      if (res.status !== 200) throw new Error(`coupon ${coupon}: ${String(res.status)}`);
      cart = (await res.json()) as Cart;
    }
    const body = JSON.stringify({
      frete: 'economica',
      pagamento: 'pix',
      conferencia: cart ? cartFingerprint(cart) : '',
      chave: randomBytes(16).toString('hex'),
    });
    const t0 = performance.now();
    const res = await platform.api.request('http://bench.local/v2/front/checkout/order', {
      method: 'POST',
      headers: headers(session),
      body,
    });
    await res.arrayBuffer();
    if (res.status !== 201) throw new Error(`placing an order: ${String(res.status)}`);
    if (i >= WARMUP) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const name =
    title ?? (coupon ? `placing an order (2 lines, coupon ${coupon})` : 'placing an order (2 lines)');
  return `| ${label} | ${name} | – | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${times.length} |`;
}

/**
 * Applying a coupon (`PUT promotional/coupon/{code}`) to a cart of one line, and taking it off again
 * (untimed): the call judges the code against the cart and answers the whole cart.
 */
async function applyingCoupons(label: string, platform: Platform, session: string, productPath: string) {
  const headers = { 'App-Token': 'bench', Session: session, 'Content-Type': 'application/json' };
  const detail = (await (
    await platform.api.request(`http://bench.local/v2/front/url/product/detail?url=${productPath}`, {
      headers: { 'App-Token': 'bench' },
    })
  ).json()) as {
    conteudo: { id: number; atributos: { simples?: { valores: { idAtributoValor: number }[] } } };
  };
  const variant = detail.conteudo.atributos.simples?.valores[0]?.idAtributoValor ?? 0;
  await platform.api.request('http://bench.local/v2/front/checkout/cart', {
    method: 'POST',
    headers,
    body: JSON.stringify({
      tipo: 'produto',
      itens: [{ idProduto: detail.conteudo.id, idAtributoSimples: variant, quantidade: 1 }],
    }),
  });
  const times: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    // Each try from an address of its own: codes are rate limited per address, and this is not a guesser.
    const from = { ...headers, 'X-Loja-Cliente': `10.8.${String(Math.floor(i / 250))}.${String(i % 250)}` };
    const t0 = performance.now();
    const res = await platform.api.request('http://bench.local/v2/front/promotional/coupon/FRETE10', {
      method: 'PUT',
      headers: from,
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`applying a coupon: ${String(res.status)}`);
    if (i >= WARMUP) times.push(performance.now() - t0);
    await platform.api.request('http://bench.local/v2/front/promotional/coupon', {
      method: 'DELETE',
      headers: from,
    });
  }
  times.sort((a, b) => a - b);
  return `| ${label} | applying a coupon (FRETE10) | – | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${times.length} |`;
}

/**
 * Listing a product's reviews (`GET evaluations/product`, first page and a later one of 5) for a product
 * with 300 approved reviews among 20,000 others, each written and approved through the domain's own calls.
 */
async function listingReviews(
  label: string,
  db: Db,
  platform: Platform,
  session: string,
  productPath: string,
) {
  const detail = (await (
    await platform.api.request(`http://bench.local/v2/front/url/product/detail?url=${productPath}`, {
      headers: { 'App-Token': 'bench' },
    })
  ).json()) as { conteudo: { id: number } };
  const productId = detail.conteudo.id;
  const customers = await db
    .insert(t.customers)
    .values(
      Array.from({ length: 300 }, (_, i) => ({
        email: `bench-review-${String(i)}@exemplo.com.br`,
        pessoa: 'F',
        document: String(20_000_000_000 + i),
        name: `Cliente ${String(i)}`,
        passwordHash: 'não usado',
      })),
    )
    .returning({ id: t.customers.id });
  for (const [i, { id }] of customers.entries()) {
    await writeReview(db, id, {
      idProduto: productId,
      nome: `Cliente ${String(i)}`,
      nota: 1 + (i % 5),
      comentario: 'Produto bom, chegou no prazo e bem embalado.',
      recomenda: i % 5 > 1,
      website: '',
    });
  }
  for (const { id } of await db.select({ id: t.productReviews.id }).from(t.productReviews))
    await moderateReview(db, id, 'aprovada');
  // Everyone else's reviews: the index must find this product's among them.
  const others = await db.select({ id: t.products.id }).from(t.products).limit(2000);
  for (let n = 0; n < 10; n++)
    await db.insert(t.productReviews).values(
      others.map((p) => ({
        productId: p.id === productId ? 0 : p.id,
        customerId: 1_000_000 + n,
        name: 'Outro cliente',
        rating: 4,
        comment: 'Gostei.',
        recommends: true,
        status: 'approved' as const,
      })),
    );
  const rows: string[] = [];
  for (const [name, query] of [
    ['product reviews, page 1', ''],
    ['product reviews, page 20, 5 stars', '&offset=95&nota=5'],
  ] as const) {
    const url = `http://bench.local/v2/front/evaluations/product?idProduto=${String(productId)}${query}`;
    const times: number[] = [];
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const t0 = performance.now();
      const res = await platform.api.request(url, { headers: { 'App-Token': 'bench', Session: session } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${name}: ${String(res.status)}`);
      if (i >= WARMUP) times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    rows.push(
      `| ${label} | ${name} | – | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${times.length} |`,
    );
  }
  return rows;
}

const ADMIN = 'bench-equipe-0123456789abcdef';

/** The back office's lists as a member pages through them: the products (by text, filters, a late page) and the orders. */
async function staffLists(label: string, platform: Platform): Promise<string[]> {
  const staff = { 'App-Token': 'bench', Authorization: `Bearer ${ADMIN}` };
  const cases: [string, string][] = [
    ['panel products, page 1', '/v2/admin/products'],
    ['panel products, "torneira" by name, page 20', '/v2/admin/products?q=torneira&ordem=nome&pagina=20'],
    ['panel products, a SKU', '/v2/admin/products?q=ca-1053'],
    ['panel products, sold out, least stock', '/v2/admin/products?esgotados=1&ordem=menor-estoque'],
    ['panel orders, page 1', '/v2/admin/orders'],
  ];
  const rows: string[] = [];
  for (const [name, url] of cases) {
    const times: number[] = [];
    for (let i = 0; i < RUNS + WARMUP; i++) {
      const t0 = performance.now();
      const res = await platform.api.request(`http://bench.local${url}`, { headers: staff });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${name}: ${String(res.status)}`);
      if (i >= WARMUP) times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    rows.push(
      `| ${label} | ${name} | – | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${times.length} |`,
    );
  }
  return rows;
}

/**
 * The catalogue sheet at full size, once each (it is a team's occasional job, not a hot call): the export
 * (the staff call and the CSV written from it), then a 10,000-row sheet changing every row's price and
 * stock: its dry run and its apply (500 rows per transaction).
 */
async function bench(label: string, options: DatabaseOptions) {
  const database = await openDatabase({ ...options, statementTimeoutMs: 0 });
  const seeded = performance.now();
  await seedDatabase(database.db, PRODUCTS);
  console.error(`${label}: seeded ${PRODUCTS} products in ${Math.round(performance.now() - seeded)} ms`);
  // E-mail as the store sends it: written to the queue in the order's connection, sent by a worker (here into
  // memory, so what is timed is the queue, not a mail server).
  const boss = await startBoss(database, 'all');
  const mailer = memoryMailer();
  const mail = await startMailQueue(boss, {
    db: database.db,
    transport: memoryMailer(),
    domain: 'bench.local',
    retry: DEFAULT_MAIL_RETRY,
    work: true,
    owners: () => Promise.resolve([]),
    origin: 'http://bench.local',
  });
  mailer.post = mail.post;
  // A new order's e-mails: one job in the order's transaction, worked beside the requests.
  const tellOrder = await startOrderNotices(boss, {
    db: database.db,
    mailer,
    origin: 'http://bench.local',
    work: true,
  });
  const platform = createPlatform({
    db: database.db,
    appToken: 'bench',
    adminToken: ADMIN,
    mediaDir: path.join(os.tmpdir(), 'bench-media'),
    mailer,
    jobs: { mail, tellOrder, sweeps: [] },
    // The owner's Pix key (the seed's example key takes no Pix).
    pixKey: '11222333000181',
  });
  // One visitor for the whole run, with an id the platform issued.
  const ping = await platform.api.request('http://bench.local/v2/front/ping', {
    headers: { 'App-Token': 'bench' },
  });
  const session = ping.headers.get('Session') ?? '';
  const call = async (url: string) => {
    const res = await platform.api.request(`http://bench.local${url}`, {
      headers: { 'App-Token': 'bench', Session: session },
    });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  const listing = JSON.parse(
    await (
      await platform.api.request(
        'http://bench.local/v2/front/url/product/listing/category?url=/banheiro/&limit=1',
        { headers: { 'App-Token': 'bench' } },
      )
    ).text(),
  ) as { conteudo: { produtos: { rota: { path: string } }[] } };
  const product = listing.conteudo.produtos[0]?.rota.path ?? '';
  const cases: [string, string[]][] = [
    [
      'search (10 queries)',
      SEARCHES.map((q) => `/v2/front/url/product/listing/search?busca=${encodeURIComponent(q)}&limit=40`),
    ],
    ['category page 1', ['/v2/front/url/product/listing/category?url=/banheiro/']],
    ['category page 50', ['/v2/front/url/product/listing/category?url=/banheiro/&offset=1960&limit=40']],
    ['product detail', [`/v2/front/url/product/detail?url=${product}`]],
  ];
  const rows: string[] = [];
  for (const [name, urls] of cases) {
    for (let i = 0; i < WARMUP; i++) for (const u of urls) await call(u);
    // "warm": the listing/search cache holds the answer, as for a page shoppers keep opening;
    // "cold": the cache is emptied before every call, as for the first visit after a minute.
    for (const mode of ['warm', 'cold'] as const) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        for (const u of urls) {
          if (mode === 'cold') clearListingCaches(database.db);
          const t0 = performance.now();
          await call(u);
          times.push(performance.now() - t0);
        }
      }
      times.sort((a, b) => a - b);
      rows.push(
        `| ${label} | ${name} | ${mode} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${times.length} |`,
      );
    }
  }
  rows.push(...(await listingReviews(label, database.db, platform, session, product)));
  rows.push(await applyingCoupons(label, platform, session, product));
  rows.push(await placingOrders(label, database.db, platform, product));
  rows.push(await placingOrders(label, database.db, platform, product, 'FRETE10'));
  rows.push(...(await paymentRows(label, database.db, product, placingOrders, percentile)));
  rows.push(...(await carrierRows(label, database.db, product, placingOrders, { runs: RUNS, percentile })));
  rows.push(...(await staffLists(label, platform)));
  rows.push(...(await catalogueSheet(label, platform, ADMIN)));
  rows.push(
    ...(await dashboardRows(label, database.db, platform, ADMIN, { runs: RUNS, warmup: WARMUP, percentile })),
  );
  await boss.stop({ graceful: true, timeout: 5000 });
  if (options.schemaName) {
    await database.db.execute(sql.raw(`DROP SCHEMA ${options.schemaName} CASCADE`));
    await database.db.execute(sql.raw(`DROP SCHEMA IF EXISTS ${queueSchema(options.schemaName)} CASCADE`));
  }
  await database.close();
  return rows;
}

const rows = await bench('PGlite', { dataDir: 'memory://' });
const pgUrl =
  process.env['BENCH_DATABASE_URL'] ??
  process.env['TEST_DATABASE_URL'] ??
  ((await pgAnswers()) ? 'postgres://postgres@127.0.0.1:5432/test' : undefined);
if (pgUrl)
  rows.push(
    ...(await bench('PostgreSQL', { url: pgUrl, schemaName: `bench_${randomBytes(4).toString('hex')}` })),
  );
else console.error('PostgreSQL: none answers on 127.0.0.1:5432 (set BENCH_DATABASE_URL to include it)');

console.log(
  `\nAPI latency, ${PRODUCTS} products, in-process, node ${process.version}, ${os.cpus().length} CPUs\n`,
);
console.log('| database | call | cache | p50 ms | p95 ms | samples |');
console.log('| --- | --- | --- | ---: | ---: | ---: |');
for (const row of rows) console.log(row);
