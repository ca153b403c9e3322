// One concern: how a message names an order, written once for the inbox's SQL filter (inbox.ts) and the
// conversation's list of orders (conversations.ts): its order field, or "pedido 1001", "nº 1001", "#1001".
import type { Mensagem } from '#/contract/staff-inbox.ts';

/** What comes before an order number in a message's text (any case; PostgreSQL's and JavaScript's regex alike). */
const MENTION = String.raw`(?:pedido|n[º°o]\.?|#)\s*`;

/** The text names order `numero` (leading zeros allowed, no digit after): for `~*` in SQL. */
export const mentionOf = (numero: string): string => `${MENTION}0*${numero}(?![0-9])`;

/** Order numbers a message names: its order field, then the numbers its text names (at most 10). */
export function namedOrders(message: Pick<Mensagem, 'texto' | 'detalhes'>): number[] {
  const found = new Set<number>();
  const field = message.detalhes.find((d) => d.campo === 'Pedido')?.valor.replace(/\D/g, '') ?? '';
  if (/^\d{1,9}$/.test(field)) found.add(Number(field));
  for (const m of message.texto.matchAll(new RegExp(`${MENTION}(\\d{1,9})(?![0-9])`, 'gi')))
    found.add(Number(m[1]));
  return [...found].filter((n) => n > 0).slice(0, 10);
}
