import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import fc from 'fast-check';
import { ownAddress } from './servers.ts';
import { signUpAndBuy } from './shopper.ts';
import { teamMember } from './staff.ts';

/**
 * Every page of the built store, read from `src/pages` (a page added tomorrow is in this test tomorrow),
 * as an attacker reaches it: generated hostile path segments, query strings and form posts (well-formed and
 * broken: bad percent-encoding, a cut multipart, JSON where a form belongs), as a guest, as a logged-in shopper
 * with an order of their own, and (reading only) as an owner. No answer is a 5xx. The API's net is
 * tests/unit/server/every-route.test.ts; this one covers what the pages do with what they are given.
 */

const PAGES = path.resolve('src/pages');

/** Each page file as an address template: `[x]` a segment to fill, `[...x]` one or more. */
function templates(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(astro|ts)$/.test(entry.name)) {
        const route = `/${path.relative(PAGES, full)}`
          .replace(/\.(astro|ts)$/, '')
          .replace(/\/index$/, '')
          .replace(/^$/, '/');
        if (!['/404', '/500'].includes(route)) found.push(route || '/');
      }
    }
  };
  walk(PAGES);
  // Leaving (the shopper's and the team's) last, so the callers stay who they are for the rest.
  return found.sort(
    (a, b) => Number(a.endsWith('/sair')) - Number(b.endsWith('/sair')) || a.localeCompare(b),
  );
}

const segment = fc.oneof(
  fc.constantFrom(
    '1',
    '0',
    '-1',
    '1001',
    '99999999999',
    'abc',
    'a.html',
    'x%00y',
    '%E0%A4%A',
    '%2e%2e',
    '%C0%AF',
  ),
  fc.string({ minLength: 1, maxLength: 12 }).map(encodeURIComponent),
);
const value = fc.oneof(
  fc.constantFrom(
    '',
    '0',
    '-1',
    '1e400',
    '99999999999999999999',
    '13035-000',
    'a@b.c',
    '\u0000',
    '\ud800',
    '../..',
  ),
  fc.constantFrom('<script>alert(1)</script>', "' OR 1=1 --", 'devolver_agora', 'aprovar', 'sim', 'on', '[]'),
  fc.string({ maxLength: 20 }),
  fc.string({ minLength: 500, maxLength: 3000 }),
);
/** Names the pages read, and some no page reads. */
const NAMES = [
  'q',
  'busca',
  'pg',
  'order',
  'pagina',
  'token',
  't',
  'sku',
  'cep',
  'feito',
  'de',
  'ate',
  'entidade',
  'id',
  'produto',
  'variante',
  'acao',
  'pedido',
  'email',
  'senha',
  'nome',
  'motivo',
  'quantidade',
  'cupom',
  'codigo',
  'novo',
  'desistencia',
  'voltar',
  'frete',
  'pagamento',
  'situacao',
  '__proto__',
  'x',
];
const fields = fc.array(fc.tuple(fc.constantFrom(...NAMES), value), { maxLength: 6 });
/** A body as a browser, a script or a broken client would send it. */
const body = fc.oneof(
  fields.map((f) => ({
    type: 'application/x-www-form-urlencoded',
    data: new URLSearchParams(f).toString(),
  })),
  fc.constantFrom(
    { type: 'application/x-www-form-urlencoded', data: 'nome=%E0%A4%A&email=%' },
    { type: 'application/x-www-form-urlencoded', data: '&&==&a=1&a=2&a[]=3' },
    {
      type: 'multipart/form-data; boundary=x',
      data: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1',
    },
    { type: 'multipart/form-data', data: 'sem limite' },
    { type: 'application/json', data: '{"email": 1' },
    { type: 'text/plain', data: '\u0000\u0001' },
  ),
);

function address(template: string, parts: string[]): string {
  let i = 0;
  const next = () => parts[i++ % parts.length] ?? '1';
  return template.replace(/\[\.\.\.[^\]]+\]/g, () => `${next()}/${next()}`).replace(/\[[^\]]+\]/g, next);
}

async function neverFails(
  request: APIRequestContext,
  who: string,
  options: { origin: string; posts: boolean; runs: number },
): Promise<void> {
  for (const template of templates()) {
    await fc.assert(
      fc.asyncProperty(
        fc.array(segment, { minLength: 1, maxLength: 3 }),
        fields,
        body,
        async (parts, q, b) => {
          const target = `${address(template, parts)}?${new URLSearchParams(q).toString()}`;
          const read = await request.get(target, { maxRedirects: 0, failOnStatusCode: false });
          expect(read.status(), `${who} GET ${target}`).toBeLessThan(500);
          if (!options.posts) return;
          const sent = await request.post(target, {
            headers: { 'Content-Type': b.type, Origin: options.origin },
            data: b.data,
            maxRedirects: 0,
            failOnStatusCode: false,
          });
          expect(sent.status(), `${who} POST ${target} ${b.type} ${b.data.slice(0, 200)}`).toBeLessThan(500);
        },
      ),
      { numRuns: options.runs },
    );
  }
}

test('no page answers 5xx to anything, whoever asks', async ({ browser, playwright, isMobile, baseURL }) => {
  const origin = baseURL ?? '';
  test.skip(isMobile, 'the same server and pages: once is enough');
  test.setTimeout(240_000);
  // The three callers at once: one's sign-up runs while another is already being refused.
  const asGuest = async () => {
    const guest = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: ownAddress() });
    await neverFails(guest, 'guest', { origin, posts: true, runs: 3 });
  };
  const asShopper = async () => {
    const shopper = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: ownAddress() });
    const page = await shopper.newPage();
    const numero = await signUpAndBuy(page, {
      name: 'Hostil da Silva',
      email: `hostil.${String(Date.now())}@exemplo.com.br`,
      password: 'uma senha bem longa',
    });
    expect(numero).toBeGreaterThan(0);
    await neverFails(page.request, 'shopper', { origin, posts: true, runs: 3 });
  };
  const asOwner = async () => {
    const team = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: ownAddress() });
    const owner = await team.newPage();
    await teamMember(owner, owner.request, 'dono', 'Dona Hostil');
    // The owner's forms change the store every other spec shares (settings, the team): the owner only reads.
    await neverFails(owner.request, 'owner', { origin, posts: false, runs: 2 });
  };
  await Promise.all([asGuest(), asShopper(), asOwner()]);
});
