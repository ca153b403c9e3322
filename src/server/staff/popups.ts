// One concern: the store's popups as the team edits them (contract/popups.ts), each change in the trail.
import { asc, eq } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { PopupAdmin, PopupList, PopupPlace, PopupSave } from '#/contract/popups.ts';
import { LINK_SCHEMES } from '#/contract/rich-text.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { invalidFields, notFound } from '#/server/errors.ts';
import { MESSAGE_TAGS } from '#/lib/html-rules.ts';
import { listActivity } from './audit.ts';

type Row = typeof t.popups.$inferSelect;
export type PopupChange = {
  id: number;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

const adminOf = (row: Row): PopupAdmin => ({
  id: row.id,
  nome: row.name,
  nivel: row.level as PopupPlace,
  tipo: row.kind === 'newsletter' ? 'newsletter' : 'html',
  conteudo: row.content,
  link: row.link,
  tempo: row.delaySeconds,
  ativo: row.active,
});

/** The popups (on the pages the store has), with the trail's last changes of any of them (removed ones too). */
export async function listPopups(db: Db): Promise<PopupList> {
  const [rows, { atividades }] = await Promise.all([
    db.select().from(t.popups).orderBy(asc(t.popups.id)),
    listActivity(db, { entidade: 'popup', offset: 0, limit: 20 }),
  ]);
  return { popups: rows.filter((r) => r.kind !== 'imagem').map(adminOf), historico: atividades };
}

/** The text as kept: formatting and links only (what the popup island shows). */
function textOf(html: string): string {
  const clean = sanitizeHtml(html, {
    allowedTags: MESSAGE_TAGS,
    allowedAttributes: { a: ['href'] },
    allowedSchemes: LINK_SCHEMES,
    allowProtocolRelative: false,
  }).trim();
  if (!clean)
    throw invalidFields({ conteudo: 'O texto ficou vazio depois de limpo: escreva o texto do aviso.' });
  return clean;
}

const valuesOf = (input: PopupSave) => ({
  name: input.nome.trim(),
  level: input.nivel,
  kind: input.tipo,
  content: textOf(input.conteudo),
  link: input.link?.trim() ?? '',
  delaySeconds: input.tempo,
  active: input.ativo ?? true,
});

const recordOf = (row: Row) => {
  const { id: _id, ...rest } = adminOf(row);
  return rest;
};

export async function createPopup(tx: Db, input: PopupSave): Promise<PopupChange> {
  const [row] = await tx.insert(t.popups).values(valuesOf(input)).returning();
  if (!row) throw new Error('insert returned no row');
  return { id: row.id, action: 'popup.criar', before: null, after: recordOf(row) };
}

async function rowOf(db: Db, id: number): Promise<Row> {
  const [row] = await db.select().from(t.popups).where(eq(t.popups.id, id));
  if (!row || row.kind === 'imagem') throw notFound('Aviso não encontrado.');
  return row;
}

export async function savePopup(tx: Db, id: number, input: PopupSave): Promise<PopupChange | undefined> {
  const before = await rowOf(tx, id);
  const [after] = await tx.update(t.popups).set(valuesOf(input)).where(eq(t.popups.id, id)).returning();
  if (!after) throw notFound('Aviso não encontrado.');
  const [b, a] = [recordOf(before), recordOf(after)];
  return JSON.stringify(b) === JSON.stringify(a)
    ? undefined
    : { id, action: 'popup.alterar', before: b, after: a };
}

export async function removePopup(tx: Db, id: number): Promise<PopupChange> {
  const row = await rowOf(tx, id);
  await tx.delete(t.popups).where(eq(t.popups.id, id));
  return { id, action: 'popup.remover', before: recordOf(row), after: null };
}
