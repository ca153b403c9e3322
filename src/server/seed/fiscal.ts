// One concern: what the seed gives its finishes for invoices and carriers: NCM, packed weight and box.
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

/** The packed weight (grams) and box (height, width, length in cm) of each family, as a carrier measures it. */
export const BOX_BY_KIND: Record<
  Kind,
  { weightGrams: number; heightCm: number; widthCm: number; lengthCm: number }
> = {
  torneira: { weightGrams: 1200, heightCm: 12, widthCm: 20, lengthCm: 32 },
  misturador: { weightGrams: 1800, heightCm: 14, widthCm: 22, lengthCm: 34 },
  chuveiro: { weightGrams: 1500, heightCm: 15, widthCm: 25, lengthCm: 35 },
  acessorio: { weightGrams: 700, heightCm: 10, widthCm: 15, lengthCm: 30 },
  filtro: { weightGrams: 1600, heightCm: 30, widthCm: 15, lengthCm: 15 },
  cuba: { weightGrams: 6500, heightCm: 22, widthCm: 45, lengthCm: 55 },
  ralo: { weightGrams: 500, heightCm: 6, widthCm: 12, lengthCm: 12 },
  tanque: { weightGrams: 9000, heightCm: 30, widthCm: 50, lengthCm: 60 },
};
