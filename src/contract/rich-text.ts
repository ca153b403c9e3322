/**
 * What a rich text (a product's description, an institutional page) may hold, agreed by both sides: the
 * platform keeps only this when the team saves one, and the storefront lets only this reach `set:html`.
 */

export const RICH_TAGS = [
  'p',
  'br',
  'b',
  'strong',
  'em',
  'i',
  'u',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'a',
  'span',
  'small',
  'blockquote',
];

/** Links are the only attributes kept, and go only to these schemes. */
export const RICH_ATTRIBUTES = { a: ['href', 'title', 'target', 'rel'] };
export const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'];
