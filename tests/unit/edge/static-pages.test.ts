import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterEach, describe, expect, test } from 'vitest';
import { BUILD_ORIGIN, movePrerenderedPages, pagePath, servePrerendered } from '#/edge/static-pages.ts';

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A build's client folder with two prerendered pages and a public file. */
function build(origin: string) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'static-pages-'));
  folders.push(root);
  const client = path.join(root, 'client');
  const write = (name: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(client, name)), { recursive: true });
    fs.writeFileSync(path.join(client, name), text);
  };
  write('pagina/cupons/index.html', `<link rel="canonical" href="${origin}/pagina/cupons"><h1>Cupons</h1>`);
  write('home2/index.html', '<h1>Home 2</h1>');
  write('logo.svg', '<svg/>');
  const pages = path.join(root, 'pages');
  const moved = movePrerenderedPages(client, pages, origin);
  return { client, pages, moved };
}

function server(dir: string) {
  const app = new Hono();
  app.use(servePrerendered(dir, 'token-do-servidor'));
  app.all('*', (c) => c.text('rendered on request', 404));
  return app;
}

describe('prerendered pages', () => {
  test('a built file is served at its clean path', () => {
    expect(pagePath('pagina/cupons/index.html')).toBe('/pagina/cupons');
    expect(pagePath(path.join('pagina', 'sou-arquiteto', 'regulamento', 'index.html'))).toBe(
      '/pagina/sou-arquiteto/regulamento',
    );
    expect(pagePath('index.html')).toBe('/');
    expect(pagePath('sobre.html')).toBe('/sobre');
  });

  test('the build moves the HTML out of the static folder (empty folders too) and leaves other files', () => {
    const { client, pages, moved } = build(BUILD_ORIGIN);
    expect(moved.sort()).toEqual(['/home2', '/pagina/cupons']);
    expect(fs.existsSync(path.join(client, 'pagina'))).toBe(false);
    expect(fs.existsSync(path.join(client, 'home2'))).toBe(false);
    expect(fs.existsSync(path.join(client, 'logo.svg'))).toBe(true);
    expect(fs.readFileSync(path.join(pages, 'pagina/cupons/index.html'), 'utf8')).toContain(
      '<h1>Cupons</h1>',
    );
  });

  test('served with or without the trailing slash, shareable, the stand-in origin replaced', async () => {
    const app = server(build(BUILD_ORIGIN).pages);
    for (const url of [
      'https://www.loja.test/pagina/cupons',
      'https://www.loja.test/pagina/cupons/?utm_source=x',
    ]) {
      const res = await app.request(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toContain('text/html');
      expect(res.headers.get('Cache-Control')).toContain('public');
      const html = await res.text();
      expect(html).toContain('href="https://www.loja.test/pagina/cupons"');
      expect(html).not.toContain(BUILD_ORIGIN);
    }
  });

  test('built with SITE_URL, the page keeps that origin', async () => {
    const app = server(build('https://www.casaemetais.com.br').pages);
    const html = await (await app.request('http://127.0.0.1:4321/pagina/cupons')).text();
    expect(html).toContain('href="https://www.casaemetais.com.br/pagina/cupons"');
  });

  test('other paths and methods go on to the server-rendered routes', async () => {
    const app = server(build(BUILD_ORIGIN).pages);
    expect(await (await app.request('https://loja.test/pagina/nada')).text()).toBe('rendered on request');
    expect(await (await app.request('https://loja.test/pagina/cupons', { method: 'POST' })).text()).toBe(
      'rendered on request',
    );
  });
});
