import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { islandsHydrated, countReadyIslands } from '../hydration.ts';
import { expectNoSeriousA11yIssues } from './axe.ts';
import { readmeRoutes } from './routes.ts';
import { ownAddress } from './servers.ts';

/**
 * Every shopper can use it: each route docs/storefront.md lists, and each open state of each island, has no serious or
 * critical axe-core violation, at 1366 px (desktop project) and 360 px (mobile project).
 */

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders(ownAddress());
});

/** Open a page and wake its islands (the first interaction), as a shopper's first key press would. */
async function visit(page: Page, path: string) {
  const answer = await page.goto(path);
  await page.keyboard.press('Shift');
  await page.waitForFunction(islandsHydrated);
  return answer;
}

// The walk is long (each route hydrated, then analysed): two halves, so the two workers share it.
for (const half of [0, 1])
  test(`every storefront route, half ${String(half + 1)} of 2: no serious or critical violation`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.addInitScript(countReadyIslands);
    const routes = (await readmeRoutes(page)).filter((_, i) => i % 2 === half);
    for (const path of routes) {
      expect(path, 'a route was not found on the pages that link to it').not.toBe('');
      await visit(page, path);
      await expectNoSeriousA11yIssues(page, undefined, path);
    }
  });

test('every open state of every island: no serious or critical violation', async ({ page, isMobile }) => {
  test.setTimeout(120_000);
  await page.addInitScript(countReadyIslands);
  await page.clock.install();

  // Home: the popup after its delay.
  await visit(page, '/');
  const popup = page.getByRole('dialog', { name: 'Newsletter 10% off' });
  await expect(async () => {
    await page.clock.runFor(1000);
    await expect(popup).toBeVisible({ timeout: 200 });
  }).toPass({ timeout: 15_000 });
  await expectNoSeriousA11yIssues(page, undefined, 'popup');
  await page.keyboard.press('Escape');

  // Search with suggestions.
  await page.getByRole('combobox', { name: 'Buscar produtos' }).first().click();
  const box = isMobile ? page.locator('#busca-movel') : page.locator('#busca');
  await box.pressSequentially('torneira', { delay: 20 });
  await expect(page.getByRole('option').first()).toBeVisible();
  await box.press('ArrowDown');
  await expectNoSeriousA11yIssues(page, undefined, 'search with suggestions');
  // Esc closes the suggestions (and the phone's search panel, which stays closed).
  await box.press('Escape');
  await expect(page.getByRole('option')).toHaveCount(0);
  if (isMobile) await expect(page.getByRole('dialog', { name: 'Buscar produtos' })).toHaveCount(0);

  if (isMobile) {
    // The phone menu, at each level.
    await page.getByLabel('Abrir menu').click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expectNoSeriousA11yIssues(page, undefined, 'phone menu');
    await menu.getByRole('button', { name: 'Banheiro: ver subcategorias' }).click();
    await expect(menu.getByRole('link', { name: 'Ver tudo' })).toBeVisible();
    await expectNoSeriousA11yIssues(page, undefined, 'phone menu, second level');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  } else {
    // The login dropdown.
    await page.getByLabel('Sua conta').click();
    await expectNoSeriousA11yIssues(page, undefined, 'login dropdown');
    await page.getByLabel('Sua conta').click();
  }

  // Listing: the filter and order drawer (phones), the filters in the page (desktop).
  await visit(page, '/banheiro/');
  if (isMobile) {
    await page.locator('summary[data-listing-panel="ordenar"]').click();
    await expect(page.getByRole('dialog', { name: 'Filtrar e ordenar' })).toBeVisible();
    await expectNoSeriousA11yIssues(page, undefined, 'listing drawer');
    await page.keyboard.press('Escape');
  }
  const product = await page
    .locator('article.card:not(.card--off) a.card__link')
    .first()
    .getAttribute('href');

  // Product: the zoom viewer, then the side cart with the item and its offers.
  await visit(page, product ?? '/');
  await page.locator('.gallery__main a[data-zoom]').first().click();
  await expect(page.getByRole('dialog', { name: /^Fotos de / })).toBeVisible();
  await expectNoSeriousA11yIssues(page, undefined, 'zoom viewer');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Comprar' }).click();
  const cart = page.getByRole('dialog', { name: /Sacola de compras/ });
  await expect(cart.getByRole('heading', { level: 2 })).toHaveText('Sacola de compras (1)');
  await expect(cart.getByText('Ofertas Especiais para você')).toBeVisible();
  await expectNoSeriousA11yIssues(page, undefined, 'side cart with an item and offers');
  await cart.getByRole('button', { name: /^Remover / }).click();
  await expect(cart.getByText('Seu carrinho está vazio')).toBeVisible();
  await expectNoSeriousA11yIssues(page, undefined, 'empty side cart');
});

test.describe('a first visit', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('the consent banner over the home: no serious or critical violation', async ({ page }) => {
    await page.addInitScript(countReadyIslands);
    await visit(page, '/');
    await expect(page.getByRole('region', { name: 'Cookies' })).toBeVisible();
    await expectNoSeriousA11yIssues(page, undefined, 'consent banner');
  });
});
