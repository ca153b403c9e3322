import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { countReadyIslands, islandsHydrated } from '../hydration.ts';
import { ownAddress } from './servers.ts';

/**
 * A purchase with the keyboard only (Tab, Shift+Tab, Enter, Space, arrows, Esc), at 1366 and 360 px:
 * search, open a product, choose a finish, add to cart, open the side cart, change the quantity and
 * reach the cart page. At every step the focused element shows its focus and nothing covers it.
 */

type Focused = { name: string; visible: boolean; covered: string; focusVisible: boolean; tag: string };

/**
 * What has focus now: its name, whether its focus ring shows, and what (if anything) covers its centre,
 * read once the page has painted the key's effect (two animation frames) and any finite animation
 * (a drawer sliding in) has ended, as the shopper sees it.
 */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(async () => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    // A drawer sliding in is read where it comes to rest, not half off the screen.
    const moving = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(moving.map((animation) => animation.finished.catch(() => undefined)));
    const el = document.activeElement;
    if (!(el instanceof HTMLElement) || el === document.body)
      return { name: '(nothing)', visible: false, covered: '', focusVisible: false, tag: '' };
    const box = el.getBoundingClientRect();
    const x = Math.min(Math.max(box.left + box.width / 2, 0), innerWidth - 1);
    const y = Math.min(Math.max(box.top + Math.min(box.height / 2, 20), 0), innerHeight - 1);
    const top = document.elementFromPoint(x, y);
    const mine = !top || top === el || el.contains(top) || top.contains(el);
    const style = getComputedStyle(el);
    const ring =
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
    return {
      name: (el.getAttribute('aria-label') ?? el.textContent).trim().replace(/\s+/g, ' ').slice(0, 60),
      visible: box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < innerHeight,
      covered: mine ? '' : `${top.tagName.toLowerCase()}.${top.className}`,
      focusVisible: el.matches(':focus-visible') && ring,
      tag: el.tagName.toLowerCase(),
    };
  });
}

/** Press `key` (Tab by default) until the focused element's name matches; every stop is checked. */
async function tabTo(page: Page, name: RegExp, options: { key?: string; max?: number } = {}) {
  const { key = 'Tab', max = 80 } = options;
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const now = await focused(page);
    seen.push(now.name);
    expect(now.visible, `focus on "${now.name}" is off the screen`).toBe(true);
    expect(now.covered, `focus on "${now.name}" is hidden behind another element`).toBe('');
    expect(now.focusVisible, `focus on "${now.name}" shows no focus ring`).toBe(true);
    if (name.test(now.name)) return;
  }
  throw new Error(`${name.source} never got focus; the stops were: ${seen.join(' | ')}`);
}

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders(ownAddress());
});

test('a keyboard-only purchase: search, product, finish, add, side cart, quantity, cart page', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.addInitScript(countReadyIslands);
  await page.goto('/');
  // The skip link is the first stop.
  await tabTo(page, /^Pular para o conteúdo$/, { max: 1 });
  await page.waitForFunction(islandsHydrated);

  // Search: the header field (on phones, its panel opens on focus and takes the typing).
  await tabTo(page, /^$|O que você está buscando/, { max: 12 });
  await expect(page.locator('input[name="busca"][role="combobox"]:focus')).toHaveCount(1);
  await page.keyboard.type('torneira');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/busca\?busca=torneira/);
  await page.waitForFunction(islandsHydrated);

  // Results: the skip link leads past the header to the first product.
  await tabTo(page, /^Pular para o conteúdo$/, { max: 1 });
  await page.keyboard.press('Enter');
  await tabTo(page, /Torneira/i);
  const product = await page.evaluate(() => document.activeElement?.getAttribute('href') ?? '');
  expect(product).toMatch(/\.html/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\.html/);
  await page.waitForFunction(islandsHydrated);

  // A finish other than the chosen one (a link per finish), then 'Comprar'.
  await tabTo(page, /^Pular para o conteúdo$/, { max: 1 });
  await page.keyboard.press('Enter');
  const finishes = page.locator('.buy__finish a:not(.off):not([aria-current])');
  if ((await finishes.count()) > 0) {
    const label = ((await finishes.first().textContent()) ?? '').trim();
    await tabTo(page, new RegExp(`^${label}$`));
    await page.keyboard.press('Enter');
    await expect(page.locator('.buy__finish legend strong')).toHaveText(label);
    await page.waitForFunction(islandsHydrated);
    await tabTo(page, /^Pular para o conteúdo$/, { max: 1 });
    await page.keyboard.press('Enter');
  }
  await tabTo(page, /^Comprar$/);
  await page.keyboard.press('Enter');

  // The side cart opens with focus inside it; nothing behind it takes focus.
  const drawer = page.getByRole('dialog', { name: /Sacola/ });
  await expect(drawer).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]')))
    .toBe(true);
  await tabTo(page, /^Aumentar quantidade$/, { max: 20 });
  const quantity = drawer.getByRole('textbox', { name: 'Quantidade' }).first();
  const before = Number(await quantity.inputValue());
  await page.keyboard.press('Enter');
  await expect(quantity).toHaveValue(String(before + 1));
  // Focus stays in the drawer however far one tabs (backwards too).
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(key);
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    }
  }
  // Esc closes it and gives focus back to 'Comprar'; opening it again from the header's cart.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  expect((await focused(page)).name).toBe('Comprar');
  await tabTo(page, /^Sacola de compras/, { key: 'Shift+Tab' });
  await page.keyboard.press('Enter');
  await expect(drawer).toBeVisible();
  // Reopening refreshes the cart and its offers; the shopper tabs through what then stands.
  await expect(drawer).toHaveAttribute('aria-busy', 'false');
  await tabTo(page, /^FINALIZAR COMPRA$/, { max: 30 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/checkout\/carrinho\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Sacola de compras \(\d+\)$/);
  await expect(page.getByRole('textbox', { name: /^Quantidade de / }).first()).toHaveValue(
    String(before + 1),
  );
});
