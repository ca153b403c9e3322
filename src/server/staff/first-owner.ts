// One concern: a new store's first owner, made without stopping the store. While the team has no active
// owner, each start prints a one-time address (`/painel/primeiro-dono?chave=…`); its key is kept hashed in the
// database, so any instance takes it, and it works once: the first owner made, every key is gone.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { hashPassword } from '#/server/accounts/passwords.ts';
import { inTransaction } from '#/server/db/client.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { PlatformError } from '#/server/errors.ts';
import { memberActor, recordChange } from './audit.ts';
import type { MemberRow } from './members.ts';

const KEY = 'painel:primeiro-dono';
/** A printed address works this long (a restart prints a new one while there is still no owner). */
const VALID_MS = 24 * 60 * 60 * 1000;
/** Addresses kept at once (one per start): the oldest goes first. */
const KEPT = 5;

type Kept = { chaves: { hash: string; ate: number }[] };
const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

const hasOwner = async (db: Db) =>
  (
    await db
      .select({ id: t.staffMembers.id })
      .from(t.staffMembers)
      .where(and(eq(t.staffMembers.role, 'dono'), eq(t.staffMembers.active, true)))
      .limit(1)
  ).length > 0;

async function keptKeys(db: Db): Promise<Kept['chaves']> {
  const [row] = await db.select().from(t.settings).where(eq(t.settings.key, KEY));
  const kept = (row?.value as Kept | undefined)?.chaves ?? [];
  return kept.filter((k) => k.ate > Date.now());
}

/**
 * When the team has no active owner: a new one-time key, kept hashed, and the address to open with it
 * (printed by the server at start). Undefined when the store has an owner.
 */
export async function offerFirstOwner(db: Db, origin: string): Promise<string | undefined> {
  if (await hasOwner(db)) return undefined;
  const key = randomBytes(24).toString('base64url');
  const chaves = [...(await keptKeys(db)), { hash: hashOf(key), ate: Date.now() + VALID_MS }].slice(-KEPT);
  await db
    .insert(t.settings)
    .values({ key: KEY, value: { chaves } })
    .onConflictDoUpdate({ target: t.settings.key, set: { value: { chaves } } });
  return `${origin.replace(/\/$/, '')}/painel/primeiro-dono?chave=${key}`;
}

/** Whether a key still opens the first owner's form (kept, not expired, and no owner yet). */
export async function firstOwnerOpen(db: Db, key: string): Promise<boolean> {
  if (!key || (await hasOwner(db))) return false;
  const wanted = Buffer.from(hashOf(key));
  return (await keptKeys(db)).some((k) => timingSafeEqual(Buffer.from(k.hash), wanted));
}

/**
 * Make the first owner with their password, once: refused (409) when the key does not open the form or the
 * store already has an owner (two tabs, two instances: the second one is told). Recorded in the activity.
 */
export async function createFirstOwner(
  db: Db,
  form: { chave: string; nome: string; email: string; senha: string },
): Promise<MemberRow> {
  const hash = await hashPassword(form.senha);
  return inTransaction(db, async (tx) => {
    // The keys' row, locked: two tabs or two instances making the first owner at once go one after the other.
    await tx.select({ key: t.settings.key }).from(t.settings).where(eq(t.settings.key, KEY)).for('update');
    if (!(await firstOwnerOpen(tx, form.chave)))
      throw new PlatformError(
        409,
        'first_owner_closed',
        'Este endereço não vale mais: a loja já tem um dono, ou o endereço expirou. Entre pelo painel, ou reinicie a loja para receber um novo.',
      );
    const email = form.email.trim().toLowerCase();
    const [member] = await tx
      .insert(t.staffMembers)
      .values({ email, name: form.nome, role: 'dono', passwordHash: hash })
      .onConflictDoUpdate({
        target: t.staffMembers.email,
        set: { name: form.nome, role: 'dono', active: true, passwordHash: hash },
      })
      .returning();
    if (!member) throw new Error('the first owner was not written');
    await tx.delete(t.settings).where(eq(t.settings.key, KEY));
    await recordChange(tx, {
      actor: memberActor(member.id),
      action: 'membro.primeiro-dono',
      entity: 'membro',
      entityId: String(member.id),
      before: null,
      after: { nome: member.name, email: member.email, papel: 'dono' },
    });
    return member;
  });
}
