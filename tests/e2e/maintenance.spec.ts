import { expect, test } from '@playwright/test';
import { MAINTENANCE_PORT, MAINTENANCE_SECRET } from './servers.ts';
import { onceAtDesktopWidth } from './widths.ts';

/** The second e2e server runs with MAINTENANCE=on (playwright.config.ts). */
const closed = `http://127.0.0.1:${String(MAINTENANCE_PORT)}`;

test('maintenance: everyone gets the waiting page, pages built to static HTML too', async ({
  page,
  isMobile,
}) => {
  onceAtDesktopWidth(isMobile);
  for (const path of ['/', '/pagina/black-friday', '/cozinha/']) {
    const res = await page.goto(closed + path);
    expect(res?.status()).toBe(503);
    expect(res?.headers()['retry-after']).toBe('900');
    expect(res?.headers()['cache-control']).toBe('no-store');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Estamos em manutenção');
  }
  await expect(page.getByRole('link', { name: /^\(\d{2}\)/ }).first()).toBeVisible();
  await expect(page.getByText('Segunda a quinta: 9h às 17h')).toBeVisible();
  // The API stays up: islands and the health check still answer.
  expect(
    (
      await page.request.get(`${closed}/api/v2/front/ping`, { headers: { 'App-Token': 'wapstore' } })
    ).status(),
  ).toBe(200);
});

test('maintenance: the release shows the store and is remembered; another value takes it back', async ({
  page,
  isMobile,
}) => {
  onceAtDesktopWidth(isMobile);
  const wrong = await page.goto(`${closed}/?liberar=palpite`);
  expect(wrong?.status()).toBe(503);

  await page.goto(`${closed}/pagina/cupons?liberar=${MAINTENANCE_SECRET}`);
  await expect(page).toHaveURL(`${closed}/pagina/cupons`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cupons de desconto');
  expect(await page.evaluate(() => localStorage.getItem('loja:liberada'))).toBe('1');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'loja_liberada');
  expect(cookie?.httpOnly).toBe(true);

  // Remembered: the next page is the store, kept out of shared caches.
  const next = await page.goto(`${closed}/`);
  expect(next?.status()).toBe(200);
  expect(next?.headers()['cache-control']).toBe('private, no-store');
  await expect(page.locator('[data-cart-link]').first()).toBeVisible();

  const revoked = await page.goto(`${closed}/?liberar=outra-coisa`);
  expect(revoked?.status()).toBe(503);
  expect(await page.evaluate(() => localStorage.getItem('loja:liberada'))).toBeNull();
  expect((await page.context().cookies()).some((c) => c.name === 'loja_liberada')).toBe(false);
  expect((await page.goto(`${closed}/`))?.status()).toBe(503);
});
