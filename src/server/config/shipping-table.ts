import type { Region, RegionRow } from '#/contract/shipping-table.ts';

/**
 * The shipping table a new store starts with (the owner's replaces it, /painel/frete): the first item, each
 * further item, working days and free shipping from, by region; no charge by weight until the owner sets one.
 * Free shipping is never above the R$ 599,90 the example's promo bar and 'Frete grátis' badge advertise.
 */
export const DEFAULT_SHIPPING_TABLE: Record<Region, RegionRow> = {
  SE: {
    primeiroItem: 24.9,
    itemAdicional: 3.5,
    kgIncluidos: 0,
    porKgAdicional: 0,
    dias: 6,
    gratisAPartirDe: 299.9,
  },
  S: {
    primeiroItem: 29.9,
    itemAdicional: 4.5,
    kgIncluidos: 0,
    porKgAdicional: 0,
    dias: 8,
    gratisAPartirDe: 399.9,
  },
  CO: {
    primeiroItem: 34.9,
    itemAdicional: 5.5,
    kgIncluidos: 0,
    porKgAdicional: 0,
    dias: 9,
    gratisAPartirDe: 499.9,
  },
  NE: {
    primeiroItem: 42.9,
    itemAdicional: 6.5,
    kgIncluidos: 0,
    porKgAdicional: 0,
    dias: 11,
    gratisAPartirDe: 599.9,
  },
  N: {
    primeiroItem: 54.9,
    itemAdicional: 7.5,
    kgIncluidos: 0,
    porKgAdicional: 0,
    dias: 14,
    gratisAPartirDe: 599.9,
  },
};
