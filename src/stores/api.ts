import { createBrowserClient } from '#/api/browser.ts';
import type { Client } from '#/api/core.ts';
import { readSiteConfig } from '#/lib/site-config.ts';
import { loadingEnded, loadingStarted } from './loading.ts';

/**
 * The islands' API client: this store's `/api` with the visitor's own session cookie, the loading
 * bar told of every call. Tests put in a client of their own.
 */
let client: Client | undefined;

export function api(): Client {
  client ??= createBrowserClient(readSiteConfig().token, { start: loadingStarted, end: loadingEnded });
  return client;
}

export function useClient(replacement: Client): void {
  client = replacement;
}
