import { eq } from 'drizzle-orm';
import type { Menu, MenuItem } from '#/contract/store.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { notFound } from '#/server/errors.ts';
import { getTaxonomy } from '#/server/catalog/taxonomy.ts';
import { fillSettings } from './fill.ts';
import { loadSettings } from './settings.ts';
import type { StoreSettings } from './settings.ts';

/** Icons and images are stored as paths; answers carry absolute URLs; labels say what the settings say now. */
const absolutize = (origin: string, settings: StoreSettings, item: MenuItem): MenuItem => ({
  ...item,
  label: fillSettings(item.label, settings, true),
  icone: item.icone.startsWith('/') ? origin + item.icone : item.icone,
  imagem: item.imagem.startsWith('/') ? origin + item.imagem : item.imagem,
  imagemOriginal: item.imagemOriginal.startsWith('/') ? origin + item.imagemOriginal : item.imagemOriginal,
  sub: item.sub.map((s) => absolutize(origin, settings, s)),
});

/** A menu without the entries (and their sub-entries) that lead to a category the team hid. */
const shownItems = (items: MenuItem[], visible: (path: string) => boolean): MenuItem[] =>
  items
    .filter((i) => i.rota.name !== 'product/listing/category' || visible(i.rota.path ?? ''))
    .map((i) => ({ ...i, sub: shownItems(i.sub, visible) }));

/** One menu by its hash (header, footer, lines...), or a 404. */
export async function loadMenu(db: Db, origin: string, hash: string): Promise<Menu> {
  const [[menu], taxonomy, settings] = await Promise.all([
    db.select().from(t.menus).where(eq(t.menus.hash, hash)),
    getTaxonomy(db),
    loadSettings(db),
  ]);
  if (!menu) throw notFound('Menu não encontrado.');
  const visible = (path: string) => taxonomy.categoryByPath.has(path);
  return {
    hash: menu.hash,
    nome: menu.name,
    menu: shownItems(menu.items as MenuItem[], visible).map((i) => absolutize(origin, settings, i)),
  };
}
