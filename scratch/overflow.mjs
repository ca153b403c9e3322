import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
await page.goto('http://127.0.0.1:4321/torneira-com-filtro-linha-bossa-vertice-ve-1215.html');
console.log(await page.evaluate(() => {
  const w = document.documentElement.clientWidth;
  const clipped = (e) => { for (let p = e.parentElement; p; p = p.parentElement) { const o = getComputedStyle(p).overflowX; if (o !== 'visible') return true; } return false; };
  return [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > w + 0.5 && !clipped(e)).slice(0, 8).map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)} ${e.outerHTML.slice(0,80)}`);
}));
await browser.close();
