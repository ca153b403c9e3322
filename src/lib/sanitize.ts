import sanitizeHtml from 'sanitize-html';
import { LINK_SCHEMES, RICH_ATTRIBUTES, RICH_TAGS } from '#/contract/rich-text.ts';
import { INLINE_TAGS } from './html-rules.ts';

/** HTML from the platform (labels, descriptions) reaches `set:html` only through these two filters. */

const safeLinks: sanitizeHtml.IOptions = {
  allowedSchemes: LINK_SCHEMES,
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
    allowedTags: RICH_TAGS,
    allowedAttributes: RICH_ATTRIBUTES,
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener' }) },
  });
