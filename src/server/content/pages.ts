import { and, eq } from 'drizzle-orm';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { notFound } from '#/server/errors.ts';
import { estrutura, plainText } from '#/server/catalog/page.ts';
import { pagePath } from '#/server/catalog/urls.ts';
import { fillSettings } from './fill.ts';
import type { FillContext } from './fill.ts';
import type { StoreSettings } from './settings.ts';

/**
 * An institutional page (`/institucional/{slug}`) with its structure: SEO from its title and text, the
 * settings' words filled from `settings` (the ones in force, read once by the caller).
 */
export async function loadInstitutionalPage(
  db: Db,
  origin: string,
  id: number,
  settings: StoreSettings,
  context: FillContext = {},
) {
  const [page] = await db
    .select()
    .from(t.pages)
    .where(and(eq(t.pages.id, id), eq(t.pages.published, true)));
  if (!page) throw notFound();
  const html = fillSettings(page.html, settings, true, context);
  const path = pagePath(page.slug);
  return {
    estrutura: await estrutura(
      db,
      origin,
      'page',
      {
        title: page.seoTitle || page.title,
        description: page.seoDescription ? fillSettings(page.seoDescription, settings) : plainText(html),
        canonical: path,
      },
      [{ label: page.title, path }],
      settings,
    ),
    conteudo: { id: page.id, titulo: page.title, conteudo: html },
  };
}
