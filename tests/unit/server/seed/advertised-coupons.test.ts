// Every coupon code the store advertises (Markdown pages, seeded banners, popups, menus, pages) is one the
// platform knows and applies as the page states it: the discount, what it covers. The minimum, first purchase and
// the dates are printed from the coupon itself (src/lib/campaign.ts), so a page's own words never state them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { EXAMPLE_PAGES } from '#/server/config/example-pages.ts';
import { buildBanners, buildMenus, POPUPS } from '#/server/seed/editorial.ts';
import { buildCategories } from '#/server/seed/generate.ts';
import { buildCoupons, CAMPAIGN_DAYS, endOfBrasiliaDay } from '#/server/seed/coupons.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const pagesDir = path.join(root, 'src/content/paginas');

type Advertised = { codigo: string; descricao: string; regras?: string; where: string };

/** Markdown pages: the frontmatter's `cupons` (code, description, rules) and codes written in the text. */
function fromMarkdown(): { cards: Advertised[]; mentioned: { code: string; where: string }[] } {
  const cards: Advertised[] = [];
  const mentioned: { code: string; where: string }[] = [];
  const files = readdirSync(pagesDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md'));
  for (const file of files) {
    const text = readFileSync(path.join(pagesDir, file), 'utf8');
    const [, front = '', body = ''] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text) ?? [];
    const data = parse(front) as { cupons?: Omit<Advertised, 'where'>[] } | null;
    for (const card of data?.cupons ?? []) cards.push({ ...card, where: file });
    for (const [, code = ''] of body.matchAll(/cupom\s+\*\*([A-Z0-9_-]+)\*\*/gi))
      mentioned.push({ code, where: file });
  }
  return { cards, mentioned };
}

/** Seeded HTML and texts (banners, menus, popups, pages): `cupom <strong>CODE</strong>` or `cupom CODE`. */
function fromSeed(): { code: string; where: string }[] {
  const categories = buildCategories();
  const texts = [
    ...POPUPS.map((p) => ({ text: `${p.name} ${p.content}`, where: `popup ${p.name}` })),
    ...EXAMPLE_PAGES.map((p) => ({ text: JSON.stringify(p), where: `page ${p.slug}` })),
    { text: JSON.stringify(buildBanners(categories)), where: 'banners' },
    { text: JSON.stringify(buildMenus(categories)), where: 'menus' },
  ];
  return texts.flatMap(({ text, where }) =>
    [...text.matchAll(/cupom\s+(?:<strong>)?([A-Z][A-Z0-9_-]{3,})/g)].map(([, code = '']) => ({
      code,
      where,
    })),
  );
}

const known = new Map(buildCoupons(new Date()).map((c) => [c.code, c]));

test('every advertised code is a coupon the seed creates', () => {
  const { cards, mentioned } = fromMarkdown();
  const advertised = [...cards.map((c) => ({ code: c.codigo, where: c.where })), ...mentioned, ...fromSeed()];
  expect(advertised.length).toBeGreaterThanOrEqual(5);
  const unknown = advertised.filter(({ code }) => !known.has(code));
  expect(unknown, 'advertised codes the platform does not know').toEqual([]);
});

test('each coupon card states what the coupon takes off, and leaves its minimum, buyers and dates to the coupon', () => {
  for (const card of fromMarkdown().cards) {
    const coupon = known.get(card.codigo);
    const where = `${card.where} ${card.codigo}`;
    expect(coupon, where).toBeDefined();
    if (!coupon) continue;
    const text = `${card.descricao} ${card.regras ?? ''}`;
    const percent = /(\d+)%/.exec(card.descricao)?.[1];
    expect(Number(percent), `${where}: the percentage`).toBe(coupon.value);
    expect(/frete/i.test(card.descricao), `${where}: off the shipping or the products`).toBe(
      coupon.kind.startsWith('frete'),
    );
    expect(text, `${where}: a minimum in the page's words`).not.toMatch(/R\$/);
    expect(text, `${where}: a date in the page's words`).not.toMatch(/\d{1,2}\/\d{1,2}|\bat[ée] (o )?dia\b/i);
    expect(card.regras ?? '', `${where}: first purchase in the page's words`).not.toMatch(
      /primeira compra|novos clientes|primeira vez/i,
    );
    expect(/linha preta/i.test(text), `${where}: the Linha preta only`).toBe(
      (coupon.restriction?.finishes ?? []).includes('preto-fosco'),
    );
  }
});

describe('the seeded campaign is alive on the day the store is seeded', () => {
  // Any day: a year before the campaign the repository was written for, its last day, a year after, and the
  // turn of a day in Brasília (02:59 UTC is still the day before there).
  const days = [
    '2025-11-27T12:00:00Z',
    '2026-11-28T02:59:00Z',
    '2026-11-28T03:00:00Z',
    '2027-11-28T12:00:00Z',
    '2026-12-31T23:00:00Z',
  ];
  test.each(days)('seeded at %s', (at) => {
    const now = new Date(at);
    const coupons = buildCoupons(now);
    const ends = coupons.flatMap((c) => (c.endsAt ? [c.endsAt] : []));
    expect(ends.length).toBeGreaterThan(0);
    for (const end of ends) {
      expect(end.getTime()).toBeGreaterThan(now.getTime() + (CAMPAIGN_DAYS - 1) * 86_400_000);
      expect(end.getTime()).toBeLessThanOrEqual(now.getTime() + (CAMPAIGN_DAYS + 1) * 86_400_000);
      // The last second of a day in Brasília.
      expect(end.toISOString().slice(11)).toBe('02:59:59.000Z');
    }
    for (const c of coupons) if (c.startsAt) expect(c.startsAt.getTime()).toBeLessThanOrEqual(now.getTime());
  });

  test('the end is counted from the day in Brasília, not in UTC', () => {
    // 23:30 in Brasília on 27/11 is 02:30 UTC on 28/11: ten days from the 27th is the 7th.
    expect(endOfBrasiliaDay(new Date('2026-11-28T02:30:00Z'), 10).toISOString()).toBe(
      '2026-12-08T02:59:59.000Z',
    );
    expect(endOfBrasiliaDay(new Date('2026-11-28T03:30:00Z'), 10).toISOString()).toBe(
      '2026-12-09T02:59:59.000Z',
    );
  });
});
