import { and, eq } from 'drizzle-orm';
import type { Popup } from '#/contract/store.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';

/** Active popups of a page level (`home`, `detail`, `page` ...); none is an empty list, not an error. */
export async function activePopups(db: Db, origin: string, level: string): Promise<Popup[]> {
  const rows = await db
    .select()
    .from(t.popups)
    .where(and(eq(t.popups.level, level), eq(t.popups.active, true)))
    .orderBy(t.popups.id);
  return rows.map((p) => ({
    id: p.id,
    nome: p.name,
    tipo: p.kind,
    imagem: '',
    imagemOriginal: '',
    link: p.link.startsWith('/') ? origin + p.link : p.link,
    conteudo: p.content,
    tempo: p.delaySeconds,
  }));
}
