// One concern: the store's pickup points as the owner keeps them, in the settings row the checkout reads
// (`pontosRetirada`), one change at a time (contract/pickup.ts).
import { eq, sql } from 'drizzle-orm';
import type { PickupPoint, PickupPointInput } from '#/contract/pickup.ts';
import { PICKUP_POINTS_MAX } from '#/contract/pickup.ts';
import { loadSettings } from '#/server/content/settings.ts';
import type { StoreSettings } from '#/server/content/settings.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { notFound, PlatformError } from '#/server/errors.ts';

/** Working days a point that predates the field takes (what the checkout promised then). */
const DAYS_BEFORE = 2;

const pointOf = (p: StoreSettings['pontosRetirada'][number]): PickupPoint => ({
  id: p.id,
  nome: p.nome,
  endereco: p.endereco,
  horario: p.horario ?? '',
  prazoDias: p.prazoDias ?? DAYS_BEFORE,
});

/** The pickup points, in the order the checkout offers them. */
export async function listPickupPoints(db: Db): Promise<PickupPoint[]> {
  return (await loadSettings(db)).pontosRetirada.map(pointOf);
}

type Change = { before: PickupPoint | null; after: PickupPoint | null };

/**
 * Add (`id` undefined), change or remove (`input` null) a point, in the caller's transaction. An order
 * keeps the point's name and address as it was when placed, so removing one changes no order.
 */
export async function changePickupPoint(
  tx: Db,
  id: number | undefined,
  input: PickupPointInput | null,
): Promise<Change> {
  // One change at a time: two tabs must not both take the next id, nor lose each other's point.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('loja:configuracoes'))`);
  const settings = await loadSettings(tx);
  const points = settings.pontosRetirada.map(pointOf);
  const index = id === undefined ? -1 : points.findIndex((p) => p.id === id);
  if (id !== undefined && index < 0) throw notFound('Ponto de retirada não encontrado.');
  const before = points[index] ?? null;
  let next: PickupPoint[];
  let after: PickupPoint | null = null;
  if (input === null) next = points.filter((p) => p.id !== id);
  else if (before) {
    after = { ...input, id: before.id };
    next = points.map((p) => (p.id === before.id ? (after ?? p) : p));
  } else {
    if (points.length >= PICKUP_POINTS_MAX)
      throw new PlatformError(
        409,
        'pickup_points_full',
        `A loja já tem ${String(PICKUP_POINTS_MAX)} pontos de retirada. Remova um antes de criar outro.`,
      );
    after = { ...input, id: Math.max(0, ...points.map((p) => p.id)) + 1 };
    next = [...points, after];
  }
  await tx
    .update(t.settings)
    .set({ value: { ...settings, pontosRetirada: next } })
    .where(eq(t.settings.key, 'configuracoes'));
  return { before, after };
}
