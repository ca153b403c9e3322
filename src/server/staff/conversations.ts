// One concern: a message of the inbox as a conversation. The team replies from the panel: each reply is kept
// (who, when, what) and e-mailed from the store, signed by its author, through the durable mail queue, so
// the thread says where each e-mail is. The message is tied to the customer with its address and to the
// orders it names; ready answers start a reply.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { STATUS_LABELS } from '#/contract/order.ts';
import { READY_ANSWERS_MAX, fillReadyAnswer, readyAnswerFrom } from '#/contract/staff-conversations.ts';
import type {
  Conversa,
  ReadyAnswerInput,
  ReplyDelivery,
  RespostaPronta,
} from '#/contract/staff-conversations.ts';
import type { Mensagem } from '#/contract/staff-inbox.ts';
import { loadSettings } from '#/server/content/settings.ts';
import { inTransaction } from '#/server/db/client.ts';
import type { Db } from '#/server/db/client.ts';
import { errorCode } from '#/server/db/health.ts';
import * as t from '#/server/db/schema.ts';
import { messageIdOf } from '#/server/jobs/mail.ts';
import { postMail } from '#/server/mail/mailer.ts';
import type { Mailer } from '#/server/mail/mailer.ts';
import { PlatformError, badRequest, invalidFields, notFound } from '#/server/errors.ts';
import { toSituacao } from '#/server/orders/status.ts';
import { findMessage, markAnswered } from './inbox.ts';
import { namedOrders } from './order-mentions.ts';
import { actorNames } from './members.ts';

/** The key of reply `id`'s e-mail: its row in `mail_messages` is `messageIdOf(key)`. */
const replyKey = (id: number) => `resposta:${String(id)}`;

async function answerable(db: Db, id: string): Promise<Mensagem> {
  const mensagem = await findMessage(db, id);
  if (!mensagem) throw notFound('Mensagem não encontrada.');
  return mensagem;
}

/** Message `id` with its thread, its customer and the orders it names (a 404 when there is none). */
export async function conversation(db: Db, id: string): Promise<Conversa> {
  const mensagem = await answerable(db, id);
  const replies = await db
    .select()
    .from(t.messageReplies)
    .where(eq(t.messageReplies.messageId, id))
    .orderBy(asc(t.messageReplies.createdAt), asc(t.messageReplies.id));
  const mails = replies.length
    ? await db
        .select({ id: t.mailMessages.id, state: t.mailMessages.state })
        .from(t.mailMessages)
        .where(
          inArray(
            t.mailMessages.id,
            replies.map((r) => messageIdOf(replyKey(r.id))),
          ),
        )
    : [];
  const stateOf = new Map(mails.map((m) => [m.id, m.state]));
  const nameOf = await actorNames(
    db,
    replies.map((r) => r.author),
  );
  const [cliente] = mensagem.email
    ? await db
        .select({ id: t.customers.id, nome: t.customers.name })
        .from(t.customers)
        .where(sql`lower(${t.customers.email}) = ${mensagem.email.toLowerCase()}`)
        .limit(1)
    : [];
  const numbers = namedOrders(mensagem);
  const pedidos = numbers.length
    ? await db
        .select({ numero: t.orders.number, status: t.orders.status, email: t.customers.email })
        .from(t.orders)
        .innerJoin(t.customers, eq(t.customers.id, t.orders.customerId))
        .where(inArray(t.orders.number, numbers))
        .orderBy(asc(t.orders.number))
    : [];
  return {
    mensagem,
    respostas: replies.map((r) => ({
      id: r.id,
      por: nameOf(r.author),
      em: r.createdAt.toISOString(),
      para: r.recipient,
      texto: r.body,
      envio: stateOf.get(messageIdOf(replyKey(r.id))) ?? ('sem-registro' satisfies ReplyDelivery),
    })),
    respondivelPorEmail: mensagem.respondivel && mensagem.email !== '',
    ...(cliente ? { cliente } : {}),
    pedidos: pedidos.map((p) => ({
      numero: p.numero,
      situacao: STATUS_LABELS[toSituacao(p.status)],
      email: p.email,
    })),
  };
}

/**
 * Reply to message `id` as `actor`: the reply is kept and its e-mail written in one transaction (sent once it
 * commits, from the store, signed by the member, answering to the store's contact address), and the message
 * is marked answered. `salvarComo` also keeps the text as a ready answer under that name.
 */
