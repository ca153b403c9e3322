import { test } from '@playwright/test';

/**
 * Journeys whose subject is the server's answer (a coupon's rules, a review's moderation, an upload's size
 * limit, a recovery link's single use, maintenance mode…) run once, at 1366 px: the server answers the same at
 * every width, and the phone layout of the pages they walk is checked at 360 px by a11y.spec.ts (every
 * route and every open island), catalogue.spec.ts (no page scrolls sideways) and the phone journeys through
 * the cart, checkout, account and panel. Running them again at 360 px took 170 s of test time (a run at
 * three workers) and checked nothing those do not.
 */
export function onceAtDesktopWidth(isMobile: boolean): void {
  test.skip(
    isMobile,
    'the server answers the same at every width; the phone layout of these pages is checked at 360 px elsewhere',
  );
}
