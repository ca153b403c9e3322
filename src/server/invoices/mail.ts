// One concern: the e-mail that gives the buyer their authorised NF-e.
import { eq } from 'drizzle-orm';
import { firstName } from '#/server/accounts/customers.ts';
import { loadSettings } from '#/server/content/settings.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { postMail } from '#/server/mail/mailer.ts';
import type { Mailer } from '#/server/mail/mailer.ts';

/** Tell the buyer their NF-e was authorised, with its number, key and where to download it (once: invoices/). */
export async function notifyInvoice(
  db: Db,
  mailer: Mailer,
  origin: string,
  number: number,
  nota: { numero: string; serie: string; chave: string; danfe: string; xml: string },
) {
  const [row] = await db
    .select({ email: t.customers.email, name: t.customers.name })
    .from(t.orders)
    .innerJoin(t.customers, eq(t.customers.id, t.orders.customerId))
    .where(eq(t.orders.number, number));
  if (!row) return;
  const { nomeLoja } = await loadSettings(db);
  const numero = String(number);
  await postMail(mailer, db, {
    orderNumber: Number(numero),
    kind: 'pedido-nota-fiscal',
    to: row.email,
    subject: `Pedido ${numero}: sua nota fiscal (NF-e ${nota.numero})`,
    text: [
      `Olá, ${firstName(row.name)}!`,
      '',
      `A nota fiscal do seu pedido ${numero} na ${nomeLoja} foi autorizada pela SEFAZ.`,
      '',
      `NF-e ${nota.numero}, série ${nota.serie}`,
      `Chave de acesso: ${nota.chave.replace(/(\d{4})(?=\d)/g, '$1 ')}`,
      '',
      ...(nota.danfe ? [`DANFE (PDF): ${nota.danfe}`] : []),
      `XML: ${nota.xml}`,
      '',
      `O pedido: ${origin}/minha-conta/pedidos/${numero}`,
    ].join('\n'),
  });
}
