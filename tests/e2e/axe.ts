import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

/**
 * No serious or critical axe-core violation in the page as it is now (or inside `selector`); the message
 * names each rule and the elements that break it.
 */
export async function expectNoSeriousA11yIssues(page: Page, selector?: string, context = page.url()) {
  // One axe.run in the page, reporting only violations: the store's pages have no cross-origin frames
  // that need the multi-frame run (a blank page opened per check), and listing every passing node made
  // the answer large. A listing page: 5 to 9 s a check, now about 1.5 s.
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  const results = await (selector ? builder.include(selector) : builder).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`),
    context,
  ).toEqual([]);
}
