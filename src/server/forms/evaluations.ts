import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { inTransaction } from '#/server/db/client.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';

/** Invitation keys are random (unguessable) and stored hashed; each one evaluates the store once. */
export const evaluationKeyHash = (key: string) => createHash('sha256').update(key).digest('base64url');
const KEY_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

const openKey = (key: string) =>
  and(eq(t.storeEvaluationKeys.keyHash, evaluationKeyHash(key)), isNull(t.storeEvaluationKeys.usedAt));

/** New invitation keys (for order e-mails); only their hashes are stored. */
export async function createEvaluationKeys(db: Db, count: number): Promise<string[]> {
  const keys = Array.from({ length: count }, () => randomBytes(24).toString('base64url'));
  if (keys.length > 0)
    await db.insert(t.storeEvaluationKeys).values(keys.map((key) => ({ keyHash: evaluationKeyHash(key) })));
  return keys;
}

/** Whether an invitation can still be answered (a malformed, unknown or used key alike: no). */
export async function isOpenKey(db: Db, key: string): Promise<boolean> {
  if (!KEY_PATTERN.test(key)) return false;
  const [row] = await db.select().from(t.storeEvaluationKeys).where(openKey(key));
  return row !== undefined;
}

export type Evaluation = {
  experiencia: number;
  atendimento: number;
  satisfeito: boolean;
  publicar: boolean;
  mensagem: string;
};

/** Spend the key and keep the evaluation together (a failure leaves the key usable); false = key not open. */
export async function keepEvaluation(db: Db, key: string, evaluation: Evaluation): Promise<boolean> {
  if (!KEY_PATTERN.test(key)) return false;
  return inTransaction(db, async (tx) => {
    const [used] = await tx
      .update(t.storeEvaluationKeys)
      .set({ usedAt: sql`now()` })
      .where(openKey(key))
      .returning();
    if (!used) return false;
    await tx.insert(t.storeEvaluations).values({
      experience: evaluation.experiencia,
      service: evaluation.atendimento,
      satisfied: evaluation.satisfeito,
      mayPublish: evaluation.publicar,
      message: evaluation.mensagem,
    });
    return true;
  });
}
