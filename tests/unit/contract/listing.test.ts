import { expect, test } from 'vitest';
import {
  DEFAULT_ORDER,
  listingQuerySchema,
  OFFSET_MAX,
  pageCount,
  pageNumber,
  pageSize,
  storefrontOrder,
} from '#/contract/listing.ts';
import { listingRequest, platformUrl } from '#/lib/listing-request.ts';

test('page size from ipp: an offered size, else 40', () => {
  expect(pageSize(null)).toBe(40);
  expect(pageSize('24')).toBe(24);
  expect(pageSize('40')).toBe(40);
  expect(pageSize('1000')).toBe(40);
  expect(pageSize('7')).toBe(40);
  expect(pageSize('abc')).toBe(40);
});

test('pg: absent or 0 is page 1, digits are the page, anything else is not a page number', () => {
  expect(pageNumber(null)).toBe(1);
  expect(pageNumber('0')).toBe(1);
  expect(pageNumber('3')).toBe(3);
  expect(pageNumber('99999')).toBe(99999);
  expect(pageNumber('-1')).toBeUndefined();
  expect(pageNumber('2.5')).toBeUndefined();
  expect(pageNumber('abc')).toBeUndefined();
});

test('the storefront reads a bad pg as the first page, and a page past the largest offset as none', () => {
  expect(listingRequest(new URL('http://x/cozinha/?pg=abc'))).toEqual({
    page: 1,
    size: 40,
    offset: 0,
    limit: 40,
  });
  expect(listingRequest(new URL('http://x/cozinha/?pg=3&ipp=12'))).toEqual({
    page: 3,
    size: 12,
    offset: 24,
    limit: 12,
  });
  expect(listingRequest(new URL(`http://x/cozinha/?pg=${String(OFFSET_MAX)}`))).toBeUndefined();
  expect(platformUrl(new URL('http://x/cozinha/?pg=2&ipp=40&order=A-Z'))).toBe('/cozinha/?order=A-Z');
});

test('page count is ceil(total / size), 0 when infinite', () => {
  expect(pageCount(81, 40)).toBe(3);
  expect(pageCount(80, 40)).toBe(2);
  expect(pageCount(0, 40)).toBe(0);
  expect(pageCount(10, 0)).toBe(0);
});

test("orders: the call's own must be known (aliases too), a shopper's URL falls back to the default", () => {
  expect(listingQuerySchema.parse({ order: 'Popularidade' }).order).toBe('Mais Vendidos');
  expect(listingQuerySchema.parse({ order: 'A-Z' }).order).toBe('A-Z');
  const bad = listingQuerySchema.safeParse({ order: 'Mais Baratos' });
  expect(bad.success).toBe(false);
  expect(bad.error?.issues[0]?.message).toMatch(/^Ordenação inválida\. Use uma destas: Mais Vendidos, /);
  expect(storefrontOrder('Mais Baratos')).toBe(DEFAULT_ORDER);
  expect(storefrontOrder(null)).toBe(DEFAULT_ORDER);
  expect(storefrontOrder('Maior Preço')).toBe('Maior Preço');
});

test('offset and limit: bad numbers are refused, a large limit is clamped', () => {
  expect(listingQuerySchema.parse({ offset: '40', limit: '500' })).toEqual({ offset: 40, limit: 100 });
  expect(listingQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
  expect(listingQuerySchema.safeParse({ offset: '-1' }).success).toBe(false);
  expect(listingQuerySchema.safeParse({ offset: String(OFFSET_MAX + 1) }).success).toBe(false);
});
