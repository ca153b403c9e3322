import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { countReadyIslands, islandsHydrated } from '../hydration.ts';
import { expectNoSeriousA11yIssues } from './axe.ts';

/**
 * The islands, as a shopper meets them at 1366 px and 360 px: nothing is downloaded before the first
 * interaction, the first tap is not lost, and each island's journey works end to end.
 */

/**
 * Islands' JavaScript, all of it, once hydrated (Astro's islands' runtime included, which pages leave out
 * as a file of its own): the spec's budget is 75 KB compressed, and the store keeps
 * 3 KB of it free for fixes to come (a drawer's, a popup's or the search list's code loads when first used).
 */
const ISLANDS_BUDGET_BYTES = 72 * 1024;

/**
 * Count the islands that said they are ready, and the compressed bytes of every `/_astro/` script
 * (the drawers' stylesheets, fetched as they hydrate, are CSS, not part of the JavaScript budget).
 */
async function watch(page: Page) {
  const files = new Map<string, number>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith('/_astro/') && path.endsWith('.js'))
      files.set(response.url(), Number(response.headers()['content-length'] ?? 0));
  });
  page.on('pageerror', (e) => {
    console.log('pageerror:', e.message);
  });
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') console.log(`console ${m.type()}:`, m.text());
  });
  await page.addInitScript(countReadyIslands);
  return {
    files,
    bytes: () => [...files.values()].reduce((sum, n) => sum + n, 0),
  };
}

/** Wait until every island meant for this screen is hydrated. */
async function hydrated(page: Page) {
  await page.waitForFunction(islandsHydrated);
}

/** A key press that types nothing: the first interaction, which wakes the islands. */
const wake = (page: Page) => page.keyboard.press('Shift');

async function firstProduct(page: Page): Promise<string> {
  await page.goto('/banheiro/');
  const href = await page.locator('article.card:not(.card--off) a.card__link').first().getAttribute('href');
  if (!href) throw new Error('no available product');
  return href;
}

test('no island code before interaction; all islands within budget once hydrated', async ({ page }) => {
  const net = await watch(page);
  for (const path of ['/', '/banheiro/', await firstProduct(page)]) {
    net.files.clear();
    await page.goto(path);
    await page.waitForTimeout(1500);
    // Before any interaction: no island code, not even Astro's runtime, which the page leaves out (no
    // island is registered yet) and the islands fetch as they wake.
    expect([...net.files.keys()], `${path} before interaction`).toEqual([]);
    expect(await page.evaluate(() => customElements.get('astro-island'))).toBeUndefined();
    expect(await page.locator('script:not([src]):not([type])').allTextContents()).not.toContainEqual(
      expect.stringContaining('customElements.define("astro-island"'),
    );
    await wake(page);
    await hydrated(page);
    expect(net.bytes(), `${path}: ${[...net.files.keys()].join(', ')}`).toBeLessThanOrEqual(
      ISLANDS_BUDGET_BYTES,
    );
    // Island code is served compressed.
    expect(net.files.size).toBeGreaterThan(0);
  }
});

