import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { pickEncoding } from './compression.ts';

/**
 * The build's hashed assets (`/_astro/*`: island JavaScript, the hydration runtime) leave the server
 * brotli- or gzip-compressed at the highest levels, compressed once at build time. The node adapter
 * would serve them itself, uncompressed, so the build moves them out of its static folder into
 * `dist/assets/_astro/` (with `.br` and `.gz` beside each file) and `serveAssets()` answers for them.
 */

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|map)$/;
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.map': 'application/json',
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.woff2': 'font/woff2',
};

/** Build step: move `<clientDir>/_astro` to `<targetDir>/_astro` and write the compressed copies. */
export function precompressAssets(
  clientDir: string,
  targetDir: string,
): { files: number; bytes: number; br: number } {
  const from = path.join(clientDir, '_astro');
  const to = path.join(targetDir, '_astro');
  fs.rmSync(to, { recursive: true, force: true });
  if (!fs.existsSync(from)) return { files: 0, bytes: 0, br: 0 };
  fs.mkdirSync(targetDir, { recursive: true });
  fs.renameSync(from, to);
  let files = 0;
  let bytes = 0;
  let br = 0;
  for (const name of fs.readdirSync(to, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(to, name);
    if (!COMPRESSIBLE.test(name) || !fs.statSync(file).isFile()) continue;
    const body = fs.readFileSync(file);
    const brotli = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    fs.writeFileSync(`${file}.br`, brotli);
    fs.writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    files += 1;
    bytes += body.length;
    br += brotli.length;
  }
  return { files, bytes, br };
}

/** A folder of the running build (`dist/assets`, `dist/pages`): beside the `server` folder this module was bundled into. */
export function builtDir(moduleUrl: string, name: string): string | undefined {
  let dir = path.dirname(fileURLToPath(moduleUrl));
  for (;;) {
    if (path.basename(dir) === 'server') {
      const built = path.join(path.dirname(dir), name);
      return fs.existsSync(built) ? built : undefined;
    }
    const up = path.dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

/** Serve `/_astro/*` from `dir`, choosing the precompressed copy the browser accepts. */
export function serveAssets(dir: string): MiddlewareHandler {
  const root = path.resolve(dir);
  return async (c, next) => {
    const relative = decodeURIComponent(new URL(c.req.url).pathname);
    const file = path.resolve(root, `.${relative}`);
    if (!file.startsWith(root + path.sep) || !fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
      await next();
      return;
    }
    const headers = new Headers({
      'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
    let body = file;
    if (COMPRESSIBLE.test(file)) {
      headers.set('Vary', 'Accept-Encoding');
      const encoding = pickEncoding(c.req.header('Accept-Encoding'));
      const suffix = encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : '';
      if (suffix && fs.existsSync(file + suffix)) {
        body = file + suffix;
        headers.set('Content-Encoding', encoding ?? '');
      }
    }
    const bytes = await fs.promises.readFile(body);
    headers.set('Content-Length', String(bytes.length));
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(bytes), { headers });
  };
}
