import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { countReadyIslands, islandsHydrated } from '../hydration.ts';
import { expectNoSeriousA11yIssues } from './axe.ts';

/**
 * The LGPD cookie question, as a first visit meets it: asked once, with accept and reject of equal weight;
 * the popups wait for its answer; and it never takes the tap that woke the islands.
 */

/** Wait until every island meant for this screen is hydrated. */
async function hydrated(page: Page) {
  await page.waitForFunction(islandsHydrated);
}

/** A key press that types nothing: the first interaction, which wakes the islands. */
const wake = (page: Page) => page.keyboard.press('Shift');

test.describe('cookie banner', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('a first visit is asked once, with accept and reject of equal weight; popups wait for the answer', async ({
    page,
  }) => {
    await page.clock.install();
    await page.addInitScript(countReadyIslands);
    await page.goto('/?utm_source=teste&utm_medium=email&pg=1');
    await wake(page);
    await hydrated(page);
    const banner = page.getByRole('region', { name: 'Cookies' });
    await expect(banner).toBeVisible();
    const accept = banner.getByRole('button', { name: 'Aceitar' });
    const reject = banner.getByRole('button', { name: 'Recusar' });
    expect(await accept.getAttribute('class')).toBe(await reject.getAttribute('class'));
    await expectNoSeriousA11yIssues(page, '.consent');
    // The home's newsletter popup (8 s) never opens over the unanswered question…
    const popup = page.getByRole('dialog', { name: 'Newsletter 10% off' });
    await page.clock.runFor(20_000);
    await page.waitForTimeout(300);
    await expect(popup).toHaveCount(0);
    await reject.click();
    await expect(banner).toBeHidden();
    // …and opens once it is answered.
    await expect(popup).toBeVisible();
    await page.keyboard.press('Escape');
    // The tracking parameters leave the address once analytics has read them; the rest stays.
    await expect(page).toHaveURL(/\/\?pg=1$/);
    await page.reload();
    await wake(page);
    await hydrated(page);
    await expect(banner).toBeHidden();
  });

  test('the tap that wakes the islands is not taken by the question appearing under it', async ({ page }, {
    project,
  }) => {
    test.skip(project.name !== 'mobile', 'a phone: the question covers the bottom of its screen');
    await page.addInitScript(countReadyIslands);
    await page.goto('/');
    // A link where the question appears (the bottom of a phone's screen).
    const spot = await page.evaluate(() => {
      for (const link of document.querySelectorAll<HTMLAnchorElement>('main a[href^="/"]')) {
        const box = link.getBoundingClientRect();
        const y = box.top + box.height / 2;
        if (y > innerHeight - 90 && y < innerHeight - 20 && box.width > 0)
          return { x: box.left + box.width / 2, y, href: link.getAttribute('href') ?? '' };
      }
      return null;
    });
    if (!spot) throw new Error('no link at the bottom of the screen');
    await page.mouse.move(spot.x, spot.y);
    await page.mouse.down();
    await hydrated(page);
    await page.waitForTimeout(1500);
    await expect(page.getByRole('region', { name: 'Cookies' })).toHaveCount(0);
    await page.mouse.up();
    await expect(page).toHaveURL(spot.href);
    await expect(page.getByRole('region', { name: 'Cookies' })).toBeVisible({ timeout: 15_000 });
  });
});
