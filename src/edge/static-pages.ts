import fs from 'node:fs';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { REUSED_HEADER } from './compression.ts';
import { ownStaticPage } from './page-csp.ts';
import { CATALOGUE_CACHE_CONTROL } from '#/lib/page-cache.ts';

/**
 * Prerendered pages (the marketing pages of src/content) are static HTML written by `astro build`.
 * The node adapter would serve them itself from `dist/client`, ahead of src/fetch.ts: past the
 * maintenance gate and uncompressed. So the build moves them to `dist/pages/` with a manifest, and
 * `servePrerendered()` answers for them after the gate (compression() then compresses each once).
 *
 * Built without SITE_URL, their absolute URLs (canonical, Open Graph, JSON-LD) carry BUILD_ORIGIN,
 * which is replaced by the origin of the request; built with it, they keep SITE_URL.
 */
export const BUILD_ORIGIN = 'https://origem-da-loja.invalid';

/**
 * The App-Token is read when the server starts (STORE_APP_TOKEN), after the build: prerendered pages
 * carry this stand-in in their site config, replaced by the running server's token as they are served.
 */
export const BUILD_TOKEN = 'token-da-loja-definido-ao-iniciar';

type Manifest = { origin: string; pages: Record<string, string> };

/** Where a page of the build is served: `pagina/cupons/index.html` → `/pagina/cupons`. */
export function pagePath(file: string): string {
  const parts = file
    .split(path.sep)
    .join('/')
    .replace(/(^|\/)index\.html$/, '')
    .replace(/\.html$/, '');
  return `/${parts}`.replace(/\/$/, '') || '/';
}

/**
 * Build step: move every `.html` of `clientDir` into `targetDir`, as a kept page (its own styles, its
 * policy naming only them and its scripts, no inline islands' runtime: edge/page-csp.ts), and
 * write the manifest.
 */
export function movePrerenderedPages(clientDir: string, targetDir: string, origin: string): string[] {
  fs.rmSync(targetDir, { recursive: true, force: true });
  const pages: Record<string, string> = {};
  const files = fs
    .readdirSync(clientDir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.html'));
  for (const name of files) {
    const to = path.join(targetDir, name);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.writeFileSync(to, ownStaticPage(fs.readFileSync(path.join(clientDir, name), 'utf8')));
    fs.rmSync(path.join(clientDir, name));
    pages[pagePath(name)] = name;
    // Leave no empty folder behind: the adapter would take `/home2` for a directory of its own.
    for (let dir = path.dirname(name); dir !== '.'; dir = path.dirname(dir)) {
      const full = path.join(clientDir, dir);
      if (fs.readdirSync(full).length > 0) break;
      fs.rmdirSync(full);
    }
  }
  const manifest: Manifest = { origin, pages };
  fs.mkdirSync(targetDir, { recursive: true });
  fs.writeFileSync(path.join(targetDir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return Object.keys(pages);
}

/** Answer GET/HEAD for the pages in `dir` (a `dist/pages` folder); anything else goes on. */
export function servePrerendered(dir: string, token: string): MiddlewareHandler {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
  const html = new Map<string, string>();
  return async (c, next) => {
    const url = new URL(c.req.url);
    const file = manifest.pages[url.pathname.replace(/\/+$/, '') || '/'];
    if (!file || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) {
      await next();
      return;
    }
    let page = html.get(file);
    if (page === undefined) {
      page = (await fs.promises.readFile(path.join(dir, file), 'utf8')).replaceAll(
        JSON.stringify(BUILD_TOKEN),
        JSON.stringify(token),
      );
      html.set(file, page);
    }
    if (manifest.origin === BUILD_ORIGIN) page = page.replaceAll(BUILD_ORIGIN, url.origin);
    return c.html(page, 200, { 'Cache-Control': CATALOGUE_CACHE_CONTROL, [REUSED_HEADER]: '1' });
  };
}
