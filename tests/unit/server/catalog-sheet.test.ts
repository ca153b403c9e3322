import { eq } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sheetExportSchema, sheetReportSchema } from '#/contract/catalog-sheet.ts';
import type { SheetReport, SheetRow } from '#/contract/catalog-sheet.ts';
import { activityListSchema } from '#/contract/activity.ts';
import { CLIENT_HEADER } from '#/server/context.ts';
import * as t from '#/server/db/schema.ts';
import { catalogCsv, catalogXlsx } from '#/lib/catalog-sheet.ts';
import { unpacksWithinLimit, XLSX_UNPACKED_MAX } from '#/server/catalog/sheet/read.ts';
import { ADMIN_TOKEN, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';

/** The catalogue sheet: export, a dry run that says what each row would do, an apply that does it once. */

let store: TestPlatform;
const staff = { Authorization: `Bearer ${ADMIN_TOKEN}` };

beforeAll(async () => {
  store = await startPlatform(40);
});
afterAll(() => store.stop());

async function exported(): Promise<SheetRow[]> {
  const res = await store.request('/v2/admin/catalog/sheet', { headers: staff });
  expect(res.status).toBe(200);
  return sheetExportSchema.parse(await res.json()).linhas;
}

async function send(body: string | Uint8Array<ArrayBuffer>, name = 'planilha.csv') {
  const res = await store.request(`/v2/admin/catalog/imports?arquivo=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { ...staff, 'Content-Type': 'application/octet-stream' },
    body,
  });
  return { status: res.status, body: (await res.json()) as unknown };
}
async function dryRun(body: string | Uint8Array<ArrayBuffer>, name?: string): Promise<SheetReport> {
  const answer = await send(body, name);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return sheetReportSchema.parse(answer.body);
}
async function apply(id: string): Promise<SheetReport> {
  const res = await store.request(`/v2/admin/catalog/imports/${id}/apply`, {
    method: 'POST',
    headers: staff,
  });
  expect(res.status).toBe(200);
  return sheetReportSchema.parse(await res.json());
}
const variant = async (sku: string) =>
  (await store.database.db.select().from(t.variants).where(eq(t.variants.sku, sku)))[0];
const productOf = async (id: number) =>
  (await store.database.db.select().from(t.products).where(eq(t.products.id, id)))[0];

test('an export sent back unchanged, as CSV or XLSX, is nothing to change', async () => {
  const rows = await exported();
  const variants = await store.database.db.select({ sku: t.variants.sku }).from(t.variants);
  expect(rows).toHaveLength(variants.length);
  expect(rows.every((r) => /^[a-z0-9-]+$/.test(r.endereco) && r.sku.length > 0)).toBe(true);
  const csv = await dryRun(catalogCsv(rows));
  expect(csv.linhas).toEqual([]);
  expect(csv.totais).toEqual({ criar: 0, alterar: 0, recusar: 0, iguais: rows.length });
  const xlsx = await dryRun(await catalogXlsx(rows), 'catalogo.xlsx');
  expect(xlsx.totais).toEqual({ criar: 0, alterar: 0, recusar: 0, iguais: rows.length });
});

test('20 rows with 3 bad ones: the dry run names the 3 and changes nothing; the apply changes the 17, once', async () => {
  const all = await exported();
  const rows = all.slice(0, 17);
  const first = rows[0] as SheetRow;
  const other = all[17] as SheetRow;
  const money = (n: number) => n.toFixed(2).replace('.', ',');
  // 17 good rows (a new price, "de" and "por" alike, and a stock), then 3 bad ones; an unknown column is ignored.
  const lines = rows.map(
    (r, i) => `${r.sku};${money(r.precoPor + 10)};${money(r.precoPor + 10)};${String(i + 1)};x`,
  );
  lines.push(`${first.sku.toLowerCase()};;99,90;1;`, 'NAO-EXISTE-1;;10,00;1;', `${other.sku};;dez reais;2;`);
  const withDe = `\uFEFFsku;preco_de;preco_por;estoque;observacao\r\n${lines.join('\r\n')}\r\n`;
  const before = await variant(first.sku);
  const preview = await dryRun(withDe);
  expect(preview.aplicada).toBe(false);
  expect(preview.totais).toEqual({ criar: 0, alterar: 17, recusar: 3, iguais: 0 });
  expect(preview.linhas.filter((l) => l.acao === 'recusar')).toEqual([
    {
      linha: 19,
      sku: first.sku.toLowerCase(),
      acao: 'recusar',
      motivo: `O SKU ${first.sku.toLowerCase()} já apareceu na linha 2.`,
    },
    {
      linha: 20,
      sku: 'NAO-EXISTE-1',
      acao: 'recusar',
      motivo: 'SKU novo: informe o endereço do produto (um que já existe, ou o de um produto novo).',
    },
    {
      linha: 21,
      sku: other.sku,
      acao: 'recusar',
      motivo: 'Preço por inválido: "dez reais" (use 1.234,56 ou 1234.56).',
    },
  ]);
  const change = preview.linhas.find((l) => l.linha === 2);
  expect(change?.mudancas).toContainEqual({
    campo: 'Estoque',
    antes: String(before?.stock),
    depois: '1',
  });
  expect(await variant(first.sku)).toEqual(before);

  const applied = await apply(preview.id);
  expect(applied.aplicada).toBe(true);
  expect(applied.totais).toEqual(preview.totais);
  const after = await variant(first.sku);
  expect(after).toMatchObject({ price: first.precoPor + 10, listPrice: first.precoPor + 10, stock: 1 });
  // The product's price and stock follow its finishes.
  const product = await productOf(after?.productId ?? 0);
  const finishes = await store.database.db
    .select()
    .from(t.variants)
    .where(eq(t.variants.productId, after?.productId ?? 0));
  expect(product?.stock).toBe(finishes.reduce((n, v) => n + v.stock, 0));
  // Applied again: the same file changes nothing more.
  expect((await apply(preview.id)).totais).toEqual({ criar: 0, alterar: 0, recusar: 3, iguais: 17 });
  const activity = activityListSchema.parse(
    await (
      await store.request(`/v2/admin/activity?entidade=produto&id=${first.sku}`, { headers: staff })
    ).json(),
  );
  expect(activity.atividades).toHaveLength(1);
  expect(activity.atividades[0]).toMatchObject({ acao: 'planilha.alterar', autor: 'token' });
});

test('stock-only and price-only sheets, a comma sheet with 1234.56, and a Windows-1252 one', async () => {
  const [a, b] = (await exported()).slice(20, 22) as [SheetRow, SheetRow];
  await apply((await dryRun(`sku;estoque\n${a.sku};7\n${b.sku};0\n`)).id);
  expect((await variant(a.sku))?.stock).toBe(7);
  expect((await variant(b.sku))?.stock).toBe(0);
  expect(await variant(a.sku)).toMatchObject({ price: a.precoPor, listPrice: a.precoDe });
  const price = Math.max(a.precoDe, 1200) + 34.5;
  await apply(
    (await dryRun(`SKU,Preço de,Preço por\n${a.sku},"${price.toFixed(2)}",${price.toFixed(2)}\n`)).id,
  );
  expect(await variant(a.sku)).toMatchObject({ price, listPrice: price, stock: 7 });
  const latin1 = Buffer.from(`sku;Preço por\n${b.sku};1.234,56\n`, 'latin1');
  const report = await dryRun(new Uint8Array(latin1));
  expect(report.totais.recusar + report.totais.alterar).toBe(1);
  expect(report.ignoradas).toEqual([]);
});

test('a new product with two finishes, and a new finish of an existing product', async () => {
  const [host] = await exported();
  const hostSlug = host?.endereco ?? '';
  const sheet = [
    'sku;produto;endereco;marca;categoria;acabamento;preco_de;preco_por;estoque',
    'NOVA-1-CR;Torneira Planilha Nova;torneira-planilha-nova;' +
      `${host?.marca ?? ''};${host?.categoria ?? ''};Cromado;399,90;349,90;5`,
    `NOVA-1-PF;;torneira-planilha-nova;;;Preto Fosco;;449,90;0`,
    `NOVA-1-XX;Outro Nome;torneira-planilha-nova;;;Branco;;449,90;0`,
    `NOVA-2-RG;;${hostSlug};;;Rose Gold;;999,90;2`,
    `NOVA-3;Sem Marca;produto-sem-marca;;;Cromado;;10;1`,
  ].join('\n');
  const preview = await dryRun(sheet);
  const refused = Object.fromEntries(
    preview.linhas.filter((l) => l.acao === 'recusar').map((l) => [l.sku, l.motivo]),
  );
  expect(refused['NOVA-1-XX']).toBe('A linha 2 dá outro nome a este mesmo produto.');
  expect(refused['NOVA-3']).toBe(
    'Produto novo (/produto-sem-marca.html): informe o nome, a marca e a categoria.',
  );
  // The host may already have Rose Gold: then that row is refused too, and says why.
  const hostHasRose = (await exported()).some((r) => r.endereco === hostSlug && r.acabamento === 'Rose Gold');
  expect(preview.totais.criar).toBe(hostHasRose ? 2 : 3);
  await apply(preview.id);
  const [created] = await store.database.db
    .select()
    .from(t.products)
    .where(eq(t.products.slug, 'torneira-planilha-nova'));
  expect(created).toMatchObject({
    name: 'Torneira Planilha Nova',
    price: 349.9,
    listPrice: 399.9,
    discount: 13,
    stock: 5,
    finishes: ['cromado', 'preto-fosco'],
    ratingCount: 0,
  });
  const page = await store.request('/v2/front/url/product/detail?url=/torneira-planilha-nova.html');
  expect(page.status).toBe(200);
  const found = await store.request('/v2/front/url/product/listing/search?busca=planilha%20nova');
  expect(JSON.stringify(await found.json())).toContain('torneira-planilha-nova');
});

describe('a file that is not a sheet the store reads: a 4xx with the reason, nothing kept', () => {
  test.each([
    ['an empty file', '', 400, 'O arquivo está vazio.'],
    ['no sku column', 'produto;preco\nx;1\n', 400, 'A primeira linha da planilha precisa ter a coluna "sku"'],
    ['only headings', 'sku;estoque\n', 400, 'A planilha não tem nenhuma linha abaixo dos títulos.'],
    ['binary', new Uint8Array([0, 1, 2, 3, 255]), 400, 'O arquivo não é uma planilha CSV nem XLSX.'],
    ['a broken zip', new Uint8Array([0x50, 0x4b, 3, 4, 9, 9, 9]), 400, 'O arquivo XLSX não pôde ser lido'],
  ])('%s', async (_name, body, status, message) => {
    const answer = await send(body);
    expect(answer.status).toBe(status);
    expect((answer.body as { mensagem: string }).mensagem).toContain(message);
  });

  test('an unknown import is a 404; a shopper or no token never reaches the sheet', async () => {
    const res = await store.request('/v2/admin/catalog/imports/aaaaaaaaaaaaaaaa/apply', {
      method: 'POST',
      headers: staff,
    });
    expect(res.status).toBe(404);
    expect((await store.request('/v2/admin/catalog/sheet')).status).toBe(401);
    const upload = await store.request('/v2/admin/catalog/imports', { method: 'POST', body: 'sku\nX\n' });
    expect(upload.status).toBe(401);
  });
});

test('a price-only sheet that raises "por" above "de" raises "de" with it; a "de" given below "por" is refused', async () => {
  const [c, d] = (await exported()).slice(30, 32) as [SheetRow, SheetRow];
  const above = c.precoDe + 50;
  const report = await dryRun(`sku;preco_por\n${c.sku};${above.toFixed(2)}\n`);
  expect(report.linhas[0]?.mudancas).toEqual([
    { campo: 'Preço de', antes: brl(c.precoDe), depois: brl(above) },
    { campo: 'Preço por', antes: brl(c.precoPor), depois: brl(above) },
  ]);
  await apply(report.id);
  expect(await variant(c.sku)).toMatchObject({ listPrice: above, price: above });
  const refused = await dryRun(`sku;preco_de;preco_por\n${d.sku};10,00;20,00\n`);
  expect(refused.linhas[0]?.motivo).toBe(`O preço de (${brl(10)}) fica abaixo do preço por (${brl(20)}).`);
});

const brl = (n: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(n);

test('an XLSX that would unpack past 100 MB (a zip bomb) is refused before it is parsed', async () => {
  const zeros = new Uint8Array(XLSX_UNPACKED_MAX + 1024 * 1024);
  const bomb = zipSync(
    { '[Content_Types].xml': strToU8('<Types/>'), 'xl/worksheets/sheet1.xml': zeros },
    { level: 9 },
  );
  expect(bomb.length).toBeLessThan(1024 * 1024);
  const answer = await send(new Uint8Array(bomb));
  expect(answer.status).toBe(400);
  expect((answer.body as { mensagem: string }).mensagem).toBe(
    'O arquivo XLSX se expande demais para uma planilha: salve-o de novo e envie outra vez.',
  );
});

test('rows are counted as they are read: a sheet past the row limit, or millions of blank lines, is refused unread', async () => {
  const refusal = 'A planilha passa de 50.000 linhas: envie no máximo 50.000 por vez.';
  // Eight megabytes of line breaks (blank lines cost nothing to send, and were read whole before).
  const blank = await send(`sku;preco_por\n${'\n'.repeat(8 * 1024 * 1024 - 20)}`);
  expect(blank.status).toBe(400);
  expect((blank.body as { mensagem: string }).mensagem).toBe(refusal);
  // One row more than the limit.
  const rows = Array.from({ length: 50_001 }, (_, n) => `SKU-${String(n)};1,00`).join('\n');
  const over = await send(`sku;preco_por\n${rows}\n`);
  expect(over.status).toBe(400);
  expect((over.body as { mensagem: string }).mensagem).toBe(refusal);
});

test('a zip bomb is abandoned while it inflates: a little of it is unpacked, never the whole', () => {
  // 64 MB of zeros deflate to about 64 KB; a ceiling of 1 MB stops the count long before the end.
  const bomb = zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(64 * 1024 * 1024) }, { level: 9 });
  expect(unpacksWithinLimit(bomb, 1024 * 1024)).toBe(false);
  expect(unpacksWithinLimit(bomb, 65 * 1024 * 1024)).toBe(true);
});

test('a sheet that brings a sold-out finish back e-mails who asked to be told, once', async () => {
  const row = (await exported())[35] as SheetRow;
  await apply((await dryRun(`sku;estoque\n${row.sku};0\n`)).id);
  const [finish] = await store.database.db
    .select({ id: t.variants.id, product: t.variants.productId })
    .from(t.variants)
    .where(eq(t.variants.sku, row.sku));
  const asked = await store.request('/v2/front/product/solicitation', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [CLIENT_HEADER]: '203.0.113.77' },
    body: JSON.stringify({
      idProduto: finish?.product,
      idAtributoValor: finish?.id,
      nome: 'Lia',
      email: 'lia.planilha@exemplo.com.br',
    }),
  });
  expect(asked.status).toBe(200);
  const back = await dryRun(`sku;estoque\n${row.sku};4\n`);
  await apply(back.id);
  expect(store.mail.filter((m) => m.to === 'lia.planilha@exemplo.com.br')).toHaveLength(1);
  await apply(back.id);
  expect(store.mail.filter((m) => m.to === 'lia.planilha@exemplo.com.br')).toHaveLength(1);
});

describe('a sheet downloaded earlier never undoes what changed in the store since', () => {
  /** The export as the team downloaded it, and the same rows with one row's cells changed. */
  const edited = (rows: SheetRow[], sku: string, change: Partial<SheetRow>) =>
    rows.map((r) => (r.sku === sku ? { ...r, ...change } : r));

  test('2 units sold and a price changed in the panel after the download: the sheet changes only what it changed', async () => {
    const rows = await exported();
    const [sold, repriced] = rows.slice(30, 32) as [SheetRow, SheetRow];
    // After the download: two units of one finish sold; another finish repriced in the panel.
    await store.database.db
      .update(t.variants)
      .set({ stock: sold.estoque - 2 })
      .where(eq(t.variants.sku, sold.sku));
    await store.database.db
      .update(t.variants)
      .set({ price: repriced.precoPor - 1, listPrice: repriced.precoDe })
      .where(eq(t.variants.sku, repriced.sku));
    // The team changes one price of the sold finish and nothing else in the file.
    const report = await dryRun(catalogCsv(edited(rows, sold.sku, { precoPor: sold.precoPor - 5 })));
    expect(report.totais).toMatchObject({ alterar: 1, recusar: 0 });
    expect(report.linhas[0]?.mudancas).toEqual([
      { campo: 'Preço por', antes: expect.any(String) as string, depois: expect.any(String) as string },
    ]);
    await apply(report.id);
    expect(await variant(sold.sku)).toMatchObject({ stock: sold.estoque - 2, price: sold.precoPor - 5 });
    expect(await variant(repriced.sku)).toMatchObject({ price: repriced.precoPor - 1 });
  });

  test('a cell changed in the sheet and in the store is refused, saying what the store holds now', async () => {
    const rows = await exported();
    const row = rows[33] as SheetRow;
    await store.database.db
      .update(t.variants)
      .set({ stock: row.estoque + 8 })
      .where(eq(t.variants.sku, row.sku));
    const report = await dryRun(catalogCsv(edited(rows, row.sku, { estoque: 3 })));
    expect(report.linhas).toEqual([
      expect.objectContaining({
        sku: row.sku,
        acao: 'recusar',
        motivo: `O estoque mudou desde que a planilha foi baixada: agora ${String(row.estoque + 8)}. Baixe a planilha de novo.`,
      }),
    ]);
    // A sheet without its `versao` column (made by hand) still sets what it says.
    const handMade = `sku;estoque\r\n${row.sku};3\r\n`;
    expect((await dryRun(handMade)).totais).toMatchObject({ alterar: 1 });
  });

  test('text that starts like a formula is refused; the export’s own escaping comes back as it went', async () => {
    const rows = await exported();
    const row = rows[35] as SheetRow;
    for (const name of ['=HYPERLINK("http://x.test","clique")', '+SUM(1;2)', '@SOMA(A1)', '-2+3']) {
      const report = await dryRun(`sku;produto\r\n${row.sku};"${name.replace(/"/g, '""')}"\r\n`);
      expect(report.linhas[0], name).toMatchObject({
        acao: 'recusar',
        motivo: expect.stringMatching(/fórmula/) as string,
      });
    }
    // A product already named like a formula (from the panel) is exported escaped ('=…) and comes back unchanged.
    await store.database.db
      .update(t.products)
      .set({ name: '=Cuba dupla' })
      .where(eq(t.products.slug, row.endereco));
    const again = await exported();
    const csv = catalogCsv(again);
    expect(csv).toContain(';"\'=Cuba dupla";');
    expect((await dryRun(csv)).totais).toEqual({ criar: 0, alterar: 0, recusar: 0, iguais: again.length });
  });

  test('an XLSX cell that is a formula is refused: its cached result is not a value someone typed', async () => {
    const rows = await exported();
    const row = rows[36] as SheetRow;
    const sheet = `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>sku</t></is></c><c r="B1" t="inlineStr"><is><t>preco_por</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>${row.sku}</t></is></c><c r="B2"><f>10*2</f><v>20</v></c></row></sheetData></worksheet>`;
    const xlsx = zipSync({
      '[Content_Types].xml': strToU8(
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
      ),
      '_rels/.rels': strToU8(
        '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
      ),
      'xl/workbook.xml': strToU8(
        '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Plan1" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
      'xl/_rels/workbook.xml.rels': strToU8(
        '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
      'xl/worksheets/sheet1.xml': strToU8(sheet),
    });
    const report = await dryRun(new Uint8Array(xlsx), 'formulas.xlsx');
    expect(report.linhas).toEqual([
      expect.objectContaining({
        sku: row.sku,
        acao: 'recusar',
        motivo: expect.stringMatching(/preco_por .*fórmula/) as string,
      }),
    ]);
  });
});

