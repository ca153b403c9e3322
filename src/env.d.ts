/** The store's one hydration directive (src/lib/late-hydration). */
declare module 'astro' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface AstroClientDirectives {
    'client:late'?: boolean;
  }
}
export {};
