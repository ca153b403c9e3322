/** The store's one hydration directive (src/lib/late-hydration). */
declare module 'astro' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface AstroClientDirectives {
    /** `true`, or a media query the screen must match for the island to load. */
    'client:late'?: boolean | string;
  }
}
export {};