describe('the fiscal columns (NCM, CEST, origin, GTIN)', () => {
  test('exported with each finish; a sheet sets them; a bad one, or an NCM that lost its leading zero, is refused', async () => {
    const [row, other, third] = (await exported()).slice(-3) as [SheetRow, SheetRow, SheetRow];
    expect(row.ncm).toMatch(/^\d{8}$/);
    const head = 'sku;ncm;cest;origem;gtin';
    const report = await dryRun(
      [
        head,
        `${row.sku};7324.10.00;10.006.00;1;7891234567895`,
        `${other.sku};8481801;;;`,
        `${third.sku};123;;9;123`,
      ].join('\n'),
    );
    expect(report.totais).toMatchObject({ alterar: 1, recusar: 2 });
    const refused = report.linhas.find((l) => l.sku === third.sku);
    expect(refused?.motivo).toMatch(/NCM: informe os 8 dígitos/);
    expect(report.linhas.find((l) => l.sku === other.sku)?.motivo).toMatch(/NCM com 7 dígitos \(8481801\)/);
    const changed = report.linhas.find((l) => l.sku === row.sku);
    expect(changed?.mudancas).toContainEqual({ campo: 'NCM', antes: row.ncm, depois: '73241000' });
    await apply(report.id);
    expect(await variant(row.sku)).toMatchObject({
      ncm: '73241000',
      cest: '1000600',
      origin: 1,
      gtin: '7891234567895',
    });
    expect((await variant(other.sku))?.ncm).toBe(other.ncm);
  });

  test('an NCM changed on the product page after the download: the old sheet leaves it, or says it changed', async () => {
    const [row] = (await exported()).slice(0, 1) as [SheetRow];
    await store.database.db.update(t.variants).set({ ncm: '84818099' }).where(eq(t.variants.sku, row.sku));
    const unchanged = await dryRun(catalogCsv([row]));
    expect(unchanged.totais).toMatchObject({ alterar: 0, iguais: 1 });
    const edited = await dryRun(catalogCsv([{ ...row, ncm: '84818011' }]));
    expect(edited.linhas[0]?.motivo).toMatch(/O NCM mudou desde que a planilha foi baixada: agora 84818099/);
  });
});
