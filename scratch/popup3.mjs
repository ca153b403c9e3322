import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: 360, height: 780 } });
const page = await ctx.newPage();
await page.goto('http://127.0.0.1:4321/');
await page.mouse.wheel(0, 10);
await page.waitForTimeout(10000);
await page.screenshot({ path: 'scratch/popup.png' }); console.log(await page.evaluate(() => document.elementFromPoint(180, 150)?.outerHTML.slice(0, 120))); console.log(await page.evaluate(() => { const b = document.querySelector('.backdrop'); if (!b) return 'none'; const s = getComputedStyle(b); return [s.display, s.opacity, s.visibility, s.top, s.left, s.inset, JSON.stringify(b.getBoundingClientRect()), s.position, s.background, s.zIndex, s.width, s.height, b.outerHTML.slice(0,200)].join(' | '); }));
await browser.close();
