import { eq } from 'drizzle-orm';
import type { Menu, MenuItem } from '#/contract/store.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { notFound } from '#/server/errors.ts';

/** Icons and images are stored as paths; answers carry absolute URLs. */
const absolutize = (origin: string, item: MenuItem): MenuItem => ({
  ...item,
  icone: item.icone.startsWith('/') ? origin + item.icone : item.icone,
  imagem: item.imagem.startsWith('/') ? origin + item.imagem : item.imagem,
  imagemOriginal: item.imagemOriginal.startsWith('/') ? origin + item.imagemOriginal : item.imagemOriginal,
  sub: item.sub.map((s) => absolutize(origin, s)),
});

/** One menu by its hash (header, footer, lines...), or a 404. */
export async function loadMenu(db: Db, origin: string, hash: string): Promise<Menu> {
  const [menu] = await db.select().from(t.menus).where(eq(t.menus.hash, hash));
  if (!menu) throw notFound('Menu não encontrado.');
  return {
    hash: menu.hash,
    nome: menu.name,
    menu: (menu.items as MenuItem[]).map((i) => absolutize(origin, i)),
  };
}
