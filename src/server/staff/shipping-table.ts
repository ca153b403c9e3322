// One concern: the store's own shipping table as the owner edits it (contract/shipping-table.ts), kept in the
// settings row (`checkout.tabelaFrete`); each change in the activity trail.
import { sql } from 'drizzle-orm';
import { REGION_KEYS } from '#/contract/shipping-table.ts';
import type { RegionRow, ShippingTable, ShippingTableAnswer } from '#/contract/shipping-table.ts';
import { shippingTableOf } from '#/server/cart/shipping.ts';
import { loadSettings } from '#/server/content/settings.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { formatBRL } from '#/lib/money.ts';
import { historyOf } from './audit.ts';

export async function readShippingTable(db: Db): Promise<ShippingTableAnswer> {
  const [settings, historico] = await Promise.all([
    loadSettings(db),
    historyOf(db, [{ entity: 'configuracao', ids: ['frete'] }], 20),
  ]);
  const alert = settings.checkout.alertaFreteGratis;
  return {
    regioes: shippingTableOf(settings),
    gratisBrasil: alert.ativo && alert.usarValorFixo ? alert.valorFixo : null,
    historico,
  };
}

/** A region's row as the trail reads it. */
const lineOf = (r: RegionRow) =>
  `${formatBRL(r.primeiroItem)} + ${formatBRL(r.itemAdicional)} por item a mais` +
  (r.porKgAdicional > 0
    ? ` + ${formatBRL(r.porKgAdicional)} por kg acima de ${String(r.kgIncluidos)} kg`
    : '') +
  `; ${String(r.dias)} dias úteis; grátis a partir de ${formatBRL(r.gratisAPartirDe)}`;

const recordOf = (table: Record<string, RegionRow>) =>
  Object.fromEntries(REGION_KEYS.map((r) => [`regiao${r}`, table[r] ? lineOf(table[r]) : '']));

/** Save every region's row into the settings (one change of the settings at a time). */
export async function saveShippingTable(tx: Db, input: ShippingTable) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('loja:configuracoes'))`);
  const settings = await loadSettings(tx);
  const before = shippingTableOf(settings);
  const next = { ...settings, checkout: { ...settings.checkout, tabelaFrete: input.regioes } };
  await tx
    .insert(t.settings)
    .values({ key: 'configuracoes', value: next })
    .onConflictDoUpdate({ target: t.settings.key, set: { value: next } });
  const [was, now] = [recordOf(before), recordOf(input.regioes)];
  // Saved once, the table is the owner's even unchanged (the setup list counts it as done).
  return { before: was, after: now, first: settings.checkout.tabelaFrete === undefined };
}
