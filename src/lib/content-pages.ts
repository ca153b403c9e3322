/** Marketing pages that live at the root (`/home2`) instead of under /pagina (spec section 2). */
export const ROOT_PAGES = ['home2', 'teste', 'backup'] as const;

/** Where a marketing page lives: `/home2` for the root ones, `/pagina/{id}` for the rest. */
export const contentPagePath = (id: string): string =>
  (ROOT_PAGES as readonly string[]).includes(id) ? `/${id}` : `/pagina/${id}`;
