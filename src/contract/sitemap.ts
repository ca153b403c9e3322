import { z } from 'zod';

/** Our extension of the contract (the real platform serves its own sitemap): indexable URLs by kind. */
export const SITEMAP_KINDS = ['produtos', 'categorias', 'marcas', 'paginas'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

export const sitemapIndexSchema = z.object({
  tipos: z.array(z.object({ tipo: z.enum(SITEMAP_KINDS), total: z.number().int() })),
});

export const sitemapSchema = z.object({
  total: z.number().int(),
  urls: z.array(z.object({ loc: z.string(), lastmod: z.string().optional() })),
});
export type Sitemap = z.infer<typeof sitemapSchema>;
