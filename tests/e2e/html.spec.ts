import { expect, test } from '@playwright/test';
import { readmeRoutes } from './routes.ts';
import { ownAddress } from './servers.ts';
import { htmlErrors } from './vnu.ts';

/** Valid HTML: the Nu HTML checker reads the production server's HTML of every route docs/storefront.md lists. */
test('the Nu HTML checker finds no error on any storefront route', async ({ page, request, isMobile }) => {
  test.skip(isMobile, 'the server sends the same HTML at every width');
  test.setTimeout(120_000);
  const pages = new Map<string, string>();
  for (const route of await readmeRoutes(page)) {
    expect(route, 'a route was not found on the pages that link to it').not.toBe('');
    pages.set(route, await (await request.get(route, { headers: ownAddress() })).text());
  }
  expect(await htmlErrors(pages)).toEqual([]);
});
