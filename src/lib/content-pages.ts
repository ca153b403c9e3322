/** Marketing pages that live at the root (`/home2`) instead of under /pagina (spec section 2). */
export const ROOT_PAGES = ['home2', 'teste', 'backup'] as const;
