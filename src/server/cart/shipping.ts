import { and, eq, inArray } from 'drizzle-orm';
import type { Cart } from '#/contract/cart.ts';
import type { Frete, Shipping } from '#/contract/shipping.ts';
import type { Region, RegionRow } from '#/contract/shipping-table.ts';
import { DEFAULT_SHIPPING_TABLE } from '#/server/config/shipping-table.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { badRequest, notFound } from '#/server/errors.ts';
import { loadSettings } from '#/server/content/settings.ts';
import type { StoreSettings } from '#/server/content/settings.ts';
import { ufOfCep } from '#/server/addresses/table.ts';
import { percentOf, toCents, toReais } from '#/server/lib/prices.ts';
import { carrierChoice, carriedLines, withCarriers } from '#/server/carriers/pricing.ts';
import type { ShippingProvider } from '#/server/carriers/provider.ts';

/**
 * Shipping quotes by state: the CEP's UF (addresses/table.ts) gives a region, and the owner's table
 * (/painel/frete) the region's price, delivery time and the value from which 'Econômica' is free (the store's
 * fixed value instead, when its free-shipping alert is set to use it); pickup points cost nothing.
 */

const REGION: Record<string, Region> = {
  SP: 'SE',
  RJ: 'SE',
  ES: 'SE',
  MG: 'SE',
  PR: 'S',
  SC: 'S',
  RS: 'S',
  DF: 'CO',
  GO: 'CO',
  MT: 'CO',
  MS: 'CO',
  BA: 'NE',
  SE: 'NE',
  PE: 'NE',
  AL: 'NE',
  PB: 'NE',
  RN: 'NE',
  CE: 'NE',
  PI: 'NE',
  MA: 'NE',
  PA: 'N',
  AP: 'N',
  AM: 'N',
  RR: 'N',
  AC: 'N',
  RO: 'N',
  TO: 'N',
};

/** The owner's table (/painel/frete), or the one a new store starts with. */
export const shippingTableOf = (settings: StoreSettings): Record<Region, RegionRow> =>
  settings.checkout.tabelaFrete ?? DEFAULT_SHIPPING_TABLE;

/**
 * From what value shipping is free to every region: the owner's one threshold when they set it, else the
 * regional table's highest (what the store can promise everywhere).
 */
export function freeShippingEverywhereFrom(settings: StoreSettings): number {
  const alert = settings.checkout.alertaFreteGratis;
  if (alert.ativo && alert.usarValorFixo) return alert.valorFixo;
  return Math.max(...Object.values(shippingTableOf(settings)).map((row) => row.gratisAPartirDe));
}

/** Working days the store takes to dispatch a paid order (Configurações), before the carrier's. */
export const handlingDays = (settings: StoreSettings) => settings.checkout.diasPreparo ?? 0;

/** Working days until an order is ready at a pickup point that does not say. */
const PICKUP_DAYS = 2;

const daysText = (days: number) => `até ${String(days)} ${days === 1 ? 'dia útil' : 'dias úteis'}`;

/** What the table charges a parcel of `units` items weighing `grams`: the first item, the others, the kg over. */
export function tablePrice(row: RegionRow, units: number, grams: number): number {
  const overKg = Math.max(0, Math.ceil(grams / 1000 - row.kgIncluidos));
  return toReais(
    toCents(row.primeiroItem) +
      toCents(row.itemAdicional) * (Math.max(1, units) - 1) +
      toCents(row.porKgAdicional) * overKg,
  );
}

/**
 * Quotes for `value` worth of `items` units weighing `grams` to a CEP; undefined when the CEP belongs to no
 * state.
 */
