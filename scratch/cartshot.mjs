import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
for (const W of [360, 1366]) {
  const ctx = await browser.newContext({ viewport: { width: W, height: 1200 }, javaScriptEnabled: false });
  const page = await ctx.newPage();
  await page.goto('http://127.0.0.1:4321/banheiro/');
  await page.locator('article.card:not(.card--off) a.card__link').first().click();
  await page.getByRole('button', { name: 'Comprar' }).click();
  await page.getByLabel('Calcule o frete').fill('13035-000');
  await page.getByRole('button', { name: 'Calcular' }).click();
  await page.screenshot({ path: `scratch/cartpage-${W}.png`, fullPage: true });
  await ctx.close();
}
await browser.close();
