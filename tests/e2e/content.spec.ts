import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { formatEnd } from '../../src/lib/countdown.ts';
import { STORE_SETTINGS } from '../../src/server/config/store-settings.ts';
import { OWNERS_CONTACT } from './owners.ts';
import { onceAtDesktopWidth } from './widths.ts';

test('a marketing page is served whole to a reader without JavaScript, in the store’s shell as it is now', async ({
  browser,
  baseURL,
  isMobile,
}) => {
  onceAtDesktopWidth(isMobile);
  // Rendered when asked (not written by the build), so its footer is the owner's company (setup/), not the seed's.
  expect(fs.existsSync('dist/pages/pagina/black-friday/index.html')).toBe(false);

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const res = await page.goto('/pagina/black-friday');
  expect(res?.status()).toBe(200);
  expect(res?.headers()['cache-control']).toContain('s-maxage');
  expect(res?.headers()['x-content-type-options']).toBe('nosniff');
  expect(res?.headers()['x-frame-options']).toBe('SAMEORIGIN');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Black Friday até 50% off');
  // The countdown names its end (the HTML cannot know the time left), in Brasília time: the end of the
  // page's coupon, which the store seeded running from the day it was seeded (never a campaign already over).
  const end = Date.parse((await page.locator('.mkt__countdown time').getAttribute('datetime')) ?? '');
  expect(end).toBeGreaterThan(Date.now());
  await expect(page.locator('.mkt__countdown time')).toHaveText(formatEnd(end));
  await expect(page.locator('.mkt__countdown time')).toHaveText(/ às 23h59$/);
  // The coupon card states the coupon's own minimum and last day.
  await expect(page.locator('.coupon', { hasText: 'BLACK10' })).toContainText(
    `Em compras a partir de R$ 300,00. Até ${formatEnd(end)}.`,
  );
  // Absolute URLs carry the origin the page was asked on, not the build's stand-in.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    `${String(baseURL)}/pagina/black-friday`,
  );
  // The shell is there, as the store is now: menus, and the footer with the owner's company.
  await expect(page.locator('footer')).toContainText('11.222.333/0001-81');
  await expect(page.locator('footer')).not.toContainText('12.345.678/0001-95');
  await expect(page.locator('footer')).not.toContainText('Troque Fácil');
  // The owner's profiles, never the example's: in the footer and in the home's structured data.
  const hrefs = await page
    .locator('footer a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  const example = STORE_SETTINGS.redesSociais.map((r) => r.url);
  expect(hrefs.filter((h) => example.includes(h ?? ''))).toEqual([]);
  expect(hrefs).toContain(OWNERS_CONTACT.redes.instagram);
  await page.goto('/');
  const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (text) => JSON.parse(text) as { '@type': string; sameAs?: string[] },
  );
  expect(ld.find((x) => x['@type'] === 'OnlineStore')?.sameAs).toEqual([
    OWNERS_CONTACT.redes.instagram,
    OWNERS_CONTACT.redes.youtube,
  ]);
  await context.close();

  expect((await (await browser.newPage()).goto('/pagina/nao-existe'))?.status()).toBe(404);

  // The auxiliary pages at the root are built the same way; other root names stay the catalogue's.
  expect(fs.existsSync('dist/pages/home2/index.html')).toBe(true);
  const root = await browser.newPage();
  expect((await root.goto('/home2'))?.status()).toBe(200);
  await expect(root).toHaveTitle(/home2/);
  expect((await root.goto('/home3'))?.status()).toBe(404);
  expect((await root.goto('/cozinha/'))?.status()).toBe(200);
});

test("the countdown ticks before the campaign ends, and from its end says it is over (the clock is the test's)", async ({
  page,
}) => {
  // The page's HTML names its end; the reader's clock is set on both sides of it.
  const html = await (await page.request.get('/pagina/black-friday')).text();
  const end = Date.parse(/<time datetime="([^"]+)"/i.exec(html)?.[1] ?? '');
  expect(Number.isNaN(end)).toBe(false);

  await page.clock.setFixedTime(end - 90_000);
  await page.goto('/pagina/black-friday');
  await page.keyboard.press('Shift');
  await expect(page.locator('.mkt__countdown time')).toHaveText('00:01:30');

  await page.clock.setFixedTime(end + 60_000);
  await page.goto('/pagina/black-friday');
  await page.keyboard.press('Shift');
  await expect(page.locator('.mkt__countdown')).toHaveText('Esta oferta terminou.');
  await expect(page.locator('.mkt__countdown time')).toHaveCount(0);
});

test('coupons: each code is copied with one tap once the page is interactive', async ({ page }) => {
  // The system clipboard is shared by the parallel browsers: record what the page writes instead.
  await page.addInitScript(() => {
    const copied: string[] = [];
    Object.defineProperty(window, '__copied', { value: copied });
    Object.defineProperty(navigator, 'clipboard', {
      value: {
        writeText: (text: string) => {
          copied.push(text);
          return Promise.resolve();
        },
      },
    });
  });
  await page.goto('/pagina/cupons');
  await page.mouse.move(10, 10);
  // The shopper taps the button beside FRETE10 (the islands appear in whatever order they hydrate, so the
  // second button on screen is not always the second coupon's).
  await page
    .getByRole('listitem')
    .filter({ has: page.locator('code', { hasText: /^FRETE10$/ }) })
    .getByRole('button', { name: 'Copiar código' })
    .click();
  await expect(page.getByRole('button', { name: 'Copiado!' })).toHaveCount(1);
  expect(await page.evaluate(() => (window as Window & { __copied?: string[] }).__copied)).toEqual([
    'FRETE10',
  ]);
});

test('crawlers find the marketing pages in the sitemap, without the ones kept out of search', async ({
  request,
  baseURL,
}) => {
  const index = await (await request.get('/sitemap.xml')).text();
  expect(index).toContain(`<loc>${String(baseURL)}/sitemap-conteudo.xml</loc>`);
  const res = await request.get('/sitemap-conteudo.xml');
  expect(res.headers()['content-type']).toContain('application/xml');
  const xml = await res.text();
  expect(xml).toContain(`<loc>${String(baseURL)}/pagina/black-friday</loc>`);
  expect(xml).toContain(`<loc>${String(baseURL)}/pagina/sou-arquiteto/regulamento</loc>`);
  expect(xml).toContain(`<loc>${String(baseURL)}/pagina/central-de-atendimento</loc>`);
  expect(xml).not.toContain('/home2<');
});