test('Comprar → side cart → plus, minus, typing, remove → empty', async ({ page }) => {
  await watch(page);
  await page.goto(await firstProduct(page));
  // The first tap, before any island is hydrated: held, replayed, and the drawer opens.
  await page.getByRole('button', { name: 'Comprar' }).click();
  const drawer = page.getByRole('dialog', { name: /Sacola de compras/ });
  await expect(drawer).toBeVisible();
  await expect(page).not.toHaveURL(/checkout\/carrinho/);
  await expect(drawer.getByRole('heading', { level: 2 })).toHaveText('Sacola de compras (1)');
  await expect(drawer.getByText('Sub-total:', { exact: true })).toBeVisible();
  await expect(drawer.getByText('Total', { exact: true })).toBeVisible();
  await expect(page.locator('[data-cart-count]')).toHaveText('1');
  const quantity = drawer.getByRole('textbox', { name: 'Quantidade' });
  const minus = drawer.getByRole('button', { name: 'Diminuir quantidade' });
  await expect(quantity).toHaveValue('1');
  await expect(minus).toBeDisabled();
  await expect(drawer.getByText('Sub-total:')).toBeVisible();
  await expect(drawer.getByText(/com 10% de desconto no Pix$/)).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'FINALIZAR COMPRA' })).toHaveAttribute(
    'href',
    '/checkout/carrinho/',
  );
  await expectNoSeriousA11yIssues(page, '.sc');

  await drawer.getByRole('button', { name: 'Aumentar quantidade' }).click();
  await expect(quantity).toHaveValue('2');
  await expect(minus).toBeEnabled();
  await minus.click();
  await expect(quantity).toHaveValue('1');
  // Typing keeps digits only and sends the new quantity.
  await quantity.fill('3x');
  await expect(quantity).toHaveValue('3');
  await quantity.press('Enter');
  await expect(minus).toBeEnabled();
  await expect(drawer.locator('.sc__total strong').first()).not.toHaveText('');

  // Esc closes the dialog; the cart icon opens it again (after hydration, without leaving the page).
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await page.locator('[data-cart-link]').click();
  await expect(drawer).toBeVisible();
  await expect(quantity).toHaveValue('3');

  await drawer.getByRole('button', { name: /^Remover / }).click();
  await expect(drawer.getByText('Seu carrinho está vazio')).toBeVisible();
  await expect(drawer.getByRole('heading', { level: 2 })).toHaveText('Sacola de compras (0)');
  await drawer.getByRole('link', { name: 'Banheiro' }).waitFor();
  // The icon always shows the count, 0 included.
  await expect(page.locator('[data-cart-count]')).toHaveText('0');
});

test('a returning visitor sees the cart count at first paint; the first tap on the cart opens the drawer', async ({
  page,
}) => {
  await watch(page);
  await page.goto(await firstProduct(page));
  await page.getByRole('button', { name: 'Comprar' }).click();
  await expect(page.getByRole('dialog', { name: /Sacola de compras/ })).toBeVisible();

  // A new page: the count is there before any island code has arrived.
  await page.goto('/cozinha/');
  await expect(page.locator('[data-cart-count]')).toHaveText('1');
  expect(await page.evaluate(() => (window as Window & { __ready?: number }).__ready)).toBe(0);
  await page.locator('[data-cart-link]').click();
  await expect(page.getByRole('dialog', { name: /Sacola de compras \(1\)/ })).toBeVisible();
  await expect(page).toHaveURL(/\/cozinha\/$/);
});

test('header search: suggestions, keyboard, submit to /busca', async ({ page, isMobile }) => {
  await watch(page);
  await page.goto('/');
  await wake(page);
  await hydrated(page);
  await page.getByRole('combobox', { name: 'Buscar produtos' }).first().click();
  // Phones get a full-screen panel with its own field, focused.
  const box = isMobile ? page.locator('#busca-movel') : page.locator('#busca');
  if (isMobile) await expect(box).toBeFocused();
  await box.pressSequentially('torneira', { delay: 30 });
  const options = page.getByRole('option');
  await expect(options).toHaveCount(isMobile ? 3 : 8);
  await expect(options.first()).toContainText('no Pix');
  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', 'sg-0');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await expectNoSeriousA11yIssues(page, isMobile ? '.hs__mobile' : '.hs');
  if (isMobile) {
    // New text drops the highlighted suggestion; Enter searches for the text.
    await box.fill('cuba');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/busca\?busca=cuba$/);
  } else {
    await expect(page.getByRole('heading', { name: 'Resultados' })).toBeVisible();
    await page.getByRole('button', { name: 'Ver todos os resultados' }).click();
    await expect(page).toHaveURL(/\/busca\?busca=torneira$/);
  }
});

test('desktop search panel: Tab past it closes it; the line menu flyout takes its focus and locks the scroll', async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, 'the dropdown panel and the line menu are desktop pieces');
  await watch(page);
  await page.goto('/banheiro/');
  await wake(page);
  await hydrated(page);
  const box = page.locator('#busca');
  const heading = page.getByRole('heading', { name: 'Resultados' });
  // Focus leaving the panel's last control for the page closes the panel (it covered the menus).
  await box.click();
  await expect(heading).toBeVisible();
  for (let i = 0; i < 8 && (await page.locator('.hs :focus').count()) > 0; i++)
    await page.keyboard.press('Tab');
  await expect(page.locator('.hs :focus')).toHaveCount(0);
  await expect(heading).toBeHidden();
  await expect(box).toHaveAttribute('aria-expanded', 'false');

  // The pointer resting on the line menu's first item opens its flyout: search blurred, page scroll locked.
  await box.click();
  await expect(heading).toBeVisible();
  const flyoutItem = page.locator('[data-flyout]');
  await flyoutItem.locator('> a').hover();
  await expect(page.locator('html')).toHaveClass(/no-scroll/);
  await expect(box).not.toBeFocused();
  await expect(heading).toBeHidden();
  await expect(flyoutItem.locator('.hover-panel')).toBeVisible();
  await page.mouse.move(683, 880);
  await expect(page.locator('html')).not.toHaveClass(/no-scroll/);
});

