// One concern: the one reminder of a cart left with items, sent only to a logged-in customer who consented to
// offers (LGPD art. 7, I), with a one-click way out (RFC 8058) that needs no login.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '#/server/db/client.ts';
import { queryRows } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { firstName } from '#/server/accounts/customers.ts';
import { loadSettings } from '#/server/content/settings.ts';
import { postMail } from '#/server/mail/mailer.ts';
import type { Mailer } from '#/server/mail/mailer.ts';
import { cartReminderHours } from '#/server/staff/store-config.ts';
import { formatBRL } from '#/lib/money.ts';

/** A cart older than this is not worth a reminder any more. */
const TOO_OLD_DAYS = 7;

const mac = (key: string, customerId: number) =>
  createHmac('sha256', key)
    .update(`descadastrar:${String(customerId)}`)
    .digest('base64url')
    .slice(0, 32);

/** The token of a customer's way out of offers: their id and a signature only the store can make. */
export const optOutToken = (key: string, customerId: number) =>
  `${String(customerId)}.${mac(key, customerId)}`;

/** The customer a way-out token names, or undefined when it is not one the store made. */
export function customerOfToken(key: string, token: string): number | undefined {
  const m = /^(\d{1,9})\.([\w-]{32})$/.exec(token);
  if (!m) return undefined;
  const id = Number(m[1]);
  const expected = Buffer.from(mac(key, id));
  const given = Buffer.from(m[2] ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
}

/** Stop offers to a customer (their consent withdrawn); answers whether one was on. */
export async function withdrawConsent(db: Db, customerId: number): Promise<boolean> {
  const changed = await db
    .update(t.customers)
    .set({ optin: false })
    .where(sql`${t.customers.id} = ${customerId} and ${t.customers.optin}`)
    .returning({ id: t.customers.id });
  return changed.length > 0;
}

/**
 * E-mail each consenting customer whose cart has waited past the owner's hours (Configurações), once per cart;
 * nobody when the owner set none. Each cart is claimed in one UPDATE, so two instances remind once.
 * Answers how many were reminded.
 */
export async function remindAbandonedCarts(deps: {
  db: Db;
  mailer: Mailer;
  origin: string;
  key: () => Promise<string>;
}): Promise<number> {
  const hours = await cartReminderHours(deps.db);
  if (hours === null) return 0;
  const due = await queryRows<{ session_id: string; customer_id: number; email: string; name: string }>(
    deps.db,
    sql`UPDATE ${t.cartsStarted} cs SET reminded_at = now()
      FROM ${t.sessions} s JOIN ${t.customers} c ON c.id = s.customer_id
      WHERE cs.session_id = s.id AND cs.ordered_at IS NULL AND cs.reminded_at IS NULL AND c.optin
        AND cs.started_at < now() - make_interval(hours => ${hours})
        AND cs.started_at > now() - make_interval(days => ${TOO_OLD_DAYS})
        AND EXISTS (SELECT 1 FROM ${t.cartItems} ci WHERE ci.session_id = cs.session_id)
      RETURNING cs.session_id, c.id AS customer_id, c.email, c.name`,
  );
  if (due.length === 0) return 0;
  const [{ nomeLoja }, key] = await Promise.all([loadSettings(deps.db), deps.key()]);
  for (const cart of due) {
    const items = await deps.db
      .select({
        name: t.products.name,
        finish: t.variants.finishLabel,
        quantity: t.cartItems.quantity,
        price: t.variants.price,
      })
      .from(t.cartItems)
      .innerJoin(t.variants, eq(t.variants.id, t.cartItems.variantId))
      .innerJoin(t.products, eq(t.products.id, t.cartItems.productId))
      .where(eq(t.cartItems.sessionId, cart.session_id));
    const out = `${deps.origin}/descadastrar?t=${optOutToken(key, cart.customer_id)}`;
    const oneClick = `${deps.origin}/api/unsubscribe?t=${optOutToken(key, cart.customer_id)}`;
    await postMail(deps.mailer, deps.db, {
      kind: 'carrinho-lembrete',
      to: cart.email,
      subject: `Seus produtos ainda estão no carrinho da ${nomeLoja}`,
      text: [
        `Olá, ${firstName(cart.name)}!`,
        '',
        'Você deixou estes produtos no carrinho:',
        '',
        ...items.map((i) => `• ${String(i.quantity)} × ${i.name} – ${i.finish} – ${formatBRL(i.price)}`),
        '',
        'Os preços e o estoque podem mudar; o carrinho guarda os produtos, não os preços.',
        '',
        `Ver o carrinho: ${deps.origin}/checkout/carrinho/`,
        '',
        `Você recebe este e-mail porque aceitou receber ofertas da ${nomeLoja}. Para não receber mais: ${out}`,
      ].join('\n'),
      headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
  }
  return due.length;
}