export function quoteShipping(
  cep: string,
  value: number,
  items: number,
  settings: StoreSettings,
  grams = 0,
): Shipping | undefined {
  const uf = ufOfCep(cep);
  const region = uf ? REGION[uf] : undefined;
  if (!uf || !region) return undefined;
  const row = shippingTableOf(settings)[region];
  const price = tablePrice(row, items, grams);
  const alert = settings.checkout.alertaFreteGratis;
  // The alert promises its fixed value when set to use it; the quote keeps that promise.
  const threshold = alert.ativo && alert.usarValorFixo ? alert.valorFixo : row.gratisAPartirDe;
  const free = value >= threshold;
  // The average-delivery setting shows the time most orders take (its percentage of the longest).
  const average = settings.checkout.prazoMedioEntrega;
  const shown = (days: number) =>
    average.ativo ? Math.max(1, Math.ceil((days * average.porcentagem) / 100)) : days;
  // The days the store takes to dispatch come before the carrier's (Configurações, "Dias para preparar").
  const handling = handlingDays(settings);
  const transit = shown(row.dias);
  const economy = transit + handling;
  const express = Math.max(1, Math.ceil(transit / 2)) + handling;
  const fretes: Frete[] = [
    {
      id: 'economica',
      tipo: 'entrega',
      label: free ? 'Econômica – Frete Grátis' : 'Econômica',
      valor: free ? 0 : price,
      prazo: daysText(economy),
      dias: economy,
      entregaAgendada: false,
    },
    {
      id: 'expressa',
      tipo: 'entrega',
      label: 'Expressa',
      valor: percentOf(price, 180),
      prazo: daysText(express),
      dias: express,
      entregaAgendada: false,
    },
    ...settings.pontosRetirada.map((p): Frete => {
      const days = p.prazoDias ?? PICKUP_DAYS;
      return {
        id: `retirada-${String(p.id)}`,
        tipo: 'retirada',
        label: `Retirar em ${p.nome}`,
        valor: 0,
        prazo: days === 0 ? 'pronto no mesmo dia' : daysText(days),
        dias: days,
        entregaAgendada: false,
        endereco: p.horario ? `${p.endereco} (${p.horario})` : p.endereco,
      };
    }),
  ];
  return {
    fretes,
    restricaoEntrega: '',
    mensagem: '',
    uf,
    ...(alert.ativo ? { faltaFreteGratis: free ? 0 : toReais(toCents(threshold) - toCents(value)) } : {}),
  };
}

const NO_STATE = 'Não encontramos este CEP. Confira os números ou use "Não sei meu CEP".';

/** A quote for `quantidade` of one product (its variant, else its first), or a 4xx in Portuguese. */
export async function quoteProduct(
  db: Db,
  request: { cep: string; idProduto: number; idAtributoValor?: number | undefined; quantidade: number },
  provider?: ShippingProvider,
): Promise<Shipping> {
  const { cep, idProduto, idAtributoValor, quantidade } = request;
  const [variant] = await db
    .select({ id: t.variants.id, price: t.variants.price, grams: t.variants.weightGrams })
    .from(t.variants)
    .where(
      idAtributoValor
        ? and(eq(t.variants.productId, idProduto), eq(t.variants.id, idAtributoValor))
        : eq(t.variants.productId, idProduto),
    )
    .orderBy(t.variants.position)
    .limit(1);
  if (!variant) throw notFound('Produto não encontrado.');
  const settings = await loadSettings(db);
  const grams = (variant.grams ?? 0) * quantidade;
  const quote = quoteShipping(cep, variant.price * quantidade, quantidade, settings, grams);
  if (!quote) throw badRequest(NO_STATE);
  const line = { variantId: variant.id, quantity: quantidade, unitPrice: variant.price, name: '' };
  return withCarriers(quote, await carrierChoice(db, provider, cep, [line]), handlingDays(settings));
}

/** What the lines weigh, in grams (a finish without its weight filled in counts nothing). */
export async function parcelGrams(db: Db, lines: { variantId: number; quantity: number }[]): Promise<number> {
  if (lines.length === 0) return 0;
  const rows = await db
    .select({ id: t.variants.id, grams: t.variants.weightGrams })
    .from(t.variants)
    .where(
      inArray(
        t.variants.id,
        lines.map((l) => l.variantId),
      ),
    );
  const weight = new Map(rows.map((r) => [r.id, r.grams ?? 0]));
  return lines.reduce((sum, l) => sum + (weight.get(l.variantId) ?? 0) * l.quantity, 0);
}

/** A quote for a whole cart (its subtotal, units and weight), or a 4xx in Portuguese. */
export async function quoteCart(
  db: Db,
  cep: string,
  cart: Cart,
  provider?: ShippingProvider,
): Promise<Shipping> {
  if (cart.itens.length === 0)
    throw badRequest('Sua sacola está vazia: adicione um produto para calcular o frete.');
  const settings = await loadSettings(db);
  const lines = carriedLines(cart);
  const grams = await parcelGrams(db, lines);
  const quote = quoteShipping(cep, cart.subtotal.valor, cart.quantidadeTotal, settings, grams);
  if (!quote) throw badRequest(NO_STATE);
  const choice = await carrierChoice(db, provider, cep, lines);
  const priced = withCarriers(quote, choice, handlingDays(settings));
  return withCartCoupon(priced, cart);
}

/** The quote with the cart's coupon's part taken off each paid option (FRETE10: 10% of it). */
export function withCartCoupon(quote: Shipping, cart: Cart): Shipping {
  const percent = cart.cupom?.aplicado ? cart.cupom.freteDesconto : 0;
  if (percent <= 0) return quote;
  return {
    ...quote,
    fretes: quote.fretes.map((frete) =>
      frete.valor > 0
        ? {
            ...frete,
            valor: toReais(toCents(frete.valor) - toCents(percentOf(frete.valor, percent))),
            valorSemCupom: frete.valor,
          }
        : frete,
    ),
  };
}
