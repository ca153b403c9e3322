// One concern: the fiscal codes the seed gives its finishes.
import type { Kind } from '#/server/config/finishes.ts';

/**
 * An NCM for each family, so a fresh store can try its NF-e: examples of the Mercosur nomenclature for these
 * goods (taps and valves, sinks, electric showers, filters), not fiscal advice; the store's accountant says
 * the real ones, and the team changes them in each product's finishes.
 */
export const NCM_BY_KIND: Record<Kind, string> = {
  torneira: '84818019',
  misturador: '84818019',
  chuveiro: '85161000',
  acessorio: '73249000',
  filtro: '84212100',
  cuba: '73241000',
  ralo: '73269090',
  tanque: '73241000',
};
