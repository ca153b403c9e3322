/**
 * What HTML from the platform may keep, decided once for both sanitisers: sanitize-html on the server
 * (lib/sanitize.ts) and DOMPurify in islands (islands/shared/SafeHtml.tsx). No sanitiser is imported here,
 * so islands can use it without shipping one.
 */

/** Inline formatting: one-line labels (the promotional bar) and short messages. */
export const INLINE_TAGS = ['b', 'strong', 'em', 'i', 'u', 'span', 'br', 'small'];

/** Messages and popups may also link somewhere (http, https, mailto, tel only). */
export const MESSAGE_TAGS = [...INLINE_TAGS, 'a'];

/** The text of a piece of HTML, for places that show text only (a notice, the moment before a sanitiser loads). */
export const htmlToText = (html: string): string => html.replace(/<[^>]*>/g, '');
