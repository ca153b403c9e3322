import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cartSchema } from '#/contract/cart.ts';
import { errorSchema } from '#/contract/common.ts';
import { paymentMethodsSchema, pedidoAnswerSchema } from '#/contract/order.ts';
import * as t from '#/server/db/schema.ts';
import { installments } from '#/server/catalog/price-policy.ts';
import { STORE_SETTINGS } from '#/server/config/store-settings.ts';
import { offeredMethods } from '#/server/orders/payments.ts';
import type { ChargeRequest, PaymentProvider } from '#/server/orders/payments.ts';
import { buyer, pickVariants, placeAs } from './buyers.ts';
import type { Variant } from './buyers.ts';
import { startPlatform } from './harness.ts';
import { settingsSchema } from '#/contract/settings.ts';
import { listingSchema, productPageSchema } from '#/contract/page.ts';
import { showcaseSchema } from '#/contract/store.ts';
import type { TestPlatform } from './harness.ts';

/**
 * The payment-provider seam: with none (the store out of the box) the checkout offers Pix alone; with one,
 * its boleto and card, charged after the order is placed, and an order cancelled when the charge fails.
 */

/** An acquirer as a store would plug one in, answering from memory instead of over HTTP. */
function testAcquirer() {
  const charged: ChargeRequest[] = [];
  let failing = false;
  const provider: PaymentProvider = {
    name: 'adquirente de teste',
    methods: [
      {
        id: 'boleto',
        label: 'Boleto bancário',
        detalhe: 'Vence em 3 dias úteis.',
        minutosPagamento: 3 * 24 * 60,
      },
      { id: 'cartao', label: 'Cartão de crédito', detalhe: 'Em até 10x sem juros.', minutosPagamento: 60 },
    ],
    charge: (request) => {
      if (failing) return Promise.reject(Object.assign(new Error('recusado'), { code: 'ECONNRESET' }));
      charged.push(request);
      return Promise.resolve(
        request.metodo === 'boleto'
          ? {
              linhaDigitavel: `34191.79001 01043.510047 91020.150008 1 ${String(request.numero).padStart(14, '0')}`,
              url: `https://pagamentos.exemplo/boleto/${String(request.numero)}`,
            }
          : { url: `https://pagamentos.exemplo/cartao/${String(request.numero)}` },
      );
    },
  };
  return {
    provider,
    charged,
    fail: (value: boolean) => {
      failing = value;
    },
  };
}

let plain: TestPlatform;
let withProvider: TestPlatform;
let acquirer: ReturnType<typeof testAcquirer>;
let variant: Variant;

beforeAll(async () => {
  acquirer = testAcquirer();
  [plain, withProvider] = await Promise.all([
    startPlatform(20),
    startPlatform(20, { paymentProvider: acquirer.provider }),
  ]);
  [variant] = (await pickVariants(withProvider, 1)) as [Variant];
});
afterAll(() => Promise.all([plain.stop(), withProvider.stop()]));

const methodsOf = async (store: TestPlatform) =>
  (await store.getJson('/v2/front/checkout/payment-methods', paymentMethodsSchema)).metodos.map((m) => m.id);

describe('out of the box: no provider', () => {
  test('the settings the storefront reads say Pix alone: boleto, card and deposit are off', async () => {
    const { configuracoes } = await plain.getJson('/v2/front/settings', settingsSchema);
    const on = Object.entries(configuracoes.pagamentos).flatMap(([id, m]) => (m.ativo ? [id] : []));
    expect(on).toEqual(['pix']);
    // The discounts stay as configured, for the day a provider is plugged in.
    expect(configuracoes.pagamentos.boleto.desconto).toBe(10);
    const served = await withProvider.getJson('/v2/front/settings', settingsSchema);
    const withOne = Object.entries(served.configuracoes.pagamentos).flatMap(([id, m]) =>
      m.ativo ? [id] : [],
    );
    expect(withOne.sort()).toEqual(['boleto', 'cartao', 'pix']);
  });

  test('the checkout offers Pix alone, and a boleto is refused in Portuguese, placing nothing', async () => {
    expect(await methodsOf(plain)).toEqual(['pix']);
    const [v] = (await pickVariants(plain, 1)) as [Variant];
    const b = await buyer(plain, [{ v, quantidade: 1 }]);
    const res = await placeAs(plain, b, 'boleto');
    expect(res.status).toBe(400);
    expect(errorSchema.parse(await res.json()).mensagem).toBe(
      'Esta forma de pagamento não está disponível. Escolha outra.',
    );
    const orders = await plain.database.db
      .select()
      .from(t.orders)
      .where(eq(t.orders.customerId, b.customerId));
    expect(orders).toHaveLength(0);
  });
});

