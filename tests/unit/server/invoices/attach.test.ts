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

/** An authorised NF-e as an ERP writes it (nfeProc: the NF-e and the SEFAZ's protocol). */
const nfeProc = (o: { cnpj?: string; cpf: string; total: number; cStat?: string; mod?: string }) => {
  const key = `3526115${'1'.repeat(36)}9`.slice(0, 44);
  return `<?xml version="1.0" encoding="UTF-8"?>
<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">
  <NFe><infNFe Id="NFe${key}" versao="4.00">
    <ide><cUF>35</cUF><natOp>Venda de mercadoria</natOp><mod>${o.mod ?? '55'}</mod><serie>2</serie><nNF>4321</nNF>
      <dhEmi>2026-11-27T10:00:00-03:00</dhEmi></ide>
    <emit><CNPJ>${o.cnpj ?? STORE_CNPJ}</CNPJ><xNome>Casa e Metais</xNome></emit>
    <dest><CPF>${o.cpf}</CPF><xNome>Ana Souza</xNome></dest>
    <total><ICMSTot><vProd>${o.total.toFixed(2)}</vProd><vNF>${o.total.toFixed(2)}</vNF></ICMSTot></total>
  </infNFe></NFe>
  <protNFe versao="4.00"><infProt><chNFe>${key}</chNFe><cStat>${o.cStat ?? '100'}</cStat>
    <xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe>
</nfeProc>`;
};

test('an ERP XML of another company, another buyer, another total, not authorised, or not XML: refused', async () => {
  const o = await paidOrder();
  const tries: [string, RegExp][] = [
    [nfeProc({ ...o, cnpj: '11222333000181' }), /outro CNPJ/],
    [nfeProc({ ...o, cpf: '52998224725' }), /não é o comprador/],
    [nfeProc({ ...o, total: o.total + 1 }), /não é o do pedido/],
    [nfeProc({ ...o, cStat: '539' }), /autorização da SEFAZ/],
    [nfeProc({ ...o, mod: '65' }), /modelo 55/],
    [`<html>${'x'.repeat(200)}</html>`, /não é de uma NF-e/],
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
