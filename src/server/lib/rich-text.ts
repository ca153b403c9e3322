// One concern: rich text the team saves (a product's description, an institutional page) keeps only what
// contract/rich-text.ts allows; scripts, styles, event attributes and other links' schemes are dropped.
import sanitizeHtml from 'sanitize-html';
import { LINK_SCHEMES, RICH_ATTRIBUTES, RICH_TAGS } from '#/contract/rich-text.ts';

export const cleanRichText = (html: string): string =>
  sanitizeHtml(html, {
    allowedTags: RICH_TAGS,
    allowedAttributes: RICH_ATTRIBUTES,
    allowedSchemes: LINK_SCHEMES,
    allowProtocolRelative: false,
  }).trim();
