// `npm run bench:uploads`: what the biggest documented uploads, and hostile ones, cost the production
// server (scripts/serve.mjs on dist/), sent over HTTP as the panel sends them: the answer, the time, and how
// far the server process's resident memory (VmRSS, sampled every 10 ms) rose above where it stood.
// Budgets (issue "money and data"): a 10 MB photo or an 8 MB sheet ≤ 150 MB; the 900 MB zip bomb ≤ 150 MB
// and refused in ≤ 2 s. A measurement, never part of `npm test`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { zipSync, strToU8 } from 'fflate';
import sharp from 'sharp';
import { startInstance } from '../support/instances.ts';

const ADMIN = 'bench-uploads-0123456789abcdef';
const staff = { 'App-Token': 'wapstore', Authorization: `Bearer ${ADMIN}` };

if (!process.argv.includes('--no-build')) {
  console.error('uploads: building…');
  const build = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
    stdio: 'ignore',
  });
  if (build.status !== 0) throw new Error('astro build failed');
}

const store = await startInstance({ ADMIN_TOKEN: ADMIN, SEED_PRODUCTS: '400' });
const pid = store.process.pid ?? 0;
const rssMb = () => {
  const status = fs.readFileSync(`/proc/${String(pid)}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

/** The answer's status, its time and the server's memory rise while `send` ran. */
async function measure(
  send: () => Promise<Response>,
): Promise<{ status: number; ms: number; riseMb: number }> {
  // Let the previous case's garbage go first: a quiet second.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const base = rssMb();
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb());
  }, 10);
  const started = performance.now();
  const res = await send();
  await res.arrayBuffer();
  const ms = performance.now() - started;
  peak = Math.max(peak, rssMb());
  clearInterval(sampler);
  return { status: res.status, ms, riseMb: peak - base };
}

const sheetPost = (bytes: Uint8Array<ArrayBuffer>, name: string) => () =>
  fetch(`${store.url}/api/v2/admin/catalog/imports?arquivo=${name}`, {
    method: 'POST',
    headers: { ...staff, 'Content-Type': 'application/octet-stream' },
    body: bytes,
  });

// An 8 MB sheet of the store's own SKUs: each row a price and an ignored note, so it is all read and planned.
const exported = (await (
  await fetch(`${store.url}/api/v2/admin/catalog/sheet`, { headers: staff })
).json()) as {
  linhas: { sku: string; precoPor: number }[];
};
let csv = 'sku;preco_por;observacao\n';
for (let n = 0; csv.length < 7.9 * 1024 * 1024; n += 1) {
  const row = exported.linhas[n % exported.linhas.length] as { sku: string; precoPor: number };
  csv += `${row.sku};${(row.precoPor + 1).toFixed(2).replace('.', ',')};${'nota da equipe '.repeat(12)}\n`;
}
const sheet = new TextEncoder().encode(csv);
const blank = new TextEncoder().encode(`sku;preco_por\n${'\n'.repeat(8 * 1024 * 1024 - 20)}`);
const bomb = zipSync(
  {
    '[Content_Types].xml': strToU8('<Types/>'),
    'xl/worksheets/sheet1.xml': new Uint8Array(900 * 1024 * 1024),
  },
  { level: 9 },
);
// A photo just under 10 MB: noise does not compress.
let side = 1800;
let photo = Buffer.alloc(0);
for (;;) {
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = Math.floor(Math.random() * 256);
  const next = await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  if (next.length > 10 * 1024 * 1024) break;
  photo = next;
  side += 150;
}
const product = 1;

const cases: [string, () => Promise<Response>][] = [
  [
    `photo, ${(photo.length / 1024 / 1024).toFixed(1)} MB JPEG`,
    () =>
      fetch(`${store.url}/api/v2/admin/products/${String(product)}/photos`, {
        method: 'POST',
        headers: { ...staff, 'Content-Type': 'image/jpeg' },
        body: new Uint8Array(photo),
      }),
  ],
  [`sheet dry run, ${(sheet.length / 1024 / 1024).toFixed(1)} MB CSV`, sheetPost(sheet, 'grande.csv')],
  [`8 MB CSV of blank lines (refused)`, sheetPost(blank, 'vazia.csv')],
  [
    `zip bomb, ${String(Math.round(bomb.length / 1024))} KB XLSX unpacking to 900 MB (refused)`,
    sheetPost(new Uint8Array(bomb), 'bomba.xlsx'),
  ],
];
console.log(
  `\nUploads to the production server (node ${process.version}); memory = rise of the server's VmRSS\n`,
);
console.log('| upload | status | ms | memory rise MB |');
console.log('| --- | ---: | ---: | ---: |');
for (const [name, send] of cases) {
  const { status, ms, riseMb } = await measure(send);
  console.log(`| ${name} | ${String(status)} | ${ms.toFixed(0)} | ${riseMb.toFixed(0)} |`);
}
await store.stop();
