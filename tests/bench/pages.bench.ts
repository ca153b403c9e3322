// `npm run bench:pages`: Lighthouse (mobile defaults, median of RUNS) for home, a category and a product,
// bytes before any interaction, and SSR throughput of a cached category page against a trivial page.
// Uses the production build and Debian's Chromium (CHROMIUM_PATH). Not a test: it prints a table.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium.ts';
import { countReadyIslands, islandsHydrated } from '../hydration.ts';

const PORT = 4455;
const BASE = `http://127.0.0.1:${String(PORT)}`;
// Five runs by default: on a shared 2-core machine TBT moves by tens of ms from one run to the next.
const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);

if (
  spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], { stdio: 'ignore' }).status !== 0
) {
  throw new Error('astro build failed');
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-bench-'));
const server = spawn(process.execPath, ['dist/server/entry.mjs'], {
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir },
  stdio: 'ignore',
});
const stop = () => {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
};

/** The median of the runs that measured it (a Lighthouse run can fail to compute an audit). */
const median = (xs: number[]) => {
  const measured = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return measured[Math.floor(measured.length / 2)] ?? NaN;
};

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${BASE}/saude`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

/** One GET on a keep-alive connection, reading the (compressed) bytes without decoding them. */
function rawGet(url: URL, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        agent,
        headers: { 'Accept-Encoding': 'br, gzip' },
      },
      (res) => {
        if (res.statusCode !== 200) reject(new Error(`${url.href}: ${String(res.statusCode)}`));
        res.resume();
        res.on('end', () => {
          resolve(res.statusCode ?? 0);
        });
      },
    );
    request.on('error', reject);
  });
}

/**
 * Requests per second over `seconds` with `concurrency` clients in a loop. `raw`: what the server
 * sustains (keep-alive, bodies read but not decoded, as wrk or autocannon do); otherwise Node's fetch,
 * which also spends this machine's CPU decoding every brotli body, as a browser would on its own.
 */
async function throughput(address: string, raw: boolean, seconds = 5, concurrency = 16) {
  const url = new URL(address);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  let done = 0;
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        if (raw) await rawGet(url, agent);
        else await (await fetch(url, { headers: { 'Accept-Encoding': 'br, gzip' } })).arrayBuffer();
        done++;
      }
    }),
  );
  agent.destroy();
  return done / seconds;
}

/**
 * Compressed bytes of island code a page downloads once hydrated (after a first key press), at a
 * viewport width; and what it downloaded before that key press.
 */
async function islandBytes(url: string, width: number): Promise<{ before: number; after: number }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    const files = new Map<string, number>();
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/_astro/') && path.endsWith('.js'))
        files.set(r.url(), Number(r.headers()['content-length'] ?? 0));
    });
    await page.addInitScript(countReadyIslands);
    await page.goto(url);
    await page.waitForTimeout(1000);
    const sum = () => [...files.values()].reduce((a, b) => a + b, 0);
    const before = sum();
    await page.keyboard.press('Shift');
    await page.waitForFunction(islandsHydrated);
    return { before, after: sum() };
  } finally {
    await browser.close();
  }
}

try {
  await waitForServer();
  const category = `${BASE}/cozinha/`;
  const listing = await (await fetch(category)).text();
  const productPath = /href="(\/[a-z0-9-]+\.html)"/.exec(listing)?.[1];
  if (!productPath) throw new Error('no product link on the category page');
  const pages: [string, string][] = [
    ['home', `${BASE}/`],
    ['category', category],
    ['product', `${BASE}${productPath}`],
  ];
  // Render images and fill caches once, as a live store would have them.
  for (const [, url] of pages) await (await fetch(url)).text();

  // Throughput first, while nothing else runs on the machine.
  const trivial = await throughput(`${BASE}/saude`, true);
  const cached = await throughput(category, true);
  const trivialDecoded = await throughput(`${BASE}/saude`, false);
  const cachedDecoded = await throughput(category, false);

  const islandRows: string[] = [];
  for (const [name, url] of pages) {
    const phone = await islandBytes(url, 360);
    const desktop = await islandBytes(url, 1366);
    islandRows.push(
      `| ${name} | ${(phone.before / 1024).toFixed(1)} KB | ${(phone.after / 1024).toFixed(1)} KB | ${(desktop.after / 1024).toFixed(1)} KB |`,
    );
  }

  const rows: string[] = [];
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    // Last, a static marketing page that is little more than the shell: what this machine's noise alone
    // gives Lighthouse's TBT in the same run, to read the pages' figures against.
    const floor: [string, string] = ['shell only (noise floor)', `${BASE}/pagina/obrigado/`];
    for (const [name, url] of [...pages, floor]) {
      const results: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'][] = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        if (!result) throw new Error(`lighthouse gave nothing for ${url}`);
        results.push(result.lhr);
      }
      const metric = (id: string) => median(results.map((r) => r.audits[id]?.numericValue ?? NaN));
      const score = median(results.map((r) => (r.categories['performance']?.score ?? NaN) * 100));
      const items =
        (
          results[0]?.audits['network-requests']?.details as
            { items?: { resourceType?: string; transferSize?: number }[] } | undefined
        )?.items ?? [];
      const js = items
        .filter((i) => i.resourceType === 'Script')
        .reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
      const failed = results.filter((r) => r.runtimeError).length;
      if (failed > 0)
        console.warn(
          `${name}: ${String(failed)} of ${String(RUNS)} Lighthouse runs failed; medians of the rest`,
        );
      const html = await (await fetch(url)).text();
      rows.push(
        `| ${name} | ${score.toFixed(0)} | ${(metric('largest-contentful-paint') / 1000).toFixed(2)} s | ${metric('total-blocking-time').toFixed(0)} ms | ${metric('mainthread-work-breakdown').toFixed(0)} ms | ${metric('cumulative-layout-shift').toFixed(3)} | ${(js / 1024).toFixed(1)} KB | ${(gzipSync(html).length / 1024).toFixed(1)} KB |`,
      );
    }
  } finally {
    chrome.kill();
  }

  console.log(
    `\nPages, production build, Lighthouse ${String(RUNS)} runs (median), mobile defaults, node ${process.version}\n`,
  );
  console.log(
    '| page | performance | LCP | TBT | main-thread work | CLS | JS before interaction | HTML (gzip) |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const row of rows) console.log(row);
  console.log('\nIsland JavaScript (compressed, budget 75 KB once hydrated, 72 KB kept)\n');
  console.log('| page | before interaction | hydrated at 360 px | hydrated at 1366 px |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const row of islandRows) console.log(row);
  const ratio = (a: number, b: number) => `${((a / b) * 100).toFixed(0)}%`;
  console.log(
    `\nSSR throughput, 16 clients, 5 s: trivial page ${trivial.toFixed(0)} req/s, cached category ${cached.toFixed(0)} req/s (${ratio(cached, trivial)})`,
  );
  console.log(
    `  with a client that decodes every body on the same 2 cores (Node fetch): ${trivialDecoded.toFixed(0)} and ${cachedDecoded.toFixed(0)} req/s (${ratio(cachedDecoded, trivialDecoded)})`,
  );
} finally {
  stop();
}
