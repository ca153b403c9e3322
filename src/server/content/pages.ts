import { eq } from 'drizzle-orm';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { notFound } from '#/server/errors.ts';
import { estrutura, plainText } from '#/server/catalog/page.ts';
import { pagePath } from '#/server/catalog/urls.ts';
import { fillSettings } from './fill.ts';
import type { FillContext } from './fill.ts';
import { loadSettings } from './settings.ts';

/** An institutional page (`/institucional/{slug}`) with its structure: SEO from its title and text. */
export async function loadInstitutionalPage(db: Db, origin: string, id: number, context: FillContext = {}) {
  const [[page], settings] = await Promise.all([
    db.select().from(t.pages).where(eq(t.pages.id, id)),
    loadSettings(db),
  ]);
  if (!page) throw notFound();
  const html = fillSettings(page.html, settings, true, context);
  const path = pagePath(page.slug);
  return {
    estrutura: await estrutura(
      db,
      origin,
      'page',
      { title: page.title, description: plainText(html), canonical: path },
      [{ label: page.title, path }],
    ),
    conteudo: { id: page.id, titulo: page.title, conteudo: html },
  };
}
