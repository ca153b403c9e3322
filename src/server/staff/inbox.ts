// One concern: the team's inbox: contact messages, architect-programme sign-ups, store evaluations and newsletter
// sign-ups read as one list (newest first), marked answered by a member, and each new message e-mailed to the
// store's service address.
import { eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { formatPhone } from '#/contract/documents.ts';
import { INBOX_EXPORT_MAX, INBOX_KIND_LABELS, INBOX_PER_PAGE } from '#/contract/staff-inbox.ts';
import type { InboxKind, InboxList, InboxQuery, Mensagem, Waiting } from '#/contract/staff-inbox.ts';
import { loadSettings } from '#/server/content/settings.ts';
import { queryRows } from '#/server/db/client.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { notFound } from '#/server/errors.ts';
import { brasiliaDay } from '#/server/lib/dates.ts';
import { likeLiteral } from '#/server/lib/text.ts';
import { mentionOf } from './order-mentions.ts';
import { postMail } from '#/server/mail/mailer.ts';
import type { Mailer } from '#/server/mail/mailer.ts';
import { actorNames } from './members.ts';

/** Every source as one table: `id` names the row for the answered mark (`formulario-12`). */
const INBOX = sql`(
  SELECT 'formulario-' || id AS id, kind AS tipo, coalesce(data->>'nome', '') AS nome, email, data,
    coalesce(data->>'mensagem', '') AS texto, created_at, answered_at, answered_by, true AS respondivel
  FROM ${t.formSubmissions}
  UNION ALL
  SELECT 'avaliacao-' || id, 'avaliacao', '', '',
    jsonb_build_object('experiencia', experience, 'atendimento', service, 'satisfeito', satisfied,
      'publicar', may_publish),
    message, created_at, answered_at, answered_by, true
  FROM ${t.storeEvaluations}
  UNION ALL
  SELECT 'newsletter-' || email, 'newsletter', name, email, '{}'::jsonb, '', created_at,
    NULL::timestamptz, '', false
  FROM ${t.newsletterSubscribers}
) AS inbox`;

type Row = {
  id: string;
  tipo: string;
  nome: string;
  email: string;
  data: Record<string, unknown>;
  texto: string;
  created_at: string | Date;
  answered_at: string | Date | null;
  answered_by: string;
  respondivel: boolean;
  respostas: number | string;
};

/** A day's start in Brasília as the stored wall time (the columns hold UTC without a zone). */
const dayStart = (day: string, plusDays = 0) => brasiliaDay(day, plusDays).toISOString().replace('Z', '');

function whereOf(query: Omit<InboxQuery, 'pagina'>): SQL {
  const parts: SQL[] = [sql`true`];
  if (query.tipo) parts.push(sql`tipo = ${query.tipo}`);
  if (query.situacao === 'a-responder') parts.push(sql`respondivel AND answered_at IS NULL`);
  if (query.situacao === 'respondidas') parts.push(sql`answered_at IS NOT NULL`);
  if (query.de) parts.push(sql`created_at >= ${dayStart(query.de)}::timestamp`);
  if (query.ate) parts.push(sql`created_at < ${dayStart(query.ate, 1)}::timestamp`);
  if (query.email) parts.push(sql`lower(email) = ${query.email}`);
  if (query.pedido !== undefined) {
    const numero = String(query.pedido);
    // The order field as typed ("#1001", "1.001"), or the text naming it (order-mentions.ts).
    parts.push(sql`(regexp_replace(coalesce(data->>'pedido', ''), '[^0-9]', '', 'g') = ${numero}
      OR texto ~* ${mentionOf(numero)})`);
  }
  if (query.q) {
    const like = `%${likeLiteral(query.q)}%`;
    parts.push(sql`(nome ILIKE ${like} OR email ILIKE ${like} OR texto ILIKE ${like})`);
  }
  return sql.join(parts, sql` AND `);
}

const LABELS: Record<string, string> = {
  contato: 'Telefone',
  celular: 'Celular',
  pedido: 'Pedido',
  instituicao: 'Instituição',
  curso: 'Curso',
  semestre: 'Semestre',
  registro: 'Registro no conselho',
  escritorio: 'Escritório',
  cidade: 'Cidade',
  uf: 'UF',
  portfolio: 'Portfólio',
  experiencia: 'Experiência de compra (1 a 5)',
  atendimento: 'Atendimento (1 a 5)',
  satisfeito: 'Satisfeito',
  publicar: 'Pode publicar',
};
/** Kept in `data` but shown elsewhere (or not at all). */
const SHOWN_APART = new Set(['nome', 'email', 'mensagem', 'assunto', 'tipo']);

/** A timestamp as the driver gives it (a Date, or text like `2026-11-27 09:40:00.12+00`; bare text is UTC). */
function iso(value: string | Date): string {
  if (value instanceof Date) return value.toISOString();
  let text = value.replace(' ', 'T');
  if (/[+-]\d\d$/.test(text)) text += ':00';
  else if (!/(Z|[+-]\d\d:\d\d)$/.test(text)) text += 'Z';
  return new Date(text).toISOString();
}
/** Phones as people write them; Sim/Não; the rest as text. */
const PHONES = new Set(['contato', 'celular']);
const shown = (value: unknown, key = '') =>
  typeof value === 'boolean'
    ? value
      ? 'Sim'
      : 'Não'
    : typeof value === 'string'
      ? PHONES.has(key)
        ? formatPhone(value)
        : value
      : String(value);

function toMensagem(row: Row, nameOf: (actor: string) => string): Mensagem {
  const tipo = row.tipo as InboxKind;
  const data = row.data;
  const assunto =
    typeof data['assunto'] === 'string'
      ? data['assunto']
      : tipo === 'avaliacao'
        ? `Experiência ${shown(data['experiencia'])}/5, atendimento ${shown(data['atendimento'])}/5`
        : INBOX_KIND_LABELS[tipo];
  return {
    id: row.id,
    tipo,
    nome: row.nome,
    email: row.email,
    assunto,
    texto: row.texto,
    detalhes: Object.entries(data)
      .filter(([key, value]) => !SHOWN_APART.has(key) && value !== '' && value !== null)
      .map(([key, value]) => ({ campo: LABELS[key] ?? key, valor: shown(value, key) })),
    recebidaEm: iso(row.created_at),
    ...(row.answered_at ? { respondida: { em: iso(row.answered_at), por: nameOf(row.answered_by) } } : {}),
    respondivel: row.respondivel,
    respostas: Number(row.respostas),
  };
}

async function read(db: Db, where: SQL, limit: number, offset: number): Promise<Mensagem[]> {
  const rows = await queryRows<Row>(
    db,
    sql`SELECT inbox.*, (SELECT count(*) FROM ${t.messageReplies} r WHERE r.message_id = inbox.id) AS respostas
      FROM ${INBOX} WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`,
  );
  const nameOf = await actorNames(
    db,
    rows.map((r) => r.answered_by),
  );
  return rows.map((r) => toMensagem(r, nameOf));
}

/** One page of the inbox under the filters, newest first. */
export async function listInbox(db: Db, query: InboxQuery): Promise<InboxList> {
  const where = whereOf(query);
  const [counted] = await queryRows<{ n: number | string }>(
    db,
    sql`SELECT count(*) AS n FROM ${INBOX} WHERE ${where}`,
  );
  const total = Number(counted?.n ?? 0);
  const paginas = Math.max(1, Math.ceil(total / INBOX_PER_PAGE));
  const mensagens = await read(db, where, INBOX_PER_PAGE, (query.pagina - 1) * INBOX_PER_PAGE);
  return { mensagens, espera: await waiting(db), total, pagina: query.pagina, paginas };
}

/** One message by its id (`formulario-12`), or undefined. */
export async function findMessage(db: Db, id: string): Promise<Mensagem | undefined> {
  if (!/^(formulario|avaliacao|newsletter)-[^\s]{1,254}$/.test(id)) return undefined;
  const [message] = await read(db, sql`id = ${id}`, 1, 0);
  return message;
}

/** What waits for an answer, by age (the columns hold UTC wall time). */
async function waiting(db: Db): Promise<Waiting> {
  const [row] = await queryRows<Record<keyof Waiting, number | string>>(
    db,
    sql`SELECT count(*) AS total,
        count(*) FILTER (WHERE created_at >= now() AT TIME ZONE 'UTC' - interval '1 day') AS hoje,
        count(*) FILTER (WHERE created_at < now() AT TIME ZONE 'UTC' - interval '1 day'
          AND created_at >= now() AT TIME ZONE 'UTC' - interval '3 days') AS ate3dias,
        count(*) FILTER (WHERE created_at < now() AT TIME ZONE 'UTC' - interval '3 days') AS mais3dias
      FROM ${INBOX} WHERE respondivel AND answered_at IS NULL`,
  );
  return {
    total: Number(row?.total ?? 0),
    hoje: Number(row?.hoje ?? 0),
    ate3dias: Number(row?.ate3dias ?? 0),
    mais3dias: Number(row?.mais3dias ?? 0),
  };
}

/** Every message under the filters (newest first, at most INBOX_EXPORT_MAX), for the spreadsheet. */
export async function exportInbox(
  db: Db,
  query: Omit<InboxQuery, 'pagina'>,
): Promise<{ mensagens: Mensagem[]; truncado: boolean }> {
  const mensagens = await read(db, whereOf(query), INBOX_EXPORT_MAX + 1, 0);
  return { mensagens: mensagens.slice(0, INBOX_EXPORT_MAX), truncado: mensagens.length > INBOX_EXPORT_MAX };
}

/** Messages waiting for an answer (the menu counts them). */
export async function unansweredCount(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`SELECT (SELECT count(*) FROM ${t.formSubmissions} WHERE answered_at IS NULL)
      + (SELECT count(*) FROM ${t.storeEvaluations} WHERE answered_at IS NULL) AS n`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Mark message `id` answered by `actor` (or waiting again). Answers what it was, for the audit; an id that
 * names nothing answerable is a 404.
 */
export async function markAnswered(
  db: Db,
  id: string,
  answered: boolean,
  actor: string,
): Promise<{ before: boolean }> {
  const match = /^(formulario|avaliacao)-(\d{1,9})$/.exec(id);
  if (!match) throw notFound('Mensagem não encontrada.');
  const table = match[1] === 'formulario' ? t.formSubmissions : t.storeEvaluations;
  const key = Number(match[2]);
  const [row] = await db
    .select({ answeredAt: table.answeredAt })
    .from(table)
    .where(eq(table.id, key))
    .for('update');
  if (!row) throw notFound('Mensagem não encontrada.');
  await db
    .update(table)
    .set(answered ? { answeredAt: sql`now()`, answeredBy: actor } : { answeredAt: null, answeredBy: '' })
    .where(eq(table.id, key));
  return { before: row.answeredAt !== null };
}

/**
 * A new message, e-mailed to the store's service address (the settings' contact e-mail) with a link to the
 * inbox; the sender's address is the reply-to, so answering the e-mail answers them.
 */
export async function tellService(
  deps: { db: Db; mailer: Mailer; origin: string },
  message: {
    tipo: InboxKind;
    nome: string;
    email: string;
    assunto: string;
    texto: string;
    /** The form's other fields, listed by their names. */
    dados?: Record<string, unknown>;
  },
): Promise<void> {
  const { nomeLoja, emailContato } = await loadSettings(deps.db);
  const from = [message.nome, message.email && `<${message.email}>`].filter(Boolean).join(' ');
  await postMail(deps.mailer, deps.db, {
    kind: 'equipe-mensagem',
    to: emailContato.email,
    // Answering the e-mail answers the sender (their address was checked by the form: no line breaks).
    headers: message.email ? { 'Reply-To': message.email } : undefined,
    subject: `${nomeLoja}: ${INBOX_KIND_LABELS[message.tipo]}${message.nome ? ` de ${message.nome}` : ''}`,
    text: [
      `Nova mensagem na ${nomeLoja}, pelo formulário "${INBOX_KIND_LABELS[message.tipo]}".`,
      '',
      ...(from ? [`De: ${from}`] : []),
      `Assunto: ${message.assunto}`,
      '',
      ...(message.texto ? [message.texto, ''] : []),
      ...Object.entries(message.dados ?? {})
        .filter(([, value]) => value !== '' && value !== null && value !== undefined)
        .map(([key, value]) => `${LABELS[key] ?? key}: ${shown(value, key)}`),
      ...(message.dados ? [''] : []),
      `Responda e marque como respondida: ${deps.origin}/painel/mensagens?situacao=a-responder`,
    ].join('\n'),
  });
}
