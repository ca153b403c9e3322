// One concern: the catalogue's names as a sheet may write them (brand, category path or name, finish) found, or refused.
import { normalizeText } from '#/server/lib/text.ts';
import { refuse } from './cells.ts';
import type { Cell } from './read.ts';
import type { CatalogueState, SheetFinish } from './plan.ts';

/** The catalogue's lookups a plan needs, built once per sheet. */
export function lookups(state: CatalogueState) {
  const bySku = new Map(state.variants.map((v) => [v.sku.toLowerCase(), v]));
  const productById = new Map(state.products.map((p) => [p.id, p]));
  const productBySlug = new Map(state.products.map((p) => [p.slug, p]));
  const brandByKey = new Map<string, { id: number; name: string }>();
  for (const b of state.brands) {
    brandByKey.set(normalizeText(b.name), b);
    brandByKey.set(normalizeText(b.slug), b);
  }
  const parents = new Set(state.categories.map((c) => c.parentId));
  const categoryByPath = new Map(state.categories.map((c) => [c.path, c]));
  const categoryByName = new Map<string, (typeof state.categories)[number][]>();
  for (const c of state.categories) {
    const key = normalizeText(c.name);
    categoryByName.set(key, [...(categoryByName.get(key) ?? []), c]);
  }
  const finishByKey = new Map<string, SheetFinish>();
  for (const f of state.finishes) {
    finishByKey.set(normalizeText(f.label), f);
    finishByKey.set(normalizeText(f.slug), f);
  }
  const finishesOf = new Map<string, Map<string, string>>();
  const maxPosition = new Map<string, number>();
  for (const v of state.variants) {
    const key = String(v.productId);
    const finishes = finishesOf.get(key) ?? new Map<string, string>();
    finishes.set(v.finish, v.sku);
    finishesOf.set(key, finishes);
    maxPosition.set(key, Math.max(maxPosition.get(key) ?? -1, v.position));
  }
  const categoryPath = (id: number) => state.categories.find((c) => c.id === id)?.path ?? '';
  const brandName = (id: number) => state.brands.find((b) => b.id === id)?.name ?? '';

  function brand(cell: Cell): number {
    const found = brandByKey.get(normalizeText(String(cell)));
    return found ? found.id : refuse(`Marca desconhecida: "${String(cell).slice(0, 40)}".`);
  }
  function category(cell: Cell): number {
    const text = String(cell).trim();
    const path = text.startsWith('/') ? `${text.replace(/\/+$/, '')}/` : undefined;
    const matches = path
      ? [categoryByPath.get(path)].filter((c) => c !== undefined)
      : (categoryByName.get(normalizeText(text)) ?? []);
    const leaves = matches.filter((c) => !parents.has(c.id));
    if (matches.length === 0) refuse(`Categoria desconhecida: "${text.slice(0, 60)}".`);
    if (leaves.length === 0)
      refuse(`A categoria ${matches[0]?.path ?? text} tem subcategorias: escolha uma delas.`);
    if (leaves.length > 1)
      refuse(
        `Há mais de uma categoria "${text.slice(0, 40)}": use o caminho (${leaves.map((c) => c.path).join(' ou ')}).`,
      );
    return (leaves[0] as { id: number }).id;
  }
  function finish(cell: Cell): SheetFinish {
    const found = finishByKey.get(normalizeText(String(cell)));
    return (
      found ??
      refuse(
        `Acabamento desconhecido: "${String(cell).slice(0, 40)}" (use ${state.finishes.map((f) => f.label).join(', ')}).`,
      )
    );
  }
  return {
    bySku,
    productById,
    productBySlug,
    brand,
    category,
    finish,
    finishesOf,
    maxPosition,
    categoryPath,
    brandName,
  };
}

/** The catalogue's indexes a sheet is planned with. */
export type Lookups = ReturnType<typeof lookups>;