test('wishlist heart as a guest goes to the login page and back', async ({ page }) => {
  await page.goto('/banheiro/');
  // First tap before hydration: held, replayed, answered with 401, sent to login.
  await page.locator('.card__fav button').first().click();
  await expect(page).toHaveURL(/\/checkout\/acesso\?retorno=%2Fbanheiro%2F$/);
});

test('wishlist heart without JavaScript also sends a guest to login', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/banheiro/');
  await page.locator('.card__fav button').first().click();
  await expect(page).toHaveURL(/\/checkout\/acesso\?retorno=%2Fbanheiro%2F$/);
  await context.close();
});

test('home popup shows once, after its delay, as a dialog', async ({ page }) => {
  await page.clock.install();
  await watch(page);
  await page.goto('/');
  await wake(page);
  const dialog = page.getByRole('dialog', { name: 'Newsletter 10% off' });
  // Hydration and the popup call take real time; the popup's 8 s are clock time.
  await expect(async () => {
    await page.clock.runFor(1000);
    await expect(dialog).toBeVisible({ timeout: 200 });
  }).toPass({ timeout: 15_000 });
  await expect(dialog.getByRole('textbox', { name: 'E-mail' })).toBeVisible();
  await expectNoSeriousA11yIssues(page, '.popup');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.reload();
  await wake(page);
  await hydrated(page);
  await page.clock.runFor(20_000);
  await page.waitForTimeout(300);
  await expect(dialog).toHaveCount(0);
});

test('the product popup waits while the side cart is open, then opens with focus', async ({ page }) => {
  await page.clock.install();
  await watch(page);
  await page.goto(await firstProduct(page));
  await wake(page);
  await hydrated(page);
  await page.getByRole('button', { name: 'Comprar' }).click();
  const drawer = page.getByRole('dialog', { name: /Sacola de compras/ });
  await expect(drawer).toBeVisible();
  // Its 15 s pass with the drawer open: no popup on top of it, focus stays in the drawer.
  const popup = page.getByRole('dialog', { name: 'Cupom frete' });
  await page.clock.runFor(20_000);
  await page.waitForTimeout(300);
  await expect(popup).toHaveCount(0);
  expect(await page.evaluate(() => !!document.activeElement?.closest('.sc'))).toBe(true);
  // Closing the drawer is the moment: the popup opens and takes focus.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Fechar' })).toBeFocused();
});

test('mobile menu drills down and closes', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'the drawer is the phone menu');
  await watch(page);
  // A page with no popup: on the home, a slow machine reaches the popup's 8 s with the drawer open, and the
  // popup then opens (rightly) as the drawer closes, locking the scroll again.
  await page.goto('/banheiro/');
  // First tap before hydration opens the drawer, not the <details> fallback.
  await page.getByLabel('Abrir menu').click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(menu.getByText('Olá, visitante!')).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Minha conta' })).toHaveAttribute('href', '/checkout/acesso');
  await expect(menu.getByRole('link', { name: 'Favoritos' })).toBeVisible();
  await expectNoSeriousA11yIssues(page, '.mm');
  await menu.getByRole('button', { name: 'Banheiro: ver subcategorias' }).click();
  await expect(menu.getByRole('link', { name: 'Ver tudo' })).toHaveAttribute('href', '/banheiro/');
  await expect(menu.getByRole('link', { name: 'Misturadores' })).toBeVisible();
  await menu.getByRole('button', { name: 'Voltar' }).click();
  await expect(menu.getByRole('button', { name: 'Cozinha: ver subcategorias' })).toBeVisible();
  await page
    .getByRole('button', { name: 'Fechar menu' })
    .first()
    .click({ position: { x: 350, y: 400 } });
  await expect(menu).toBeHidden();
  await expect(page.locator('html')).not.toHaveClass(/no-scroll/);
});

