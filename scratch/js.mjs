import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const pdp = process.env.PDP; for (const [W, path] of [[1366,'/'],[360,'/'],[1366,'/banheiro/'],[360,'/banheiro/'],[1366,pdp],[360,pdp]]) {
  const page = await browser.newPage({ viewport: { width: W, height: 900 } });
  const files = new Map();
  page.on('pageerror', (e) => console.log('pageerror:', e.message));
  page.on('response', async (r) => { if (r.url().includes('/_astro/')) files.set(r.url().split('/').pop(), Number(r.headers()['content-length'] ?? 0)); });
  await page.goto('http://127.0.0.1:4321' + path);
  await page.waitForTimeout(300);
  const before = files.size;
  await page.mouse.move(10, 10); await page.mouse.down(); await page.mouse.up();
  await page.waitForTimeout(2500);
  const total = [...files.values()].reduce((a, b) => a + b, 0);
  console.log(W, path, 'before interaction', before, 'after', files.size, 'files', (total/1024).toFixed(1), 'KB', [...files.keys()].join(' '));
  await page.close();
}
await browser.close();
