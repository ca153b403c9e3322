import { and, eq } from 'drizzle-orm';
import type { Popup } from '#/contract/store.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { fillSettings } from './fill.ts';
import { loadSettings } from './settings.ts';

/** Active popups of a page level (`home`, `detail`, `page` ...); none is an empty list, not an error. */
export async function activePopups(db: Db, origin: string, level: string): Promise<Popup[]> {
  const [rows, settings] = await Promise.all([
    db
      .select()
      .from(t.popups)
      .where(and(eq(t.popups.level, level), eq(t.popups.active, true)))
      .orderBy(t.popups.id),
    loadSettings(db),
  ]);
  return rows.map((p) => ({
    id: p.id,
    nome: p.name,
    tipo: p.kind,
    imagem: '',
    imagemOriginal: '',
    link: p.link.startsWith('/') ? origin + p.link : p.link,
    conteudo: fillSettings(p.content, settings, true),
    tempo: p.delaySeconds,
  }));
}
