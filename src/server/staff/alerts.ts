// One concern: what the owners must hear at once about an order (a refund refused or stuck): an e-mail to
// every active owner; the panel shows the same alerts on its home and on the order (staff/orders.ts).
import { and, eq } from 'drizzle-orm';
import { loadSettings } from '#/server/content/settings.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { postMail } from '#/server/mail/mailer.ts';
import type { Mailer } from '#/server/mail/mailer.ts';

/** Every active owner's address. */
export async function ownerAddresses(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: t.staffMembers.email })
    .from(t.staffMembers)
    .where(and(eq(t.staffMembers.role, 'dono'), eq(t.staffMembers.active, true)));
  return rows.map((r) => r.email);
}

/** E-mail every active owner that order `number` needs them: `what` says why, in a sentence. */
export async function alertOwners(
  deps: { db: Db; mailer: Mailer; origin: string },
  number: number,
  what: string,
): Promise<void> {
  const owners = await deps.db
    .select({ email: t.staffMembers.email, name: t.staffMembers.name })
    .from(t.staffMembers)
    .where(and(eq(t.staffMembers.role, 'dono'), eq(t.staffMembers.active, true)));
  if (owners.length === 0) {
    console.error(`[alerts] order ${String(number)} needs an owner, and the store has none to tell`);
    return;
  }
  const { nomeLoja } = await loadSettings(deps.db);
  const numero = String(number);
  for (const owner of owners)
    await postMail(deps.mailer, deps.db, {
      orderNumber: Number(numero),
      kind: 'equipe-alerta',
      to: owner.email,
      subject: `${nomeLoja}: o pedido ${numero} precisa da equipe`,
      text: [
        `Olá, ${owner.name.split(' ')[0] ?? ''}!`,
        '',
        `No pedido ${numero}, ${what}`,
        '',
        `Abra o pedido no painel: ${deps.origin}/painel/pedidos/${numero}`,
      ].join('\n'),
    });
}
