import { expect, test } from '@playwright/test';
import { onceAtDesktopWidth } from './widths.ts';

/**
 * The product feed (Google Merchant Center, Meta): one item per finish, and each item says what its page's
 * JSON-LD says: the same price (the sale price when there is one) and the same availability.
 */
test('the Google feed lists every finish with the price and availability its page shows', async ({
  request,
  isMobile,
}) => {
  onceAtDesktopWidth(isMobile);
  const res = await request.get('/feeds/google.xml');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/xml; charset=utf-8');
  const xml = await res.text();
  expect(xml).toContain('<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">');
  const items = [...xml.matchAll(/<item>(.*?)<\/item>/gs)].map((m) => m[1] ?? '');
  expect(items.length).toBeGreaterThan(100);
  const tag = (item: string, name: string) =>
    new RegExp(`<${name}>([^<]*)</${name}>`)
      .exec(item)?.[1]
      ?.replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
  const ids = items.map((i) => tag(i, 'g:id'));
  expect(new Set(ids).size).toBe(ids.length);
  for (const item of items) {
    expect(tag(item, 'g:price')).toMatch(/^\d+\.\d{2} BRL$/);
    expect(tag(item, 'g:condition')).toBe('new');
    expect(tag(item, 'g:product_type')).toMatch(/ > /);
    expect(tag(item, 'g:identifier_exists') ?? tag(item, 'g:gtin')).toBeTruthy();
  }
  // Every item links to its finish's page; a sample of them (the sold-out ones first) is read.
  const soldOut = items.filter((i) => tag(i, 'g:availability') === 'out_of_stock').slice(0, 8);
  const sample = [...soldOut, ...items.filter((_, n) => n % Math.ceil(items.length / 16) === 0)];
  for (const item of sample) {
    const link = new URL(tag(item, 'link') ?? '');
    const page = await (await request.get(link.pathname + link.search)).text();
    const product = [...page.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)]
      .map(
        (m) =>
          JSON.parse(m[1] ?? '{}') as { '@type'?: string; sku?: string; offers?: Record<string, string> },
      )
      .find((ld) => ld['@type'] === 'Product');
    expect(product?.sku, link.href).toBe(tag(item, 'g:id'));
    const price = (tag(item, 'g:sale_price') ?? tag(item, 'g:price'))?.replace(' BRL', '');
    expect(product?.offers?.['price'], link.href).toBe(price);
    expect(product?.offers?.['availability'], link.href).toBe(
      tag(item, 'g:availability') === 'in_stock'
        ? 'https://schema.org/InStock'
        : 'https://schema.org/OutOfStock',
    );
  }
});
