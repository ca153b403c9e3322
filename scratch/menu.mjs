import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
page.on('pageerror', (e) => console.log('pageerror:', e.message));
page.on('console', (m) => console.log('console:', m.type(), m.text()));
await page.goto('http://127.0.0.1:4321/');
// First tap before hydration: held and replayed.
await page.locator('summary[aria-label="Abrir menu"]').click();
await page.getByRole('dialog', { name: 'Menu' }).waitFor({ timeout: 6000 });
console.log('details open?', await page.locator('details.mnav').getAttribute('open'));
await page.getByRole('button', { name: 'Banheiro: ver subcategorias' }).click();
await page.screenshot({ path: 'scratch/menu-2.png' });
console.log('level2', await page.locator('.mm__nav li').allTextContents());
await page.keyboard.press('Escape');
console.log('closed', await page.getByRole('dialog', { name: 'Menu' }).count());
// Heart as guest
await page.goto('http://127.0.0.1:4321/banheiro/');
await page.locator('.card__fav button').first().click();
await page.waitForURL(/checkout\/acesso/, { timeout: 8000 });
console.log('heart →', page.url());
await browser.close();
