/** Sitemap XML (sitemaps.org 0.9); chunks stay far below the 50,000-URL limit. */
export const SITEMAP_CHUNK = 5000;

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const urlsetXml = (urls: { loc: string; lastmod?: string | undefined }[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map(
      (u) => `<url><loc>${esc(u.loc)}</loc>${u.lastmod ? `<lastmod>${esc(u.lastmod)}</lastmod>` : ''}</url>`,
    )
    .join('\n')}\n</urlset>\n`;

export const sitemapIndexXml = (locs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs
    .map((l) => `<sitemap><loc>${esc(l)}</loc></sitemap>`)
    .join('\n')}\n</sitemapindex>\n`;