describe('with a provider', () => {
  test('its methods follow Pix, in order', async () => {
    expect(await methodsOf(withProvider)).toEqual(['pix', 'boleto', 'cartao']);
  });

  test('boleto: the cash discount, the charge for the total, its line on the order, days to pay', async () => {
    const b = await buyer(withProvider, [{ v: variant, quantidade: 2 }]);
    const res = await placeAs(withProvider, b, 'boleto');
    expect(res.status).toBe(201);
    const { pedido } = pedidoAnswerSchema.parse(await res.json());
    expect(pedido.pagamento.metodo).toBe('boleto');
    expect(pedido.valores.desconto).toBeGreaterThan(0);
    expect(pedido.pagamento.copiaECola).toBe('');
    expect(pedido.pagamento.linhaDigitavel).toMatch(/^34191/);
    expect(pedido.pagamento.url).toBe(`https://pagamentos.exemplo/boleto/${String(pedido.numero)}`);
    const hours = (Date.parse(pedido.pagamento.expiraEm) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71);
    const charge = acquirer.charged.find((c) => c.numero === pedido.numero);
    expect(charge).toMatchObject({ metodo: 'boleto', total: pedido.valores.total });
    expect(charge?.comprador.nome).toBe('Ana Souza');
  });

  test('card: the full price, and the page to pay on', async () => {
    const b = await buyer(withProvider, [{ v: variant, quantidade: 1 }]);
    const res = await placeAs(withProvider, b, 'cartao');
    expect(res.status).toBe(201);
    const { pedido } = pedidoAnswerSchema.parse(await res.json());
    expect(pedido.valores.desconto).toBe(0);
    expect(pedido.valores.total).toBeCloseTo(pedido.valores.subtotal + pedido.valores.frete, 2);
    expect(pedido.pagamento.url).toBe(`https://pagamentos.exemplo/cartao/${String(pedido.numero)}`);
  });

  test('a failed charge cancels the order, returns the stock and the cart, and says nothing was charged', async () => {
    const [row] = await withProvider.database.db
      .select({ stock: t.variants.stock })
      .from(t.variants)
      .where(eq(t.variants.id, variant.id));
    const b = await buyer(withProvider, [{ v: variant, quantidade: 1 }]);
    acquirer.fail(true);
    try {
      const res = await placeAs(withProvider, b, 'boleto');
      expect(res.status).toBe(502);
      const answer = errorSchema.parse(await res.json());
      expect(answer.error).toBe('payment_failed');
      expect(answer.mensagem).toMatch(/nada foi cobrado/);
    } finally {
      acquirer.fail(false);
    }
    const [order] = await withProvider.database.db
      .select({ status: t.orders.status })
      .from(t.orders)
      .where(eq(t.orders.customerId, b.customerId));
    expect(order?.status).toBe('cancelled');
    const [after] = await withProvider.database.db
      .select({ stock: t.variants.stock })
      .from(t.variants)
      .where(eq(t.variants.id, variant.id));
    expect(after?.stock).toBe(row?.stock);
    const cart = cartSchema.parse(
      await (
        await withProvider.request('/v2/front/checkout/cart', { headers: { Session: b.session } })
      ).json(),
    );
    expect(cart.itens.map((i) => [i.hash.idAtributoSimples, i.quantidade])).toEqual([[variant.id, 1]]);
  });
});

describe('prices promise only what the checkout takes', () => {
  /** What a listing, the product page, a showcase and the cart say of prices on `store`. */
  async function promises(store: TestPlatform) {
    const listing = await store.getJson(
      '/v2/front/url/product/listing/category?url=/cozinha/',
      listingSchema,
    );
    const card = listing.conteudo.produtos.find((p) => p.precos.por >= 300) ?? listing.conteudo.produtos[0];
    const path = new URL(card?.url ?? '').pathname;
    const page = await store.getJson(`/v2/front/url/product/detail?url=${path}`, productPageSchema);
    const showcase = await store.getJson('/v2/front/showcase/products/vitrine-mais-vendidos', showcaseSchema);
    const { session } = await buyer(store, [{ v: variant, quantidade: 2 }]);
    const cart = cartSchema.parse(
      await (await store.request('/v2/front/checkout/cart', { headers: { Session: session } })).json(),
    );
    return {
      prices: [card?.precos, page.conteudo.precos, showcase.produtos[0]?.precos],
      cart: cart.subtotal,
    };
  }

  test('without a provider: no installments anywhere, the cash line says "no Pix"', async () => {
    const { prices, cart } = await promises(plain);
    for (const precos of prices) {
      expect(precos?.parcelamento).toEqual([]);
      expect(precos?.textoVista).toBe('no Pix');
      expect(precos?.vista).toBeCloseTo((precos?.por ?? 0) * 0.9, 2);
    }
    expect(cart.parcelamento).toEqual([]);
    expect(cart.descontoVista.texto).toBe('no Pix');
  });

  test("with a provider taking card and boleto: the settings' installments, the cash line names both", async () => {
    const { prices, cart } = await promises(withProvider);
    for (const precos of prices) {
      expect(precos?.textoVista).toBe('no Pix ou boleto');
      // The card's rule from the store settings: up to 10x interest-free, parts of R$ 30 or more.
      expect(precos?.parcelamento).toEqual(
        installments(precos?.por ?? 0, STORE_SETTINGS.pagamentos.cartao.parcelamento),
      );
      expect(precos?.parcelamento[0]?.parcelas).toBe(1);
    }
    expect(cart.parcelamento.length).toBeGreaterThan(0);
    expect(cart.descontoVista.texto).toBe('no Pix ou boleto');
  });
});

describe('what the checkout says of Pix', () => {
  const pixOf = (byPsp: boolean, minutes: number) =>
    offeredMethods(
      {
        ...STORE_SETTINGS,
        pagamentos: {
          ...STORE_SETTINGS.pagamentos,
          pix: { ...STORE_SETTINGS.pagamentos.pix, minutosPagamento: minutes },
        },
      },
      undefined,
      byPsp,
    ).find((m) => m.id === 'pix')?.detalhe ?? '';

  test('"na hora" only through a PSP; a static Pix says a person confirms it, when, and for how long it waits', () => {
    expect(pixOf(true, 30)).toMatch(/^Aprovação na hora\. .* por 30 minutos\.$/);
    const manual = pixOf(false, 1440);
    expect(manual).not.toMatch(/na hora/);
    expect(manual).toContain('a equipe confere o extrato e confirma o pagamento no horário de atendimento');
    expect(manual).toContain(STORE_SETTINGS.dadosSite.horarioAtendimento[0]?.horario ?? '?');
    expect(manual).toContain('por 24 horas');
    expect(pixOf(false, 90)).toContain('por 1 hora e 30 minutos');
  });
});
