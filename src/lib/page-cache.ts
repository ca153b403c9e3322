/** How long shared caches keep catalogue HTML: fresh for a minute, served stale up to ten while revalidating. */
export const CATALOGUE_CACHE = { maxAge: 60, swr: 600, tags: ['catalogo'] };

/** The CDN header for the same policy (the in-process route cache follows CATALOGUE_CACHE). */
export const CATALOGUE_CACHE_CONTROL = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';
