// One concern: the store's menus as the team edits them (contract/menus.ts): each menu's entries in order,
// each change in the activity trail. Entries kept keep what the panel does not edit (submenu, icon).
import { eq, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import { EDITABLE_MENUS, MENU_HASHES } from '#/contract/menus.ts';
import type { MenuDetail, MenuEntryAdmin, MenuHash, MenuList, MenuSave } from '#/contract/menus.ts';
import type { MenuItem } from '#/contract/store.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { invalidFields, notFound } from '#/server/errors.ts';
import { getTaxonomy } from '#/server/catalog/taxonomy.ts';
import { INLINE_TAGS } from '#/lib/html-rules.ts';
import { historyOf } from './audit.ts';

export type MenuChange = { hash: MenuHash; before: Record<string, unknown>; after: Record<string, unknown> };

export const isMenuHash = (value: string): value is MenuHash => Object.hasOwn(EDITABLE_MENUS, value);

const entryOf = (item: MenuItem): MenuEntryAdmin => ({
  id: item.id,
  texto: item.label,
  link: item.rota.path ?? item.link,
  novaAba: item.target === '_blank',
  submenu: item.sub.length,
});

async function itemsOf(db: Db, hash: MenuHash): Promise<MenuItem[] | undefined> {
  const [row] = await db.select({ items: t.menus.items }).from(t.menus).where(eq(t.menus.hash, hash));
  return row?.items as MenuItem[] | undefined;
}

/** The menus the store has, each with how many links it shows at its top. */
export async function listMenus(db: Db): Promise<MenuList> {
  const rows = await db.select({ hash: t.menus.hash, items: t.menus.items }).from(t.menus);
  return {
    menus: MENU_HASHES.flatMap((hash) => {
      const row = rows.find((r) => r.hash === hash);
      return row ? [{ hash, ...EDITABLE_MENUS[hash], links: (row.items as MenuItem[]).length }] : [];
    }),
  };
}

/** One menu's entries, with who changed it and when. */
export async function menuDetail(db: Db, hash: string): Promise<MenuDetail> {
  if (!isMenuHash(hash)) throw notFound('Menu não encontrado.');
  const items = await itemsOf(db, hash);
  if (!items) throw notFound('Menu não encontrado.');
  return {
    menu: { hash, ...EDITABLE_MENUS[hash], itens: items.map(entryOf) },
    historico: await historyOf(db, [{ entity: 'menu', ids: [hash] }], 20),
  };
}

/** A menu as the trail reads it: one line per entry, "text → link". */
const linesOf = (items: MenuItem[]) => ({
  itens: items.map((i) => `${i.label} → ${i.rota.path ?? i.link}`).join(' · '),
});

/** An entry's text as stored: inline formatting where the menu takes it; else plain text, refused with tags. */
function textOf(hash: MenuHash, text: string, index: number): string {
  if (EDITABLE_MENUS[hash].formatacao) {
    const clean = sanitizeHtml(text, { allowedTags: INLINE_TAGS, allowedAttributes: {} }).trim();
    if (!clean) throw invalidFields({ [`itens.${String(index)}.texto`]: 'Escreva o texto do link.' });
    return clean;
  }
  if (/[<>]/.test(text))
    throw invalidFields({
      [`itens.${String(index)}.texto`]: 'Use só texto neste menu, sem os sinais < e >.',
    });
  return text;
}

/**
 * Save a menu's entries in the order given: those kept keep their submenu and icon; new ones lead to a
 * category (as the store's own) or to any path or address; those left out are gone.
 */
export async function saveMenu(tx: Db, hash: string, input: MenuSave): Promise<MenuChange | undefined> {
  if (!isMenuHash(hash)) throw notFound('Menu não encontrado.');
  // One change of a menu at a time, so two saves never interleave their reads and writes.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`loja:menu:${hash}`}))`);
  const items = await itemsOf(tx, hash);
  if (!items) throw notFound('Menu não encontrado.');
  const taxonomy = await getTaxonomy(tx);
  const byId = new Map(items.map((i) => [i.id, i]));
  let nextId = Math.max(0, ...flatIds(items)) + 1;
  const next = input.itens.map((entry, index): MenuItem => {
    const label = textOf(hash, entry.texto, index);
    const link = entry.link.trim();
    const category = link.startsWith('/') ? taxonomy.categoryByPath.get(link) : undefined;
    const rota = link.startsWith('/')
      ? {
          name: category ? 'product/listing/category' : 'page',
          path: link,
          params: {},
          query: {},
        }
      : {};
    // An entry kept once: the same id sent twice makes the second a new entry.
    const kept = entry.id === null || entry.id === undefined ? undefined : byId.get(entry.id);
    if (kept) byId.delete(kept.id);
    const base: MenuItem = kept ?? {
      id: nextId++,
      label,
      link,
      target: '',
      idTipo: 1,
      destaque: false,
      icone: '',
      imagem: '',
      imagemOriginal: '',
      rota,
      sub: [],
    };
    return { ...base, label, link, rota, target: entry.novaAba ? '_blank' : '' };
  });
  const [before, after] = [linesOf(items), linesOf(next)];
  if (JSON.stringify(items) === JSON.stringify(next)) return undefined;
  await tx.update(t.menus).set({ items: next }).where(eq(t.menus.hash, hash));
  return { hash, before, after };
}

const flatIds = (items: MenuItem[]): number[] => items.flatMap((i) => [i.id, ...flatIds(i.sub)]);
