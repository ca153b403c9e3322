// One concern: what a shopper is told of an e-mail the store "sent" them: only that it was sent when the store
// sends e-mail (SMTP); otherwise that it did not leave the store, and how to reach the store instead.
import { mailDelivers } from './mailer.ts';
import type { Mailer } from './mailer.ts';

/** Said in place of a message that promised an e-mail, while the store keeps its e-mail unsent. */
export const MAIL_NOT_SENT =
  'Atenção: esta loja ainda não envia e-mails, então a mensagem não chega até você. Fale com a loja pelos contatos no rodapé do site.';

/** `sent` when the store's e-mail reaches people; else `kept` (what holds without it) and {@link MAIL_NOT_SENT}. */
export const shopperMailSaid = (mailer: Mailer, sent: string, kept: string): string =>
  mailDelivers(mailer) ? sent : `${kept} ${MAIL_NOT_SENT}`;
