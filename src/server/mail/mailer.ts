import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Db } from '#/server/db/client.ts';
import { errorCode } from '#/server/db/health.ts';
import * as t from '#/server/db/schema.ts';
import { htmlOf, senderAddress, senderName } from './html.ts';

/**
 * A message, and what kind of message it is (`codigo-cadastro`, `pedido-enviado`…): the log names the kind,
 * never the subject, which may carry a code or a link (a sign-up code in a log line is a key to the account).
 */
export type Mail = {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  /** Extra headers (a marketing message's `List-Unsubscribe` and `List-Unsubscribe-Post`, RFC 8058). */
  headers?: Record<string, string> | undefined;
  /** The order the message is about: the order's page in the panel lists it with where it is. */
  orderNumber?: number | undefined;
  /**
   * A name for this message that no other message has (`pedido-expirado:1234`): a second post with the same
   * key is the same message, written once (jobs/mail.ts). Without it, each post is a message of its own.
   */
  key?: string | undefined;
  /** The `Message-ID` (`<id@domain>`): the same on every try, so a retry is the same message to a mail app. */
  messageId?: string | undefined;
};

/**
 * What the platform sends e-mail through; `send` resolves once the message left (or was kept). `delivers` is
 * false when messages are only kept (no SMTP): then no message may say a person "foi avisado" (see
 * `mailDelivers`). `resend` sends a kept message again, once the store has SMTP.
 */
export type Mailer = {
  send: (mail: Mail) => Promise<void>;
  readonly delivers?: boolean;
  resend?: (raw: string, to: string) => Promise<void>;
  /** "Testar conexão": connect, greet and log in to the SMTP server, sending nothing. */
  verify?: () => Promise<void>;
  /**
   * Write `mail` to be sent, through `db` (the transaction of the change it tells of): the durable queue
   * (jobs/mail.ts) sends it once the change commits, retrying while the mail server fails. A mailer without
   * it (tests' own transports) sends in the background.
   */
  post?: (db: Db, mail: Mail) => Promise<void>;
};

/** Whether what this mailer is given reaches people (SMTP); a mailer that does not say is taken to. */
export const mailDelivers = (mailer: Mailer): boolean => mailer.delivers !== false;

export type MailerOptions = {
  /** `smtp://user:pass@host:587` or `smtps://…`; unset = messages are kept in the `mail_outbox` table. */
  smtpUrl?: string | undefined;
  /**
   * The sender, e.g. `Loja <loja@exemplo.com.br>` (MAIL_FROM). Given as an address alone, the name the
   * shopper reads is the store's as its settings give it when the message leaves (`storeName`).
   */
  from: string;
  /** The store's name now (its settings): the title on top of every message, and the sender's name. */
  storeName?: (() => Promise<string>) | undefined;
  /** The platform's database, where the outbox table is (needed when `smtpUrl` is unset). */
  db?: Db | undefined;
  /** Also write each kept message as an `.eml` file here (a developer opens them; the e2e reads them). */
  outboxDir?: string | undefined;
};

/**
 * E-mail through nodemailer: over SMTP when `smtpUrl` is set, else each whole message is kept in the
 * `mail_outbox` table (shared by every instance) and, when `outboxDir` is set, as an `.eml` file too.
 * Log lines name the message's kind and where it went, never the address, the subject or the body (a
 * recovery link or a code in a log is a key to the account).
 */
export function createMailer({ smtpUrl, from, db, outboxDir, storeName }: MailerOptions): Mailer {
  const address = senderAddress(from);
  const named = from.includes('<');
  /** Who the message is from and the name on top of it: the settings' name, unless MAIL_FROM names one. */
  const identity = async () => {
    const name = (await storeName?.().catch(() => undefined)) ?? (named ? senderName(from) : address);
    return { sender: named ? from : { name, address }, name };
  };
  // Every message leaves with an HTML part written from its text (mail/html.ts), unless it brings its own.
  const withHtml = async ({ kind: _kind, orderNumber: _order, key: _key, ...mail }: Mail) => {
    const { sender, name } = await identity();
    return { ...mail, from: sender, html: mail.html ?? htmlOf(mail.subject, mail.text, name) };
  };
  if (smtpUrl) {
    const smtp = nodemailer.createTransport(smtpUrl, {
      from,
      connectionTimeout: 5000,
      greetingTimeout: 5000,
      socketTimeout: 10_000,
    });
    return {
      delivers: true,
      verify: async () => {
        await smtp.verify();
      },
      send: async (mail) => {
        await smtp.sendMail(await withHtml(mail));
        console.log(`[mail] ${mail.kind} sent`);
      },
      // A message kept before the store had SMTP, sent as it was written (its headers, date and parts).
      resend: async (raw, to) => {
        await smtp.sendMail({ envelope: { from: address, to }, raw });
        console.log('[mail] kept message sent again');
      },
    };
  }
  if (!db) throw new Error('without SMTP_URL the mailer keeps e-mail in the database: pass it');
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    delivers: false,
    send: async (mail) => {
      const { message } = await stream.sendMail(await withHtml(mail));
      if (!Buffer.isBuffer(message)) throw new Error('the stream transport was asked for a buffer');
      const [kept] = await db
        .insert(t.mailOutbox)
        .values({ recipient: mail.to, subject: mail.subject, message: message.toString('utf8') })
        .returning({ id: t.mailOutbox.id });
      let where = `the outbox table (id ${String(kept?.id)})`;
      if (outboxDir) {
        await fs.mkdir(outboxDir, { recursive: true });
        const stamp = new Date().toISOString().replace(/[:.]/g, '-');
        const file = path.join(outboxDir, `${stamp}-${randomBytes(3).toString('hex')}.eml`);
        await fs.writeFile(file, message, { mode: 0o600 });
        where += ` and ${file}`;
      }
      console.log(`[mail] ${mail.kind} kept in ${where} (no SMTP set)`);
    },
  };
}

/** A mailer that keeps what it is given (tests read the messages). */
export function memoryMailer(delivers = true): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return {
    sent,
    delivers,
    send: (mail) => {
      sent.push(mail);
      return Promise.resolve();
    },
  };
}

/**
 * Hand `mail` to the store's e-mail through `db`: with the durable queue, written in `db`'s transaction and
 * sent once it commits; else (a bare transport) sent in the background.
 */
export async function postMail(mailer: Mailer, db: Db, mail: Mail): Promise<void> {
  if (mailer.post) await mailer.post(db, mail);
  else sendInBackground(mailer, mail);
}

/**
 * {@link postMail} without making the shopper wait or learn anything from the timing (whether an account
 * exists): a failure to write the message is logged by its code.
 */
export function postInBackground(mailer: Mailer, db: Db, mail: Mail): void {
  postMail(mailer, db, mail).catch((error: unknown) => {
    console.error(`[mail] ${mail.kind} not queued (${errorCode(error)})`);
  });
}

/**
 * Send without making the shopper wait or learn anything from the timing (whether an account exists):
 * the answer goes out at once, a failure is logged by its code and nothing else.
 */
export function sendInBackground(mailer: Mailer, mail: Mail): void {
  mailer.send(mail).catch((error: unknown) => {
    console.error(`[mail] ${mail.kind} not sent (${errorCode(error)})`);
  });
}
