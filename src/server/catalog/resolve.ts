import { and, eq } from 'drizzle-orm';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { badRequest } from '#/server/errors.ts';
import type { Taxonomy } from './taxonomy.ts';

export const URL_MAX_LENGTH = 1000;

/** A storefront URL split into its decoded path and query; hostile forms are a 400, never a lookup. */
export function parseStoreUrl(raw: string | undefined): { path: string; query: URLSearchParams } {
  if (!raw) throw badRequest('Informe o parâmetro url com o caminho da página, por exemplo url=/cozinha/.');
  if (raw.length > URL_MAX_LENGTH) throw badRequest('O parâmetro url é longo demais.');
  if (!raw.startsWith('/') || raw.startsWith('//'))
    throw badRequest('O parâmetro url deve ser um caminho que começa com /.');
  if (/[\u0000-\u001f\\]/.test(raw)) throw badRequest('O parâmetro url contém caracteres inválidos.');
  const [rawPath = '/', rawQuery = ''] = raw.split(/\?(.*)/s, 2);
  if (/%2f|%5c|%00/i.test(rawPath))
    throw badRequest('O parâmetro url contém barras ou caracteres codificados inválidos.');
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    throw badRequest('O parâmetro url tem uma codificação (%) inválida.');
  }
  if (path.split('/').some((seg) => seg === '..' || seg === '.'))
    throw badRequest('O parâmetro url não pode conter . ou .. como segmento.');
  if (/[\u0000-\u001f]/.test(path)) throw badRequest('O parâmetro url contém caracteres inválidos.');
  let query: URLSearchParams;
  try {
    query = new URLSearchParams(rawQuery.split('#')[0]);
    for (const [k, v] of query) if (k.includes('\u0000') || v.includes('\u0000')) throw new Error('nul');
  } catch {
    throw badRequest('A consulta do parâmetro url é inválida.');
  }
  return { path, query };
}

export type Resolved =
  | { nivel: 'home' }
  | { nivel: 'product/listing/search' }
  | { nivel: 'list/listing' }
  | { nivel: 'product/detail'; slug: string; moved?: true }
  | { nivel: 'product/listing/category'; id: number }
  | { nivel: 'product/listing/brand'; id: number }
  | { nivel: 'product/listing/landing-page'; id: number }
  | { nivel: 'list/detail'; id: number }
  | { nivel: 'page'; id: number };

const SLUG = '[a-z0-9][a-z0-9-]{0,150}';
const PRODUCT = new RegExp(`^/(${SLUG})\\.html$`);
const LIST = new RegExp(`^/lista/(${SLUG})\\.html$`);
const LANDING = new RegExp(`^/c/(${SLUG})/?$`);
const BRAND = new RegExp(`^/marcas/(${SLUG})/?$`);
const PAGE = new RegExp(`^/institucional/(${SLUG})/?$`);

/** Which page a decoded storefront path is; undefined when there is none. */
export async function resolvePath(db: Db, taxonomy: Taxonomy, path: string): Promise<Resolved | undefined> {
  if (path === '/' || path === '') return { nivel: 'home' };
  if (path === '/busca' || path === '/busca/') return { nivel: 'product/listing/search' };
  if (path === '/lista' || path === '/lista/') return { nivel: 'list/listing' };
  let m: RegExpExecArray | null;
  if ((m = LIST.exec(path))) {
    const [row] = await db
      .select({ id: t.lists.id })
      .from(t.lists)
      .where(eq(t.lists.slug, m[1] as string));
    return row && { nivel: 'list/detail', id: row.id };
  }
  if ((m = PRODUCT.exec(path))) {
    const slug = m[1] as string;
    const [row] = await db
      .select({ id: t.products.id })
      .from(t.products)
      .where(and(eq(t.products.slug, slug), eq(t.products.active, true)));
    if (row) return { nivel: 'product/detail', slug };
    // A former address of a product still on sale: the page is where the product is now.
    const [moved] = await db
      .select({ slug: t.products.slug })
      .from(t.productRedirects)
      .innerJoin(t.products, eq(t.products.id, t.productRedirects.productId))
      .where(and(eq(t.productRedirects.slug, slug), eq(t.products.active, true)));
    return moved && { nivel: 'product/detail', slug: moved.slug, moved: true };
  }
  if ((m = LANDING.exec(path))) {
    const [row] = await db
      .select({ id: t.landingPages.id })
      .from(t.landingPages)
      .where(eq(t.landingPages.slug, m[1] as string));
    return row && { nivel: 'product/listing/landing-page', id: row.id };
  }
  if ((m = BRAND.exec(path))) {
    const brand = taxonomy.brandBySlug.get(m[1] as string);
    return brand && { nivel: 'product/listing/brand', id: brand.id };
  }
  if ((m = PAGE.exec(path))) {
    const [row] = await db
      .select({ id: t.pages.id })
      .from(t.pages)
      .where(and(eq(t.pages.slug, m[1] as string), eq(t.pages.published, true)));
    return row && { nivel: 'page', id: row.id };
  }
  const category = taxonomy.categoryByPath.get(path.endsWith('/') ? path : `${path}/`);
  return category && { nivel: 'product/listing/category', id: category.id };
}