export async function reply(
  deps: { db: Db; mailer: Mailer },
  id: string,
  input: { texto: string; salvarComo?: string | undefined },
  actor: string,
): Promise<{ id: number; para: string }> {
  return inTransaction(deps.db, async (tx) => {
    const mensagem = await answerable(tx, id);
    if (!mensagem.respondivel || !mensagem.email)
      throw badRequest(
        'Esta mensagem não tem e-mail para responder. Use o telefone ou o WhatsApp que ela traz.',
      );
    const [row] = await tx
      .insert(t.messageReplies)
      .values({ messageId: id, author: actor, recipient: mensagem.email, body: input.texto })
      .returning({ id: t.messageReplies.id });
    if (!row) throw new Error('the reply was not kept');
    // Refused (a name taken) before anything is posted: a platform without the queue sends at once.
    if (input.salvarComo)
      await saveReadyAnswer(
        tx,
        { titulo: input.salvarComo, texto: readyAnswerFrom(input.texto, mensagem.nome) },
        actor,
      );
    const { nomeLoja, emailContato } = await loadSettings(tx);
    // Signed by the member; a reply by the automation token is signed by the store alone.
    const author = actor.startsWith('equipe:') ? (await actorNames(tx, [actor]))(actor) : '';
    const quoted = mensagem.texto
      ? ['', `Em ${mensagem.recebidaEm.slice(0, 10).split('-').reverse().join('/')}, você escreveu:`].concat(
          mensagem.texto.split('\n').map((line) => `> ${line}`),
        )
      : [];
    await postMail(deps.mailer, tx, {
      kind: 'resposta-mensagem',
      key: replyKey(row.id),
      to: mensagem.email,
      // Answering this e-mail reaches the team's inbox, not the store's sending address.
      headers: emailContato.email ? { 'Reply-To': emailContato.email } : undefined,
      subject: `Re: ${mensagem.assunto}`,
      // `-- ` opens the signature, as mail programs read it.
      text: [input.texto, '', '-- ', ...(author ? [author] : []), nomeLoja, ...quoted].join('\n'),
    });
    await markAnswered(tx, id, true, actor);
    return { id: row.id, para: mensagem.email };
  });
}

/** The ready answers, by name; with `nome`, each filled for that person. */
export async function readyAnswers(db: Db): Promise<RespostaPronta[]> {
  const rows = await db.select().from(t.readyAnswers).orderBy(asc(t.readyAnswers.title));
  return rows.map((r) => ({ id: r.id, titulo: r.title, texto: r.body }));
}

/** One ready answer filled in for `nome` (a 404 when there is none). */
export async function readyAnswerFor(db: Db, id: number, nome: string): Promise<RespostaPronta> {
  const [row] = await db.select().from(t.readyAnswers).where(eq(t.readyAnswers.id, id));
  if (!row) throw notFound('Resposta pronta não encontrada.');
  return { id: row.id, titulo: row.title, texto: fillReadyAnswer(row.body, nome) };
}

const takenTitle = (error: unknown) =>
  errorCode(error) === '23505'
    ? invalidFields({ titulo: 'Já existe uma resposta pronta com esse nome.' })
    : error;

/** Keep a new ready answer (a name already taken, or one past the limit, is refused). */
export async function saveReadyAnswer(
  db: Db,
  input: ReadyAnswerInput,
  actor: string,
): Promise<RespostaPronta> {
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(t.readyAnswers);
  if ((count?.n ?? 0) >= READY_ANSWERS_MAX)
    throw new PlatformError(
      409,
      'ready_answers_full',
      `A loja já tem ${String(READY_ANSWERS_MAX)} respostas prontas: apague uma antes de guardar outra.`,
    );
  try {
    const [row] = await db
      .insert(t.readyAnswers)
      .values({ title: input.titulo, body: input.texto, createdBy: actor })
      .returning();
    if (!row) throw new Error('the ready answer was not kept');
    return { id: row.id, titulo: row.title, texto: row.body };
  } catch (error) {
    throw takenTitle(error);
  }
}

/** Rewrite ready answer `id`; answers what it was (for the activity). */
export async function updateReadyAnswer(
  db: Db,
  id: number,
  input: ReadyAnswerInput,
): Promise<{ before: RespostaPronta; after: RespostaPronta }> {
  const [row] = await db.select().from(t.readyAnswers).where(eq(t.readyAnswers.id, id)).for('update');
  if (!row) throw notFound('Resposta pronta não encontrada.');
  try {
    await db
      .update(t.readyAnswers)
      .set({ title: input.titulo, body: input.texto })
      .where(eq(t.readyAnswers.id, id));
  } catch (error) {
    throw takenTitle(error);
  }
  return {
    before: { id, titulo: row.title, texto: row.body },
    after: { id, titulo: input.titulo, texto: input.texto },
  };
}

/** Remove ready answer `id`; answers what it was. */
export async function removeReadyAnswer(db: Db, id: number): Promise<RespostaPronta> {
  const [row] = await db.delete(t.readyAnswers).where(eq(t.readyAnswers.id, id)).returning();
  if (!row) throw notFound('Resposta pronta não encontrada.');
  return { id: row.id, titulo: row.title, texto: row.body };
}
