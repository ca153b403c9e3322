import sanitizeHtml from 'sanitize-html';
import { INLINE_TAGS } from './html-rules.ts';

/** HTML from the platform (labels, descriptions) reaches `set:html` only through these two filters. */

const safeLinks: sanitizeHtml.IOptions = {
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
};

/** Inline text formatting only: for one-line labels such as the promotional bar. */
export const sanitizeInline = (html: string): string =>
  sanitizeHtml(html, {
    ...safeLinks,
    allowedTags: INLINE_TAGS,
    allowedAttributes: {},
  });

/** Text blocks, lists, tables and links: for product descriptions and institutional pages. */
export const sanitizeRich = (html: string): string =>
  sanitizeHtml(html, {
    ...safeLinks,
    allowedTags: [
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
    ],
    allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener' }) },
  });
