import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { errorCode } from '#/server/db/health.ts';

/** One message to one shopper: plain text always, HTML when there is a richer version. */
export type Mail = { to: string; subject: string; text: string; html?: string | undefined };

/** What the platform sends e-mail through; `sent` resolves once the message left (or was kept). */
export type Mailer = { send: (mail: Mail) => Promise<void> };

export type MailerOptions = {
  /** `smtp://user:pass@host:587` or `smtps://…`; unset = messages are written to `outboxDir`. */
  smtpUrl?: string | undefined;
  /** The sender, e.g. `Casa & Metais <loja@exemplo.com.br>`. */
  from: string;
  /** Where messages go when there is no SMTP server (a developer opens the `.eml` files). */
  outboxDir: string;
};

/**
 * E-mail through nodemailer: over SMTP when `smtpUrl` is set, else each message is written as an `.eml`
 * file to the outbox folder. Log lines name the subject and where it went, never the address or the
 * body (a recovery link in a log is a key to the account).
 */
export function createMailer({ smtpUrl, from, outboxDir }: MailerOptions): Mailer {
  if (smtpUrl) {
    const smtp = nodemailer.createTransport(smtpUrl, {
      from,
      connectionTimeout: 5000,
      greetingTimeout: 5000,
      socketTimeout: 10_000,
    });
    return {
      send: async (mail) => {
        await smtp.sendMail(mail);
        console.log(`[mail] "${mail.subject}" sent`);
      },
    };
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (mail) => {
      const { message } = await stream.sendMail({ from, ...mail });
      if (!Buffer.isBuffer(message)) throw new Error('the stream transport was asked for a buffer');
      await fs.mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outboxDir, `${stamp}-${randomBytes(3).toString('hex')}.eml`);
      await fs.writeFile(file, message, { mode: 0o600 });
      console.log(`[mail] "${mail.subject}" kept in ${file} (SMTP_URL is not set)`);
    },
  };
}

/** A mailer that keeps what it is given (tests read the messages). */
export function memoryMailer(): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return {
    sent,
    send: (mail) => {
      sent.push(mail);
      return Promise.resolve();
    },
  };
}

/**
 * Send without making the shopper wait or learn anything from the timing (whether an account exists):
 * the answer goes out at once, a failure is logged by its code and nothing else.
 */
export function sendInBackground(mailer: Mailer, mail: Mail): void {
  mailer.send(mail).catch((error: unknown) => {
    console.error(`[mail] "${mail.subject}" not sent (${errorCode(error)})`);
  });
}
