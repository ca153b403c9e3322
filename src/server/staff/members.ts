// One concern: the store's team (who is in it, with which role) and the one-time links that set a password.
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { STAFF_LINK_HOURS } from '#/contract/staff.ts';
import type { Membro, Papel } from '#/contract/staff.ts';
import { hashPassword } from '#/server/accounts/passwords.ts';
import { inTransaction } from '#/server/db/client.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { notFound, PlatformError } from '#/server/errors.ts';

export type MemberRow = typeof t.staffMembers.$inferSelect;

/** A token's stored form: its SHA-256 (the database never holds a token that opens anything). */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

export const toMembro = (row: MemberRow): Membro => ({
  id: row.id,
  email: row.email,
  nome: row.name,
  papel: row.role,
  ativo: row.active,
  senhaDefinida: row.passwordHash !== '',
  segundoFator: row.totpSecret !== '',
  criadoEm: row.createdAt.toISOString(),
});

export async function listMembers(db: Db): Promise<Membro[]> {
  const rows = await db
    .select()
    .from(t.staffMembers)
    .orderBy(asc(t.staffMembers.name), asc(t.staffMembers.id));
  return rows.map(toMembro);
}

export async function findMember(db: Db, id: number): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(t.staffMembers).where(eq(t.staffMembers.id, id));
  return row;
}

/** A new member with no password yet; a taken e-mail is a 409. */
export async function addMember(
  db: Db,
  member: { email: string; nome: string; papel: Papel },
): Promise<MemberRow> {
  const [row] = await db
    .insert(t.staffMembers)
    .values({ email: member.email.trim().toLowerCase(), name: member.nome, role: member.papel })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new PlatformError(409, 'validation', 'Já existe alguém na equipe com este e-mail.');
  return row;
}

/**
 * Change a member's role or switch them off (or on again). The store always keeps one active owner: a
 * change that would leave none is a 409. Switching someone off ends their sessions. Returns the member as
 * they were and became.
 */
export async function updateMember(
  db: Db,
  id: number,
  change: { papel?: Papel | undefined; ativo?: boolean | undefined },
): Promise<{ before: MemberRow; after: MemberRow }> {
  return inTransaction(db, async (tx) => {
    // Owners change one at a time, so two owners switching each other off cannot leave none.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('staff_members'))`);
    const [before] = await tx.select().from(t.staffMembers).where(eq(t.staffMembers.id, id));
    if (!before) throw notFound('Membro da equipe não encontrado.');
    const role = change.papel ?? before.role;
    const active = change.ativo ?? before.active;
    if (before.role === 'dono' && before.active && (role !== 'dono' || !active)) {
      const [others] = await tx
        .select({ n: count() })
        .from(t.staffMembers)
        .where(
          and(eq(t.staffMembers.role, 'dono'), eq(t.staffMembers.active, true), ne(t.staffMembers.id, id)),
        );
      if ((others?.n ?? 0) === 0)
        throw new PlatformError(
          409,
          'last_owner',
          'A loja precisa de pelo menos um dono ativo: dê o papel de dono a outra pessoa antes.',
        );
    }
    const [after] = await tx
      .update(t.staffMembers)
      .set({ role, active })
      .where(eq(t.staffMembers.id, id))
      .returning();
    if (!after) throw notFound('Membro da equipe não encontrado.');
    if (!active) await tx.delete(t.staffSessions).where(eq(t.staffSessions.memberId, id));
    return { before, after };
  });
}

/** A new one-time link for a member to set a password; earlier unused links stop working. */
export async function issueLink(db: Db, origin: string, memberId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await inTransaction(db, async (tx) => {
    await tx.delete(t.staffLinks).where(eq(t.staffLinks.memberId, memberId));
    await tx.insert(t.staffLinks).values({
      tokenHash: tokenHash(token),
      memberId,
      expiresAt: sql`now() + ${`${String(STAFF_LINK_HOURS)} hours`}::interval`,
    });
  });
  return `${origin}/painel/senha?token=${token}`;
}

/** A link that still works: this token's, unused, before it expires. */
const openLink = (token: string) =>
  and(
    eq(t.staffLinks.tokenHash, tokenHash(token)),
    isNull(t.staffLinks.usedAt),
    gt(t.staffLinks.expiresAt, sql`now()`),
  );

/** Whether a link still sets a password: unused, before it expires, for an active member. */
export async function linkIsOpen(db: Db, token: string): Promise<boolean> {
  if (!/^[\w-]{43}$/.test(token)) return false;
  const [row] = await db
    .select({ id: t.staffLinks.memberId })
    .from(t.staffLinks)
    .innerJoin(t.staffMembers, eq(t.staffMembers.id, t.staffLinks.memberId))
    .where(and(openLink(token), eq(t.staffMembers.active, true)));
  return row !== undefined;
}

/**
 * Set the password of the member a link was made for: the link works once, before it expires, for an
 * active member. Every session of theirs ends. Returns the member, or undefined for a link that does not work.
 */
export async function setPasswordWithLink(
  db: Db,
  token: string,
  password: string,
): Promise<MemberRow | undefined> {
  const hash = await hashPassword(password);
  return inTransaction(db, async (tx) => {
    const [link] = await tx
      .update(t.staffLinks)
      .set({ usedAt: sql`now()` })
      .where(openLink(token))
      .returning({ memberId: t.staffLinks.memberId });
    if (!link) return undefined;
    const [member] = await tx
      .update(t.staffMembers)
      .set({ passwordHash: hash })
      .where(and(eq(t.staffMembers.id, link.memberId), eq(t.staffMembers.active, true)))
      .returning();
    if (!member) return undefined;
    await tx.delete(t.staffSessions).where(eq(t.staffSessions.memberId, member.id));
    return member;
  });
}

/** The names the record shows for actors: a member's name, the automation token, the store itself. */
export async function actorNames(db: Db, actors: readonly string[]): Promise<(actor: string) => string> {
  const ids = [...new Set(actors.flatMap((a) => (/^equipe:\d+$/.test(a) ? [Number(a.slice(7))] : [])))];
  const rows = ids.length
    ? await db
        .select({ id: t.staffMembers.id, name: t.staffMembers.name })
        .from(t.staffMembers)
        .where(inArray(t.staffMembers.id, ids))
    : [];
  const names = new Map(rows.map((r) => [`equipe:${String(r.id)}`, r.name]));
  return (actor) =>
    names.get(actor) ??
    (actor === 'token'
      ? 'Automação (ADMIN_TOKEN)'
      : actor === 'cliente'
        ? 'Cliente'
        : actor === ''
          ? 'Loja (automático)'
          : actor === 'psp'
            ? 'Provedor de pagamento'
            : actor.startsWith('nfe:')
              ? 'Emissor de NF-e'
              : actor === 'transportadora'
                ? 'Transportadora (rastreio)'
                : 'Membro removido');
}