test('phone listing: Ordenar opens the drawer and then its ordering accordion', async ({
  page,
  isMobile,
}) => {
  test.skip(!isMobile, 'desktop shows filters and ordering in the page');
  await watch(page);
  await page.goto('/banheiro/');
  await page.locator('summary[data-listing-panel="ordenar"]').click();
  const drawer = page.getByRole('dialog', { name: 'Filtrar e ordenar' });
  await expect(drawer).toBeVisible();
  const toggle = drawer.getByRole('button', { name: 'Ordenar' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await drawer.getByRole('link', { name: 'Menor Preço' }).click();
  await expect(page).toHaveURL(/order=Menor\+Pre%C3%A7o/);
});

test('product zoom opens on the gallery, moves between pictures and closes with Esc', async ({ page }) => {
  await watch(page);
  await page.goto(await firstProduct(page));
  await page.locator('.gallery__main a[data-zoom]').first().click();
  const viewer = page.getByRole('dialog', { name: /^Fotos de / });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByText(/^1 \/ \d+$/)).toBeVisible();
  await viewer.getByRole('button', { name: 'Próxima foto' }).click();
  await expect(viewer.getByText(/^2 \/ \d+$/)).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(viewer.getByText(/^1 \/ \d+$/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
});

test('a listing reports its view: view_category and view_item_list reach the data layer', async ({
  page,
}) => {
  await page.goto('/cozinha/');
  await wake(page);
  const events = () =>
    page.evaluate(() =>
      ((window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? []).map((e) => e.event),
    );
  await expect.poll(events, { timeout: 10_000 }).toContain('view_category');
  // Each item's price is the one its card shows.
  const prices = await page.evaluate(() =>
    (
      window as unknown as { dataLayer: { event?: string; ecommerce?: { items: { price: number }[] } }[] }
    ).dataLayer
      .find((e) => e.event === 'view_item_list')
      ?.ecommerce?.items.slice(0, 3)
      .map((i) => i.price),
  );
  // A card off sale shows no price: 0.
  const shown = await page
    .locator('article.card')
    .evaluateAll((cards) => cards.slice(0, 3).map((c) => c.querySelector('.price__por')?.textContent ?? ''));
  const reais = (text: string) =>
    Number((/[\d.]+,\d{2}/.exec(text)?.[0] ?? '0').replace(/\./g, '').replace(',', '.'));
  expect(prices).toEqual(shown.map(reais));
});

test('link prefetch: a store link is fetched ahead on hover, with no script; never on save-data, 2G or offline', async ({
  browser,
  page,
  isMobile,
}) => {
  const rules = page.locator('script[type="speculationrules"]');
  await page.goto('/banheiro/');
  await expect(rules).toHaveCount(1);
  const { prefetch } = JSON.parse((await rules.textContent()) ?? '{}') as {
    prefetch: { where: { and: [unknown, { not: { href_matches: string[] } }] } }[];
  };
  expect(prefetch[0]?.where.and[1].not.href_matches).toEqual(
    expect.arrayContaining(['/checkout/*', '/minha-conta/*', '/api/*']),
  );
  if (!isMobile) {
    const card = page.locator('article.card a.card__link').first();
    const href = (await card.getAttribute('href')) ?? '';
    const ahead = page.waitForRequest(
      (r) => r.url().endsWith(href) && (r.headers()['sec-purpose'] ?? '').includes('prefetch'),
    );
    await card.hover();
    await ahead;
  }

  // The shopper's connection says no: the rules never go in.
  const connections = [
    { saveData: true, effectiveType: '4g', onLine: true },
    { saveData: false, effectiveType: '2g', onLine: true },
    { saveData: false, effectiveType: 'slow-2g', onLine: true },
    { saveData: false, effectiveType: '4g', onLine: false },
  ];
  for (const connection of connections) {
    const context = await browser.newContext();
    await context.addInitScript((c) => {
      Object.defineProperty(Navigator.prototype, 'connection', {
        get: () => ({ saveData: c.saveData, effectiveType: c.effectiveType }),
      });
      Object.defineProperty(Navigator.prototype, 'onLine', { get: () => c.onLine });
    }, connection);
    const other = await context.newPage();
    await other.goto('/banheiro/');
    await expect(other.locator('script[type="speculationrules"]'), JSON.stringify(connection)).toHaveCount(0);
    await context.close();
  }
});
