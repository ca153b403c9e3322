// Every coupon code the store advertises (Markdown pages, seeded banners, popups, menus, pages) is one the
// platform knows and applies as the page states it: the discount, the minimum, first purchase, the end date.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { parse } from 'yaml';
import { buildBanners, buildMenus, PAGES, POPUPS } from '#/server/seed/editorial.ts';
import { buildCategories } from '#/server/seed/generate.ts';
import { COUPONS } from '#/server/seed/coupons.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const pagesDir = path.join(root, 'src/content/paginas');

type Advertised = { codigo: string; descricao: string; regras: string; where: string };

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
    ...PAGES.map((p) => ({ text: JSON.stringify(p), where: `page ${p.slug}` })),
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

const known = new Map(COUPONS.map((c) => [c.code, c]));

test('every advertised code is a coupon the seed creates', () => {
  const { cards, mentioned } = fromMarkdown();
  const advertised = [...cards.map((c) => ({ code: c.codigo, where: c.where })), ...mentioned, ...fromSeed()];
  expect(advertised.length).toBeGreaterThanOrEqual(5);
  const unknown = advertised.filter(({ code }) => !known.has(code));
  expect(unknown, 'advertised codes the platform does not know').toEqual([]);
});

test('each coupon card states the rules the coupon applies', () => {
  for (const card of fromMarkdown().cards) {
    const coupon = known.get(card.codigo);
    const where = `${card.where} ${card.codigo}`;
    expect(coupon, where).toBeDefined();
    if (!coupon) continue;
    const text = `${card.descricao} ${card.regras}`;
    const percent = /(\d+)%/.exec(card.descricao)?.[1];
    expect(Number(percent), `${where}: the percentage`).toBe(coupon.value);
    expect(/frete/i.test(card.descricao), `${where}: off the shipping or the products`).toBe(
      coupon.kind.startsWith('frete'),
    );
    const minimum = /acima de R\$\s*([\d.]+,\d{2})/.exec(text)?.[1];
    expect(minimum ? Number(minimum.replace(/\./g, '').replace(',', '.')) : 0, `${where}: the minimum`).toBe(
      coupon.minSubtotal ?? 0,
    );
    expect(/primeira compra|novos clientes/i.test(text), `${where}: first purchase only`).toBe(
      coupon.firstPurchase ?? false,
    );
    const until = /até (\d{2})\/(\d{2})/.exec(card.regras);
    if (until || coupon.endsAt) {
      const end = coupon.endsAt?.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' }).slice(0, 5);
      expect(end, `${where}: the last day`).toBe(until ? `${until[1] ?? ''}/${until[2] ?? ''}` : undefined);
    }
    expect(/linha preta/i.test(text), `${where}: the Linha preta only`).toBe(
      (coupon.restriction?.finishes ?? []).includes('preto-fosco'),
    );
  }
});
