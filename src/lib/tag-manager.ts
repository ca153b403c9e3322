/**
 * Where Google Tag Manager loads from and what its tags call: the Content-Security-Policy allows them
 * (astro.config.mjs), and a kept page whose store has no container leaves them out (edge/page-csp.ts).
 */
export const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';
export const TAG_MANAGER_CONNECT = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.googletagmanager.com',
] as const;
