import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { faturamentoSchema, invoiceXmlSchema } from '#/contract/invoices.ts';
import { pedidoAnswerSchema } from '#/contract/order.ts';
import * as t from '#/server/db/schema.ts';
import { newSession } from '../harness.ts';
import { buyer, pickVariants, placeAs } from '../buyers.ts';
import type { Variant } from '../buyers.ts';
import { ADMIN_TOKEN, startPlatform } from '../harness.ts';
import type { TestPlatform } from '../harness.ts';
import { accessKey, companyCertificate, signedNfeProc } from '../../../support/nfe-xml.ts';
import type { NfeOptions, Signer } from '../../../support/nfe-xml.ts';

/**
 * A store that invoices in its ERP (no provider configured): the team, or the ERP itself through the staff
 * API, attaches the authorised XML; the store reads key, number, series, date, total and buyer from it and
 * refuses one that is not this order's. The buyer then downloads the XML from the order page.
 */

let store: TestPlatform;
let variant: Variant;
const STORE_CNPJ = '12345678000195';

beforeAll(async () => {
  store = await startPlatform(10);
  [variant] = (await pickVariants(store, 1)) as [Variant];
  await store.database.db.update(t.variants).set({ stock: 100 }).where(eq(t.variants.id, variant.id));
});
afterAll(() => store.stop());

const staff = (path: string, init: { method?: string; body?: unknown } = {}) =>
  store.request(`/v2/admin/orders${path}`, {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });

async function paidOrder() {
  const b = await buyer(store, [{ v: variant, quantidade: 1 }]);
  const { pedido } = pedidoAnswerSchema.parse(await (await placeAs(store, b)).json());
  await staff(`/${String(pedido.numero)}/status`, { method: 'PUT', body: { situacao: 'pago' } });
  const [c] = await store.database.db
    .select({ document: t.customers.document })
    .from(t.customers)
    .where(eq(t.customers.id, b.customerId));
  return { numero: pedido.numero, total: pedido.valores.total, cpf: c?.document ?? '', session: b.session };
}

let signer: Signer;
let stranger: Signer;
beforeAll(async () => {
  [signer, stranger] = await Promise.all([
    companyCertificate(STORE_CNPJ),
    companyCertificate('11222333000181', 'OUTRA EMPRESA LTDA'),
  ]);
});

/** The key with its check digit changed. */
const wrongDigit = (key: string) => `${key.slice(0, 43)}${String((Number(key.slice(43)) + 1) % 10)}`;

/** An authorised NF-e as an ERP keeps it, signed with the store's certificate unless told. */
const nfeProc = (o: Omit<NfeOptions, 'cnpj'> & { cnpj?: string }, by = signer) =>
  signedNfeProc({ cnpj: STORE_CNPJ, ...o }, by);

test('an ERP XML of another company, another buyer, another total, not authorised, or not XML: refused', async () => {
  const o = await paidOrder();
  const tries: [string, RegExp][] = [
    [nfeProc({ ...o, cnpj: '11222333000181' }, stranger), /outro CNPJ/],
    [nfeProc({ ...o, cpf: '52998224725' }), /não é o comprador/],
    [nfeProc({ ...o, total: o.total + 1 }), /não é o do pedido/],
    [nfeProc({ ...o, cStat: '539' }), /autorização da SEFAZ/],
    [nfeProc({ ...o, mod: '65' }), /modelo 55/],
    [`<html>${'x'.repeat(200)}</html>`, /não é de uma NF-e/],
    // What an auditor tries: a homologation note, keys that do not agree with the note, no signature, a note
    // changed after signing, another company's certificate.
    [nfeProc({ ...o, tpAmb: '2' }), /homologação/],
    [nfeProc({ ...o, key: wrongDigit(accessKey(STORE_CNPJ, 4321)) }), /dígito verificador/],
    [nfeProc({ ...o, key: accessKey('11222333000181', 4321) }), /CNPJ diferente do emitente/],
    [nfeProc({ ...o, key: accessKey(STORE_CNPJ, 9999) }), /não condiz com a nota/],
    [nfeProc({ ...o, protocolKey: accessKey(STORE_CNPJ, 9999) }), /chNFe.*não é a da nota/],
    [nfeProc({ ...o, unsigned: true }), /não traz a assinatura digital/],
    [nfeProc({ ...o, tamperTotal: (o.total - 50).toFixed(2) }), /assinatura digital não confere/],
    [nfeProc(o, stranger), /certificado de outra empresa/],
    ['<nfeProc><<<'.padEnd(150, '<'), /XML/],
  ];
  for (const [xml, why] of tries) {
    const res = await staff(`/${String(o.numero)}/invoice`, { method: 'POST', body: { xml } });
    expect(res.status).toBe(422);
    expect(JSON.stringify(await res.json())).toMatch(why);
  }
  expect(
    await store.database.db.select().from(t.invoices).where(eq(t.invoices.orderNumber, o.numero)),
  ).toEqual([]);
});

