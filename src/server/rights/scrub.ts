// One concern: a person's identifiers taken out of free text the store keeps after their account is deleted
// (the reason they gave to withdraw, the team's notes on their orders, what the team wrote settling a refund):
// their name and each part of it, e-mail, CPF or CNPJ and phone, however they were typed.

/** Who to take out: the values the account had. */
export type Person = { name: string; email: string; document: string; phone: string };

/** What stands where an identifier was. */
export const REMOVED = '[dado removido]';

/** Connectors of Portuguese names that are not identifiers on their own. */
const CONNECTORS = new Set(['da', 'de', 'do', 'das', 'dos', 'e']);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Not inside a longer word or number. */
const whole = (pattern: string) => `(?<![\\p{L}\\p{N}])${pattern}(?![\\p{L}\\p{N}])`;
/** Digits as people type them: with dots, dashes, slashes, spaces or brackets between any two. */
const digits = (value: string) => value.split('').map(escape).join('[\\s.()/-]*');

/** The patterns that find the person in a text, in the order to apply them. */
export function personPatterns(person: Person): RegExp[] {
  // The e-mail and the numbers first: a name part must not cut an e-mail address in two.
  const parts: string[] = [];
  if (person.email.trim()) parts.push(escape(person.email.trim()));
  const document = person.document.replace(/[^0-9A-Za-z]/g, '');
  if (document.length >= 11) parts.push(digits(document));
  const phone = person.phone.replace(/\D/g, '');
  if (phone.length >= 8) {
    // With its area code in brackets or not, and without it, as it is often written.
    parts.push(`\\(?${digits(phone)}`, digits(phone.slice(-9)), digits(phone.slice(-8)));
  }
  const name = person.name.trim().replace(/\s+/g, ' ');
  if (name) {
    parts.push(name.split(' ').map(escape).join('\\s+'));
    for (const word of name.split(' '))
      if (word.length >= 3 && !CONNECTORS.has(word.toLowerCase())) parts.push(escape(word));
  }
  return parts.map((p) => new RegExp(whole(p), 'giu'));
}

/** `text` with every identifier of the person replaced by {@link REMOVED}. */
export function scrub(text: string, patterns: RegExp[]): string {
  const out = patterns.reduce((text, pattern) => text.replace(pattern, REMOVED), text);
  // "[dado removido] [dado removido]" (a name taken out word by word) reads as one.
  return out.replace(/(\[dado removido\])(?:\s+\[dado removido\])+/g, '$1');
}

/** Whether `text` names the person at all. */
export const mentions = (text: string, patterns: RegExp[]): boolean =>
  patterns.some((pattern) => {
    pattern.lastIndex = 0;
    return pattern.test(text);
  });

/**
 * A kept e-mail (a whole MIME message) as text to search: quoted-printable soft breaks joined and its bytes
 * decoded, and base64 parts decoded, so a name split or encoded on the wire is still found.
 */
export function readableMessage(raw: string): string {
  const unfolded = raw
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replaceAll('=', ''), 'hex').toString('utf8'));
  const decoded = unfolded.replace(/(?:^[A-Za-z0-9+/=]{16,}\r?\n?)+/gm, (block) =>
    Buffer.from(block.replace(/\s+/g, ''), 'base64').toString('utf8'),
  );
  return `${unfolded}\n${decoded}`;
}
