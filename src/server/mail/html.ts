// One concern: the HTML part every e-mail carries beside its text: the same words, with the store's name on
// top, lists as lists, codes that wrap, and each "Do this: https://…" line as a button. Written from the
// text, so the two parts never say different things.
import { escapeHtml } from '#/lib/escape-html.ts';

const BRAND = '#0b4f8a';
const ACCENT = '#c2410c';
const URL_RE = /https?:\/\/[^\s<>"]+/g;

/** The display name of a sender (`Loja <loja@…>` → `Loja`), or the address. */
/** `Loja <loja@exemplo.com.br>` → `loja@exemplo.com.br` (the envelope's sender). */
export const senderAddress = (from: string): string => (/<([^>]+)>/.exec(from)?.[1] ?? from).trim();
export const senderName = (from: string): string => (/^\s*"?([^"<]+?)"?\s*</.exec(from)?.[1] ?? from).trim();

/** A line's words with its addresses as links. */
const linked = (line: string) =>
  escapeHtml(line).replace(URL_RE, (url) => `<a href="${url}" style="color:${BRAND}">${url}</a>`);

/** "Acompanhe: https://…": a line that only leads somewhere, drawn as a button. */
const BUTTON = /^([^:]{2,60}):\s*(https?:\/\/\S+)$/;
/** A line with a long unbroken run (a Pix copia e cola, a boleto's line): a code that must wrap on a phone. */
const CODE = /\S{25,}/;

function block(lines: string[]): string {
  if (lines.every((l) => l.startsWith('• ')))
    return `<ul style="margin:0 0 16px;padding-left:20px">${lines
      .map((l) => `<li style="margin:0 0 4px">${linked(l.slice(2))}</li>`)
      .join('')}</ul>`;
  return lines
    .map((line) => {
      const button = BUTTON.exec(line);
      if (button)
        return `<p style="margin:0 0 16px"><a href="${escapeHtml(button[2] ?? '')}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:${ACCENT};color:#fff;font-weight:700;text-decoration:none">${escapeHtml(button[1] ?? '')}</a></p>`;
      if (CODE.test(line) && !/https?:\/\//.test(line))
        return `<p style="margin:0 0 16px;padding:12px;background:#f4f6f9;border-radius:8px;font-family:monospace;font-size:14px;word-break:break-all">${escapeHtml(line)}</p>`;
      return `<p style="margin:0 0 8px">${linked(line)}</p>`;
    })
    .join('');
}

/** The HTML part of a message written as `text` by `brand`: readable in the common mail apps at 360 px. */
export function htmlOf(subject: string, text: string, brand: string): string {
  const blocks: string[][] = [];
  let current: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    if (line.trim() === '') {
      if (current.length > 0) blocks.push(current);
      current = [];
    } else current.push(line.trim());
  }
  if (current.length > 0) blocks.push(current);
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f6f9">
<div style="max-width:600px;margin:0 auto;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2937">
<p style="margin:0 0 16px;font-size:20px;font-weight:700;color:${BRAND}">${escapeHtml(brand)}</p>
<div style="padding:20px;background:#fff;border-radius:8px;overflow-wrap:anywhere">${blocks.map(block).join('')}</div>
</div>
</body></html>`;
}
