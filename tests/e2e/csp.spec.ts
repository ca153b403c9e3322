import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

/** Every Content-Security-Policy violation the page reports, as 'directive blocked-uri'. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.defineProperty(window, '__csp', { value: seen });
    document.addEventListener('securitypolicyviolation', (e) => {
      seen.push(`${e.effectiveDirective} ${e.blockedURI}`);
    });
  });
  return () => page.evaluate(() => (window as Window & { __csp?: string[] }).__csp ?? []);
}

test('the store runs whole under its Content-Security-Policy: nothing blocked', async ({ page }) => {
  const violations = await watchViolations(page);
  const res = await page.goto('/');
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(res?.headers()['content-security-policy']).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  // A shareable page's style-src names its own styles, not every style of the build.
  const styleSrc = /style-src ([^;]*)/.exec(res?.headers()['content-security-policy'] ?? '')?.[1] ?? '';
  expect(styleSrc.match(/'sha256-/g)?.length).toBe(await page.locator('style').count());
  // And its script-src its own inline scripts, and the speculation rules its prefetch script adds.
  const scriptSrc = /script-src ([^;]*)/.exec(res?.headers()['content-security-policy'] ?? '')?.[1] ?? '';
  const inline = page.locator('script:not([src]):not([type*="json"]):not([type="speculationrules"])');
  expect(scriptSrc.match(/'sha256-/g)?.length).toBe((await inline.count()) + 1);
  // Wake the islands (a key press), open the cart: their scripts and styles must all be allowed.
  await page.keyboard.press('Shift');
  await page.goto('/banheiro/');
  await page.keyboard.press('Shift');
  await page.locator('.card a').first().click();
  await page.getByRole('button', { name: 'Comprar' }).first().click();
  await expect(page.getByRole('dialog', { name: /Sacola de compras/ })).toBeVisible();
  expect(await violations()).toEqual([]);
  await page.goto('/checkout/carrinho/');
  await page.keyboard.press('Shift');
  expect(await violations()).toEqual([]);
  // A page built to static HTML carries its policy in a meta element.
  await page.goto('/home2');
  await expect(page.locator('meta[http-equiv="content-security-policy"]')).toHaveCount(1);
  expect(await violations()).toEqual([]);
  // A marketing page's countdown ticks under the store's policy.
  await page.goto('/pagina/black-friday');
  await page.keyboard.press('Shift');
  await expect(page.locator('.mkt__countdown time')).toHaveText(
    /^\d+d \d{2}:\d{2}:\d{2}$|^\d{2}:\d{2}:\d{2}$/,
  );
  expect(await violations()).toEqual([]);
});
