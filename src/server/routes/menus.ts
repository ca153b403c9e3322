import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { MenuItem } from '../../contract/store.ts';
import type { PlatformEnv } from '../context.ts';
import * as t from '../db/schema.ts';
import { notFound } from '../errors.ts';

export const menus = new Hono<PlatformEnv>();

/** Icons and images are stored as paths; answers carry absolute URLs. */
const absolutize = (origin: string, item: MenuItem): MenuItem => ({
  ...item,
  icone: item.icone.startsWith('/') ? origin + item.icone : item.icone,
  imagem: item.imagem.startsWith('/') ? origin + item.imagem : item.imagem,
  imagemOriginal: item.imagemOriginal.startsWith('/') ? origin + item.imagemOriginal : item.imagemOriginal,
  sub: item.sub.map((s) => absolutize(origin, s)),
});

menus.get('/:hash', async (c) => {
  const [menu] = await c
    .get('config')
    .db.select()
    .from(t.menus)
    .where(eq(t.menus.hash, c.req.param('hash')));
  if (!menu) throw notFound('Menu não encontrado.');
  return c.json({
    hash: menu.hash,
    nome: menu.name,
    menu: (menu.items as MenuItem[]).map((i) => absolutize(c.get('origin'), i)),
  });
});
