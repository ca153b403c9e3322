import { useEffect, useState } from 'react';
import { htmlToText, MESSAGE_TAGS } from '#/lib/html-rules.ts';

/**
 * HTML from the platform (cart messages) through DOMPurify, loaded only when such HTML arrives; the
 * text alone shows until it has loaded.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const [clean, setClean] = useState<string | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void import('dompurify').then(({ default: purify }) => {
      if (live)
        setClean(
          purify.sanitize(html, {
            ALLOWED_TAGS: MESSAGE_TAGS,
            ALLOWED_ATTR: ['href'],
            ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|\/)/i,
          }),
        );
    });
    return () => {
      live = false;
    };
  }, [html]);
  if (clean === undefined) return <span className={className}>{htmlToText(html)}</span>;
  return <span className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
