// One concern: the messages a store without SMTP keeps (`mail_outbox`), for the owners to read, and to send
// again once the store has SMTP (each sent is taken out of the outbox).
import { count, desc, eq } from 'drizzle-orm';
import { OUTBOX_SHOWN } from '#/contract/outbox.ts';
import type { Outbox } from '#/contract/outbox.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { notFound, PlatformError } from '#/server/errors.ts';
import { mailDelivers } from './mailer.ts';
import type { Mailer } from './mailer.ts';

/** The kept messages, newest first, with their text as the person would read it. */
export async function listOutbox(db: Db, mailer: Mailer): Promise<Outbox> {
  const [rows, [all]] = await Promise.all([
    db.select().from(t.mailOutbox).orderBy(desc(t.mailOutbox.id)).limit(OUTBOX_SHOWN),
    db.select({ n: count() }).from(t.mailOutbox),
  ]);
  return {
    envia: mailDelivers(mailer),
    total: all?.n ?? 0,
    mensagens: rows.map((r) => ({
      id: r.id,
      para: r.recipient,
      assunto: r.subject,
      em: r.createdAt.toISOString(),
      texto: plainText(r.message),
    })),
  };
}

/** Send kept message `id` now (the store has SMTP), then take it out of the outbox. */
export async function resendKept(db: Db, mailer: Mailer, id: number): Promise<void> {
  if (!mailDelivers(mailer) || !mailer.resend)
    throw new PlatformError(
      409,
      'mail_not_configured',
      'A loja ainda não envia e-mails (sem servidor SMTP): configure-o em Integrações para reenviar.',
    );
  const [row] = await db.select().from(t.mailOutbox).where(eq(t.mailOutbox.id, id));
  if (!row) throw notFound('Mensagem não encontrada na caixa de saída.');
  await mailer.resend(row.message, row.recipient);
  await db.delete(t.mailOutbox).where(eq(t.mailOutbox.id, id));
}

/**
 * The text/plain part of a message nodemailer wrote (headers, then parts between boundaries), its
 * quoted-printable or base64 decoded; the whole message when there is no such part.
 */
export function plainText(raw: string): string {
  const part = /(Content-Type: text\/plain[^\n]*\n(?:[^\n]+\n)*?)\n([\s\S]*?)(?:\n--[^\n]+|$)/i.exec(raw);
  if (!part) return raw.slice(0, 20_000);
  const [, headers = '', body = ''] = part;
  if (/Content-Transfer-Encoding:\s*base64/i.test(headers))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/Content-Transfer-Encoding:\s*quoted-printable/i.test(headers))
    return body
      .replace(/=\r?\n/g, '')
      .replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replaceAll('=', ''), 'hex').toString('utf8'));
  return body;
}
