// One concern: e-mail as durable jobs. A message is a `mail_messages` row and a queue job written in the
// transaction of the change it tells of; a worker sends it, retrying with backoff while the mail server
// fails; a message that still fails after its tries is marked `falhou`, listed in the panel ("Envios com
// falha") and the owners are told once a day. The row's id is the message's Message-ID on every try.
import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { inTransaction, isTransaction } from '#/server/db/client.ts';
import type { Db } from '#/server/db/client.ts';
import { errorCode } from '#/server/db/health.ts';
import * as t from '#/server/db/schema.ts';
import { PlatformError, notFound } from '#/server/errors.ts';
import { mailDelivers } from '#/server/mail/mailer.ts';
import type { Mail, Mailer } from '#/server/mail/mailer.ts';
import { inSameTransaction } from './boss.ts';

export const MAIL_QUEUE = 'email';
/** Where a message goes once its tries are spent (pg-boss's dead letter queue). */
export const MAIL_FAILED_QUEUE = 'email-com-falha';
/** The owners' notice that messages failed: at most one a day, and its own failure tells no one. */
export const FAILURE_ALERT_KIND = 'equipe-envios-com-falha';

export type MailRetry = {
  /** Tries after the first (MAIL_RETRY_LIMIT). */
  limit: number;
  /** Seconds before the first retry, doubled each time up to an hour (MAIL_RETRY_DELAY_SECONDS). */
  delaySeconds: number;
};

/** About two hours of tries: 30 s, 1, 2, 4, 8, 16, 32 min, then hourly. */
export const DEFAULT_MAIL_RETRY: MailRetry = { limit: 10, delaySeconds: 30 };

type Job = { message: string };

