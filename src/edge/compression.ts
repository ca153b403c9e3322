import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from 'node:zlib';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { Context, MiddlewareHandler } from 'hono';

const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript)|image\/svg\+xml)/;
const MIN_BYTES = 1024;
/** Compressed copies of shareable answers kept (the route cache holds up to 2,000 pages). */
const MEMO_MAX = 2000;

type Encoding = 'br' | 'gzip';

/** Set by a handler whose answer is the same bytes every time (prerendered pages): compressed once, kept. */
export const REUSED_HEADER = 'X-Loja-Reusado';

/** Brotli when the client takes it, else gzip; nothing when it takes neither. */
export function pickEncoding(accept: string | undefined): Encoding | undefined {
  const offered = (accept ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || Number(q.split('=')[1]) > 0)
    .map(([name]) => name?.trim().toLowerCase());
  if (offered.includes('br')) return 'br';
  if (offered.includes('gzip')) return 'gzip';
  return undefined;
}

const brotliAside = promisify(brotliCompress);
const gzipAside = promisify(gzip);

/**
 * A page built to HTML (the marketing pages) is the same bytes for as long as the server runs, and a page the
 * route cache keeps is the same bytes for a minute or more: compressed at brotli's highest quality once, off
 * the event loop, and the compressed bytes kept. On the shell-sized page that is 13.2 KB instead of 14.2 KB,
 * under the 14.6 KB a new connection's first round trip carries, so it arrives a round trip sooner; on a
 * listing, 1.6 KB less than brotli 9 (about 170 ms of one zlib thread, once).
 */
const built = new Map<string, Promise<Buffer>>();
function compressBuilt(body: Buffer, encoding: Encoding): Promise<Buffer> {
  const key = `${encoding}:${createHash('sha1').update(body).digest('base64')}`;
  let out = built.get(key);
  if (!out) {
    out =
      encoding === 'br'
        ? brotliAside(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          })
        : gzipAside(body, { level: 9 });
    out.catch(() => built.delete(key));
    built.set(key, out);
    if (built.size > MEMO_MAX) built.delete(built.keys().next().value ?? key);
  }
  return out;
}

/**
 * Compress off the event loop (zlib's thread pool), for a body sent once: brotli 6, about 1.5 ms for a
 * search's 105 KB of HTML, which it takes to 14.3 KB (brotli 4, 15.5 KB; 11 would take 130 ms).
 */
const compressAside = (body: Buffer, encoding: Encoding): Promise<Buffer> =>
  encoding === 'br'
    ? brotliAside(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipAside(body, { level: 6 });

/**
 * Brotli or gzip for HTML, JSON, XML and SVG. Answers that shared caches may keep (`public`) are
 * compressed hard once and reused; a page of one visitor, whole by now (edge/page-csp.ts reads it
 * whole), is compressed at once; other private answers stream through a fast compressor.
 */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const prebuilt = c.res.headers.has(REUSED_HEADER);
    const reused = /HIT|STALE/.test(c.res.headers.get('X-Astro-Cache') ?? '') || prebuilt;
    if (prebuilt) {
      const plain = new Response(c.res.body, c.res);
      plain.headers.delete(REUSED_HEADER);
      replace(c, plain);
    }
    const res = c.res;
    const type = res.headers.get('Content-Type') ?? '';
    const encoding = pickEncoding(c.req.header('Accept-Encoding'));
    if (
      !res.body ||
      !encoding ||
      c.req.method === 'HEAD' ||
      res.headers.has('Content-Encoding') ||
      !COMPRESSIBLE.test(type)
    )
      return;
    const headers = new Headers(res.headers);
    headers.append('Vary', 'Accept-Encoding');
    headers.delete('Content-Length');
    if (/\bpublic\b/.test(res.headers.get('Cache-Control') ?? '') || type.startsWith('text/html')) {
      const body = Buffer.from(await res.arrayBuffer());
      if (body.length < MIN_BYTES) {
        replace(c, new Response(body, { status: res.status, headers }));
        return;
      }
      headers.set('Content-Encoding', encoding);
      // Only an answer that will be sent again (a route-cache hit, a page built to HTML) is worth compressing
      // hard, once; any other goes through zlib's thread pool at a fast setting.
      const out = reused ? await compressBuilt(body, encoding) : await compressAside(body, encoding);
      replace(c, new Response(new Uint8Array(out), { status: res.status, headers }));
      return;
    }
    headers.set('Content-Encoding', encoding);
    const compressor =
      encoding === 'br'
        ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
        : createGzip({ level: 6 });
    const stream = Readable.fromWeb(res.body as WebReadableStream).pipe(compressor);
    replace(c, new Response(Readable.toWeb(stream) as ReadableStream, { status: res.status, headers }));
  };
}

/**
 * Answer with `res` as it is. Hono's `c.res = …` copies the old answer's headers onto the new one: the plain
 * body's Content-Length on a compressed one (a client would wait for bytes that never come) and its Vary over
 * ours (a cache would hand gzip to a client that cannot read it).
 */
function replace(c: Context, res: Response): void {
  c.res = undefined;
  c.res = res;
}
