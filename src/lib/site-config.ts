/**
 * What the browser needs from the server's configuration, written into every page as JSON (spec
 * section 3: "site config, inline in the page"). Only public values: the app token is the store's
 * identifier, which the platform's own storefronts send from the browser too.
 */
export type SiteConfig = {
  /** App-Token header for browser calls to `/api`. */
  token: string;
  storeName: string;
  /** Google Tag Manager container ('' = none): loaded only after the visitor accepts cookies. */
  gtm: string;
};

export const SITE_CONFIG_ID = 'loja-config';

export const siteConfigJson = (config: SiteConfig) => JSON.stringify(config).replace(/</g, '\\u003c');

let cached: SiteConfig | undefined;

/** The page's config (browser only). */
export function readSiteConfig(): SiteConfig {
  cached ??= JSON.parse(document.getElementById(SITE_CONFIG_ID)?.textContent ?? '{}') as SiteConfig;
  return cached;
}
