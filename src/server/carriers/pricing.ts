// One concern: what the shopper pays for delivery when a shipping provider is configured: the carriers' own
// prices for the cart's boxes, in the store's two options (the cheapest service as "Econômica", the fastest as
// "Expressa"); the regional table answers whenever the provider cannot (down, slow, refusing, nonsense).
import { inArray } from 'drizzle-orm';
import type { Cart } from '#/contract/cart.ts';
import type { Frete, Shipping } from '#/contract/shipping.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { loadSettings } from '#/server/content/settings.ts';
import { TtlCache } from '#/server/lib/ttl-cache.ts';
import type { CarrierQuote, ParcelItem, ShippingProvider } from './provider.ts';

/** A line to carry: the finish and how many. */
export type Carried = { variantId: number; quantity: number; unitPrice: number; name: string };

/** A cart's lines as the carriers price them. */
export const carriedLines = (cart: Cart): Carried[] =>
  cart.itens.map((i) => ({
    variantId: i.hash.idAtributoSimples,
    quantity: i.quantidade,
    unitPrice: i.precos.precoPor,
    name: i.nome,
  }));

/** The services chosen for a cart: what each of the store's options costs and takes at the carrier. */
export type CarrierChoice = { economica: CarrierQuote; expressa: CarrierQuote };

/**
 * Quotes are kept ten minutes by CEP and cart contents: the price the shopper saw at the cart is the one the
 * order is placed at (a carrier's new price is said as a change, like any other).
 */
const quotes = new TtlCache<{ choice: CarrierChoice | null }>(5000, 10 * 60_000);

/** The carriers' choice for these lines to `cep`, or null when the provider cannot price them (the table then). */
export async function carrierChoice(
  db: Db,
  provider: ShippingProvider | undefined,
  cep: string,
  lines: readonly Carried[],
): Promise<CarrierChoice | null> {
  if (!provider || lines.length === 0) return null;
  const key = `${cep}|${lines
    .map((l) => `${String(l.variantId)}x${String(l.quantity)}@${String(l.unitPrice)}`)
    .sort()
    .join(',')}`;
  const kept = await quotes
    .getOrCompute(key, async () => ({ choice: await ask(db, provider, cep, lines) }))
    .catch(() => ({ choice: null }));
  return kept.choice;
}

async function ask(
  db: Db,
  provider: ShippingProvider,
  cep: string,
  lines: readonly Carried[],
): Promise<CarrierChoice | null> {
  const sender = (await loadSettings(db)).dadosSite.remessa;
  if (!sender?.cep) return null;
  const boxes = await db
    .select({
      id: t.variants.id,
      sku: t.variants.sku,
      weight: t.variants.weightGrams,
      height: t.variants.heightCm,
      width: t.variants.widthCm,
      length: t.variants.lengthCm,
    })
    .from(t.variants)
    .where(
      inArray(
        t.variants.id,
        lines.map((l) => l.variantId),
      ),
    );
  const items: ParcelItem[] = [];
  for (const line of lines) {
    const box = boxes.find((b) => b.id === line.variantId);
    // A finish without its box cannot be priced by a carrier: the whole cart goes by the table.
    if (!box?.weight || !box.height || !box.width || !box.length) return null;
    items.push({
      id: box.sku,
      name: line.name,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      weightGrams: box.weight,
      heightCm: box.height,
      widthCm: box.width,
      lengthCm: box.length,
    });
  }
  let quoted: CarrierQuote[];
  try {
    quoted = await provider.quote(sender.cep, cep, items);
  } catch (error) {
    console.warn(
      `[frete] carriers not quoted (${error instanceof Error ? error.message : 'erro'}): regional table`,
    );
    // Not kept: the next shopper asks again.
    throw error;
  }
  if (quoted.length === 0) return null;
  const cheapest = quoted.reduce((a, b) =>
    b.price < a.price || (b.price === a.price && b.days < a.days) ? b : a,
  );
  const fastest = quoted.reduce((a, b) =>
    b.days < a.days || (b.days === a.days && b.price < a.price) ? b : a,
  );
  return { economica: cheapest, expressa: fastest };
}

const daysText = (days: number) => `até ${String(days)} ${days === 1 ? 'dia útil' : 'dias úteis'}`;

/**
 * The table's quote with its delivery options priced by the carriers: the free-shipping promise of
 * "Econômica" holds (the store pays the carrier), and each option names the service that carries it. Its
 * days are the carrier's plus the store's own to dispatch (`handlingDays`).
 */
export function withCarriers(quote: Shipping, choice: CarrierChoice | null, handlingDays = 0): Shipping {
  if (!choice) return quote;
  const fretes = quote.fretes.map((f): Frete => {
    if (f.tipo !== 'entrega' || (f.id !== 'economica' && f.id !== 'expressa')) return f;
    const q = choice[f.id];
    const free = f.id === 'economica' && f.valor === 0;
    const name = `${q.carrier} ${q.service}`;
    return {
      ...f,
      label: f.id === 'economica' ? `Econômica – ${free ? 'Frete Grátis' : name}` : `Expressa – ${name}`,
      valor: free ? 0 : q.price,
      prazo: daysText(q.days + handlingDays),
      dias: q.days + handlingDays,
      servico: q.serviceId,
    };
  });
  return { ...quote, fretes };
}