/** A message id (a UUID) from a key: the same key is always the same message. */
export function messageIdOf(key: string): string {
  const hex = createHash('sha256').update(`mensagem:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The failure in words for the team: the SMTP server's answer when it gave one, else the connection's code. */
export function describeFailure(error: unknown): string {
  const e = error as { responseCode?: number; response?: string; code?: string };
  if (typeof e.responseCode === 'number' && e.response)
    return `O servidor de e-mail recusou (${String(e.responseCode)}): ${e.response.slice(0, 300)}`;
  const code = errorCode(error);
  if (code === 'ECONNREFUSED' || code === 'ESOCKET' || code === 'ECONNECTION')
    return 'O servidor de e-mail não atendeu (conexão recusada).';
  if (code === 'ETIMEDOUT' || code === 'ETIMEDOUT_CONN') return 'O servidor de e-mail não respondeu a tempo.';
  if (code === 'EAUTH') return 'O servidor de e-mail recusou o usuário ou a senha.';
  if (code === 'EENVELOPE') return 'O endereço do destinatário foi recusado.';
  return `Falha ao enviar (${code}).`;
}

export type MailQueue = {
  /** Write `mail` in `db`'s transaction; sent once the transaction commits. */
  post: (db: Db, mail: Mail) => Promise<void>;
  /** Send a failed message again ("Reenviar"): back in the queue with its tries renewed. */
  resend: (id: string) => Promise<void>;
};

/**
 * The mail queue on `boss`: `post` writes messages; with `work`, this process also sends them through
 * `transport` (the SMTP server in force, or the outbox table when the store has none).
 */
export async function startMailQueue(
  boss: PgBoss,
  deps: {
    db: Db;
    transport: Mailer;
    /** The domain of Message-IDs (the store's address, SITE_URL). */
    domain: string;
    retry: MailRetry;
    work: boolean;
    /** The owners' addresses, for the notice that messages failed. */
    owners: () => Promise<string[]>;
    origin: string;
  },
): Promise<MailQueue> {
  const { db, transport, retry } = deps;
  await boss.createQueue(MAIL_FAILED_QUEUE, {
    retryLimit: 5,
    retryDelay: 10,
    deleteAfterSeconds: 7 * 86_400,
  });
  const policy = {
    retryLimit: retry.limit,
    retryDelay: retry.delaySeconds,
    retryBackoff: true,
    retryDelayMax: 3600,
    // A send takes seconds (mailer timeouts: 5 + 5 + 10 s); a process killed mid-job stops its heartbeat.
    expireInSeconds: 120,
    heartbeatSeconds: 10,
    deadLetter: MAIL_FAILED_QUEUE,
    deleteAfterSeconds: 7 * 86_400,
    // No NOTIFY per job: it serialises every commit that writes one (the notify queue's lock), which
    // placing an order felt (bench: p95 +40 %); the worker polls every second instead.
    notify: false,
  };
  await boss.createQueue(MAIL_QUEUE, policy);
  await boss.updateQueue(MAIL_QUEUE, policy);

  // The row and its job in one transaction: the caller's, or one of their own when the caller has none, so a
  // message is never left "na fila" with no job to send it.
  const post = (db: Db, mail: Mail) =>
    isTransaction(db) ? write(db, mail) : inTransaction(db, (tx) => write(tx, mail));
  const write = async (tx: Db, mail: Mail) => {
    const id = mail.key ? messageIdOf(mail.key) : randomUUID();
    const written = await tx
      .insert(t.mailMessages)
      .values({
        id,
        kind: mail.kind,
        recipient: mail.to,
        subject: mail.subject,
        body: { text: mail.text, html: mail.html, headers: mail.headers },
        orderNumber: mail.orderNumber,
      })
      .onConflictDoNothing()
      .returning({ id: t.mailMessages.id });
    // The same key posted again is the message already written: nothing more to send.
    if (written.length === 0) return;
    await boss.send(MAIL_QUEUE, { message: id } satisfies Job, { db: inSameTransaction(tx) });
  };

  const deliver = async (id: string) => {
    const [row] = await db.select().from(t.mailMessages).where(eq(t.mailMessages.id, id));
    // Gone (purged) or already sent by an earlier try whose completion was lost: nothing to do.
    if (!row || row.state === 'enviado' || row.state === 'guardado') return;
    try {
      await transport.send({
        kind: row.kind,
        to: row.recipient,
        subject: row.subject,
        text: row.body.text,
        html: row.body.html,
        headers: row.body.headers,
        messageId: `<${row.id}@${deps.domain}>`,
      });
    } catch (error) {
      await db
        .update(t.mailMessages)
        .set({ attempts: row.attempts + 1, lastError: describeFailure(error) })
        .where(eq(t.mailMessages.id, id));
      console.error(`[mail] ${row.kind} not sent (${errorCode(error)}); the queue tries again`);
      throw error;
    }
    await db
      .update(t.mailMessages)
      .set({
        state: mailDelivers(transport) ? 'enviado' : 'guardado',
        attempts: row.attempts + 1,
        sentAt: new Date(),
        lastError: null,
        // Gone with it: a sign-up code or a password link is not kept once it left (a kept message is in the
        // outbox table, as the owners read it).
        body: { text: '' },
      })
      .where(eq(t.mailMessages.id, id));
  };

  const giveUp = (id: string) =>
    inTransaction(db, async (tx) => {
      const [row] = await tx
        .update(t.mailMessages)
        .set({ state: 'falhou', failedAt: new Date() })
        .where(and(eq(t.mailMessages.id, id), eq(t.mailMessages.state, 'fila')))
        .returning();
      if (!row) return;
      console.error(`[mail] ${row.kind} failed for good: listed in /painel/envios`);
      if (row.kind === FAILURE_ALERT_KIND) return;
      const day = new Date().toISOString().slice(0, 10);
      for (const owner of await deps.owners())
        await write(tx, {
          kind: FAILURE_ALERT_KIND,
          key: `envios-com-falha:${day}:${owner}`,
          to: owner,
          subject: 'Mensagens da loja não foram enviadas',
          text: [
            'Olá!',
            '',
            'Uma ou mais mensagens da loja não saíram depois de várias tentativas.',
            `A última: "${row.subject}", para ${row.recipient}.`,
            `Motivo: ${row.lastError ?? 'desconhecido'}`,
            '',
            `Veja o que falhou e reenvie em ${deps.origin}/painel/envios`,
            '',
            'Este aviso vem no máximo uma vez por dia.',
          ].join('\n'),
        });
    });

  if (deps.work) {
    // Up to five at a time, each settled on its own (one refused message does not retry the others); while
    // batches come back full the worker fetches again at once, else every second.
    await boss.work<Job>(
      MAIL_QUEUE,
      {
        pollingIntervalSeconds: 1,
        batchSize: 5,
        burstWhenBatchFull: true,
        perJobResults: true,
      },
      (jobs) =>
        Promise.all(
          jobs.map((job) =>
            deliver(job.data.message).then(
              () => ({ id: job.id, status: 'completed' as const }),
              (error: unknown) => ({
                id: job.id,
                status: 'failed' as const,
                output: { motivo: errorCode(error) },
              }),
            ),
          ),
        ),
    );
    await boss.work<Job>(MAIL_FAILED_QUEUE, { pollingIntervalSeconds: 2 }, async (jobs) => {
      for (const job of jobs) await giveUp(job.data.message);
    });
  }

  return {
    post,
    resend: (id) =>
      inTransaction(db, async (tx) => {
        const [row] = await tx
          .update(t.mailMessages)
          .set({ state: 'fila', attempts: 0, failedAt: null })
          .where(and(eq(t.mailMessages.id, id), eq(t.mailMessages.state, 'falhou')))
          .returning({ id: t.mailMessages.id });
        if (!row) {
          const [exists] = await tx
            .select({ state: t.mailMessages.state })
            .from(t.mailMessages)
            .where(eq(t.mailMessages.id, id));
          if (!exists) throw notFound('Mensagem não encontrada.');
          throw new PlatformError(409, 'not_failed', 'Esta mensagem não está com falha: nada a reenviar.');
        }
        await boss.send(MAIL_QUEUE, { message: id } satisfies Job, { db: inSameTransaction(tx) });
      }),
  };
}
