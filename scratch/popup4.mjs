import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: 1366, height: 800 } });
const page = await ctx.newPage();
await page.goto('http://127.0.0.1:4321/');
await page.mouse.wheel(0, 10);
await page.waitForTimeout(10000);
await page.screenshot({ path: 'scratch/popup-desk.png' });
await browser.close();
