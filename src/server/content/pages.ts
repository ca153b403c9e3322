import { eq } from 'drizzle-orm';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { notFound } from '#/server/errors.ts';
import { estrutura, plainText } from '#/server/catalog/page.ts';
import { pagePath } from '#/server/catalog/urls.ts';

/** An institutional page (`/institucional/{slug}`) with its structure: SEO from its title and text. */
export async function loadInstitutionalPage(db: Db, origin: string, id: number) {
  const [page] = await db.select().from(t.pages).where(eq(t.pages.id, id));
  if (!page) throw notFound();
  const path = pagePath(page.slug);
  return {
    estrutura: estrutura(
      origin,
      'page',
      { title: page.title, description: plainText(page.html), canonical: path },
      [{ label: page.title, path }],
    ),
    conteudo: { id: page.id, titulo: page.title, conteudo: page.html },
  };
}
