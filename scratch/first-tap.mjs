import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
for (let run = 0; run < 6; run++) {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await ctx.addInitScript(() => { localStorage.setItem('cookies:consentimento', 'recusado'); window.__ready = 0; addEventListener('late:ready', () => { window.__ready++; }); });
  const page = await ctx.newPage();
  const logs = [];
  page.on('console', (m) => logs.push(m.text()));
  page.on('pageerror', (e) => logs.push('ERR ' + e.message));
  await page.goto('http://127.0.0.1:4321/banheiro/');
  const href = await page.locator('article.card:not(.card--off) a.card__link').first().getAttribute('href');
  await page.goto('http://127.0.0.1:4321' + href);
  await page.getByRole('button', { name: 'Comprar' }).click();
  await page.getByRole('dialog', { name: /Sacola/ }).waitFor();
  await page.goto('http://127.0.0.1:4321/cozinha/');
  const t0 = Date.now();
  await page.locator('[data-cart-link]').click();
  let state = 'none';
  for (let i = 0; i < 40; i++) {
    await page.waitForTimeout(200);
    if (await page.getByRole('dialog').count()) { state = 'dialog'; break; }
    if (!page.url().includes('/cozinha/')) { state = 'navigated ' + page.url(); break; }
  }
  console.log(run, state, Date.now() - t0, 'ms ready', await page.evaluate(() => window.__ready).catch(() => '?'), await page.evaluate(() => document.querySelectorAll('astro-island').length).catch(() => '?'), logs.join(' | ').slice(0, 300));
  await ctx.close();
}
await browser.close();