test("the order's own authorised XML: kept, read, on the buyer's page, and downloaded by its buyer only", async () => {
  const o = await paidOrder();
  const xml = nfeProc(o);
  const res = await staff(`/${String(o.numero)}/invoice`, { method: 'POST', body: { xml } });
  expect(res.status).toBe(200);
  const { nota, podeAnexar } = faturamentoSchema.parse(await res.json());
  expect(nota).toMatchObject({ situacao: 'autorizada', provedor: 'erp', numero: '4321', serie: '2' });
  expect(podeAnexar).toBe(false);
  // A second XML for the same order is refused: one NF-e stands.
  expect((await staff(`/${String(o.numero)}/invoice`, { method: 'POST', body: { xml } })).status).toBe(409);

  const page = await store.request(`/v2/front/checkout/order/${String(o.numero)}`, {
    headers: { Session: o.session },
  });
  const { pedido } = pedidoAnswerSchema.parse(await page.json());
  expect(pedido.notaFiscal?.xml).toMatch(new RegExp(`/minha-conta/pedidos/${String(o.numero)}/nfe\\.xml$`));
  const mine = await store.request(`/v2/front/checkout/order/${String(o.numero)}/invoice-xml`, {
    headers: { Session: o.session },
  });
  expect(invoiceXmlSchema.parse(await mine.json()).xml).toBe(xml);
  const other = await store.request(`/v2/front/checkout/order/${String(o.numero)}/invoice-xml`, {
    headers: { Session: newSession() },
  });
  expect(other.status).toBe(404);
  expect(
    store.mail.filter((m) => m.kind === 'pedido-nota-fiscal' && m.text.includes(String(o.numero))),
  ).toHaveLength(1);
});

test('an access key belongs to one order: the same NF-e on a second order of the same buyer is refused', async () => {
  const first = await paidOrder();
  const second = await paidOrder();
  // The second order made the first buyer's, of the same total: only the key can tell them apart.
  const [owner] = await store.database.db
    .select({ id: t.orders.customerId })
    .from(t.orders)
    .where(eq(t.orders.number, first.numero));
  await store.database.db
    .update(t.orders)
    .set({ customerId: owner?.id ?? 0 })
    .where(eq(t.orders.number, second.numero));
  const xml = nfeProc({ ...first, number: 5000 });
  expect((await staff(`/${String(first.numero)}/invoice`, { method: 'POST', body: { xml } })).status).toBe(
    200,
  );
  const again = await staff(`/${String(second.numero)}/invoice`, { method: 'POST', body: { xml } });
  expect(again.status).toBe(409);
  expect(JSON.stringify(await again.json())).toContain(`já está no pedido ${String(first.numero)}`);
  expect(
    await store.database.db.select().from(t.invoices).where(eq(t.invoices.orderNumber, second.numero)),
  ).toEqual([]);
});
