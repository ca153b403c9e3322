import { HOME_CRUMB } from '#/contract/common.ts';
import type { Breadcrumb, Estrutura, Nivel, Seo } from '#/contract/common.ts';
import { loadSettings } from '#/server/content/settings.ts';
import type { StoreSettings } from '#/server/content/settings.ts';
import type { Db } from '#/server/db/client.ts';
import { absolute, rota } from './urls.ts';

export type SeoInput = {
  title: string;
  description: string;
  /** Storefront path (and query) of the canonical URL. */
  canonical: string;
  indexar?: boolean;
  image?: string;
  keywords?: string;
};

/**
 * The page envelope's `estrutura`: SEO (title suffixed with the store's name as its settings give it now) and
 * the breadcrumb from Home. A caller that has read the settings for this answer passes them (`site`), so
 * one answer reads them once.
 */
export async function estrutura(
  db: Db,
  origin: string,
  nivel: Nivel,
  seo: SeoInput,
  trail: { label: string; path: string; name?: string }[] = [],
  site?: Pick<StoreSettings, 'nomeLoja' | 'seo'>,
): Promise<Estrutura> {
  site ??= await loadSettings(db);
  const store = site.nomeLoja;
  const full: Seo = {
    title: seo.title.includes(store) ? seo.title : `${seo.title} | ${store}`,
    description: seo.description,
    keywords: seo.keywords ?? site.seo.keywords,
    titleSocial: seo.title,
    descriptionSocial: seo.description,
    // Without an image of its own, '': the storefront shows the store's logo.
    openGraphUrlImagem: seo.image ?? '',
    twitterUrlImagem: seo.image ?? '',
    canonical: absolute(origin, seo.canonical),
    indexar: seo.indexar ?? true,
  };
  const crumbs = [{ label: HOME_CRUMB, path: '/', name: 'home' }, ...trail];
  const breadcrumb: Breadcrumb[] = crumbs.map((c, i) => ({
    label: c.label,
    atual: i === crumbs.length - 1,
    rota: rota(c.name ?? 'page', c.path),
    url: absolute(origin, c.path),
  }));
  return { nivel, seo: full, breadcrumb, dadosEstruturados: [] };
}

/** Plain text of an HTML fragment (meta descriptions, the shopping feed): no tags, entities read back. */
export const plainText = (html: string, max = 160) => {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
};
