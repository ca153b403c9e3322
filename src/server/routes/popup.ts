import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Popup } from '../../contract/store.ts';
import type { PlatformEnv } from '../context.ts';
import * as t from '../db/schema.ts';

export const popup = new Hono<PlatformEnv>();

/** Active popups of a page level (`home`, `detail`, `page` ...); none is an empty list, not an error. */
popup.get('/:nivel', async (c) => {
  const rows = await c
    .get('config')
    .db.select()
    .from(t.popups)
    .where(and(eq(t.popups.level, c.req.param('nivel')), eq(t.popups.active, true)))
    .orderBy(t.popups.id);
  const origin = c.get('origin');
  const popups: Popup[] = rows.map((p) => ({
    id: p.id,
    nome: p.name,
    tipo: p.kind,
    imagem: '',
    imagemOriginal: '',
    link: p.link.startsWith('/') ? origin + p.link : p.link,
    conteudo: p.content,
    tempo: p.delaySeconds,
  }));
  return c.json({ popups });
});
