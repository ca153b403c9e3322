// One concern: the institutional pages as the team edits them (contract/pages.ts): a published version the
// store shows, a draft saved beside it, each change kept in the activity trail.
import { asc, eq } from 'drizzle-orm';
import type { PageCreate, PageDetail, PageSave, PageSummary } from '#/contract/pages.ts';
import type { Db } from '#/server/db/client.ts';
import { isUniqueViolation } from '#/server/db/health.ts';
import * as t from '#/server/db/schema.ts';
import type { PageDraft } from '#/server/db/schema.ts';
import { invalidFields, notFound } from '#/server/errors.ts';
import { pagePath } from '#/server/catalog/urls.ts';
import { fillSettings, SETTING_WORDS } from '#/server/content/fill.ts';
import type { FillContext } from '#/server/content/fill.ts';
import type { StoreSettings } from '#/server/content/settings.ts';
import { cleanRichText } from '#/server/lib/rich-text.ts';
import { historyOf } from './audit.ts';

type Row = typeof t.pages.$inferSelect;
/** What the trail keeps of a version (published or draft). */
type Version = Record<string, unknown>;

const summaryOf = (row: Row): PageSummary => ({
  id: row.id,
  slug: row.slug,
  titulo: row.title,
  endereco: pagePath(row.slug),
  publicada: row.published,
  temRascunho: row.draft !== null,
  atualizadaEm: row.updatedAt?.toISOString() ?? null,
});

const textOf = (v: PageDraft) => ({
  titulo: v.title,
  conteudo: v.html,
  seoTitulo: v.seoTitle,
  seoDescricao: v.seoDescription,
});

/** The form's text as stored: the rich text cleaned, so what is saved is what the store shows. */
function versionOf(input: Omit<PageSave, 'acao'>): PageDraft {
  const html = cleanRichText(input.conteudo);
  if (!html)
    throw invalidFields({ conteudo: 'O texto ficou vazio depois de limpo: escreva o texto da página.' });
  return {
    title: input.titulo.trim(),
    html,
    seoTitle: input.seoTitulo?.trim() ?? '',
    seoDescription: input.seoDescricao?.trim() ?? '',
  };
}

export async function listPages(db: Db): Promise<PageSummary[]> {
  return (await db.select().from(t.pages).orderBy(asc(t.pages.title))).map(summaryOf);
}

async function rowOf(db: Db, id: number): Promise<Row> {
  const [row] = await db.select().from(t.pages).where(eq(t.pages.id, id));
  if (!row) throw notFound('Página não encontrada.');
  return row;
}

/** One page whole, as its editor shows it: both versions, who changed it, the words a text may use. */
export async function pageDetail(db: Db, id: number): Promise<PageDetail> {
  const row = await rowOf(db, id);
  const historico = await historyOf(db, [{ entity: 'pagina', ids: [String(id)] }], 20);
  return {
    pagina: {
      ...summaryOf(row),
      ...textOf({
        title: row.title,
        html: row.html,
        seoTitle: row.seoTitle,
        seoDescription: row.seoDescription,
      }),
    },
    rascunho: row.draft && textOf(row.draft),
    historico,
    palavras: SETTING_WORDS.map((w) => ({ palavra: w.word, ajuda: w.help })),
  };
}

type Change = { id: number; action: string; before: Version | null; after: Version | null };

const published = (row: Row): Version => ({
  titulo: row.title,
  conteudo: row.html,
  seoTitulo: row.seoTitle,
  seoDescricao: row.seoDescription,
  publicada: row.published,
});

/** A new page, published at once or kept off the store until it is. */
export async function createPage(tx: Db, input: PageCreate): Promise<Change> {
  const version = versionOf(input);
  try {
    const [row] = await tx
      .insert(t.pages)
      .values({
        slug: input.slug.trim().toLowerCase(),
        title: version.title,
        html: version.html,
        seoTitle: version.seoTitle,
        seoDescription: version.seoDescription,
        published: input.acao === 'publicar',
        updatedAt: new Date(),
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return { id: row.id, action: 'pagina.criar', before: null, after: { slug: row.slug, ...published(row) } };
  } catch (error) {
    if (isUniqueViolation(error))
      throw invalidFields({ slug: 'Já existe uma página neste endereço. Escolha outro.' });
    throw error;
  }
}

/**
 * Save the editor's text: as the draft (the store keeps showing what is published) or published (the draft,
 * if any, is done with).
 */
export async function savePage(tx: Db, id: number, input: PageSave): Promise<Change> {
  const row = await rowOf(tx, id);
  const version = versionOf(input);
  if (input.acao === 'rascunho') {
    await tx.update(t.pages).set({ draft: version, updatedAt: new Date() }).where(eq(t.pages.id, id));
    const before = row.draft ?? {
      title: row.title,
      html: row.html,
      seoTitle: row.seoTitle,
      seoDescription: row.seoDescription,
    };
    return { id, action: 'pagina.rascunho', before: textOf(before), after: textOf(version) };
  }
  const [after] = await tx
    .update(t.pages)
    .set({
      title: version.title,
      html: version.html,
      seoTitle: version.seoTitle,
      seoDescription: version.seoDescription,
      published: true,
      draft: null,
      updatedAt: new Date(),
    })
    .where(eq(t.pages.id, id))
    .returning();
  return { id, action: 'pagina.publicar', before: published(row), after: after ? published(after) : null };
}

/** Take a page off the store (it answers 404 until published again), or throw its draft away. */
export async function changePageState(
  tx: Db,
  id: number,
  acao: 'tirar-do-ar' | 'descartar-rascunho',
): Promise<Change | undefined> {
  const row = await rowOf(tx, id);
  if (acao === 'tirar-do-ar') {
    if (!row.published) return undefined;
    await tx.update(t.pages).set({ published: false, updatedAt: new Date() }).where(eq(t.pages.id, id));
    return { id, action: 'pagina.tirar-do-ar', before: { publicada: true }, after: { publicada: false } };
  }
  if (!row.draft) return undefined;
  await tx.update(t.pages).set({ draft: null, updatedAt: new Date() }).where(eq(t.pages.id, id));
  return { id, action: 'pagina.descartar-rascunho', before: textOf(row.draft), after: null };
}

/** The text as the store would show it now: cleaned, and the settings' words filled. */
export function previewPage(text: string, settings: StoreSettings, context: FillContext): string {
  return fillSettings(cleanRichText(text), settings, true, context);
}
