import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './axe.ts';
import { ADMIN_TOKEN } from './servers.ts';
import { screenOf, shopperContext } from './shopper.ts';
import { catalogueMember } from './staff.ts';
import { htmlErrors } from './vnu.ts';

/** The product editor, as a `catalogo` member uses it without JavaScript, and what the shopper then sees. */

type Listed = { id: number; nome: string; caminho: string; skus: string[] };
/** A product of this run's own (desktop and phone share the store), found as the team would: by name order. */
async function ownProduct(request: APIRequestContext, isMobile: boolean): Promise<Listed> {
  const res = await request.get(`/api/v2/admin/products?ordem=nome&pagina=${isMobile ? '7' : '8'}`, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { itens: Listed[] }).itens[3] as Listed;
}
const reais = (n: number) => `R$ ${n.toLocaleString('pt-BR', { minimumFractionDigits: 2 })}`;

test('a catalogue member edits a product: refused by the field, then a new price and address; switched off and on; the store follows', async ({
  browser,
  isMobile,
  request,
}) => {
  test.setTimeout(180_000);
  const product = await ownProduct(request, isMobile);
  const sku = product.skus[0] as string;
  const page = await (await shopperContext(browser, isMobile, { javaScript: false })).newPage();
  await catalogueMember(page, request);
  await page.goto('/painel/produtos');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(sku);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await page.getByRole('link', { name: product.nome, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.nome);

  // Two mistakes: each said by its field, and what was typed stays.
  const finish = page.getByRole('group', { name: `Acabamento ${sku}` });
  await page.getByLabel('Nome', { exact: true }).fill('x');
  await finish.getByLabel('Preço "por" (R$)').fill('barato');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(page.getByRole('alert')).toHaveText('Confira os campos marcados abaixo.');
  await expect(page.getByLabel('Nome', { exact: true })).toHaveAccessibleDescription(
    /Nome: pelo menos 3 caracteres\./,
  );
  await expect(finish.getByLabel('Preço "por" (R$)')).toHaveValue('barato');
  await expect(finish.getByLabel('Preço "por" (R$)')).toHaveAttribute('aria-invalid', 'true');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(screenOf(isMobile).width);

  // Right this time: a new price, a new address, a title for search engines.
  const address = `${product.caminho.slice(1, -'.html'.length)}-${isMobile ? 'm' : 'd'}${String(Date.now()).slice(-5)}`;
  const price = isMobile ? 1234.5 : 987.6;
  await page.getByLabel('Nome', { exact: true }).fill(product.nome);
  await page.getByLabel('Endereço na loja').fill(address);
  await finish.getByLabel('Preço "de" (R$)').fill('1.999,90');
  await finish.getByLabel('Preço "por" (R$)').fill(price.toLocaleString('pt-BR'));
  await finish.getByLabel('Estoque').fill('9');
  await page.getByLabel('Título para buscadores').fill(`Oferta: ${sku} com entrega rápida`);
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(page.getByRole('status')).toHaveText('Produto salvo.');
  await expect(page.getByText(`/${address}.html`, { exact: true })).toBeVisible();
  const history = page.getByRole('table', { name: 'Mudanças deste produto' });
  await expect(history.locator('tbody tr').first()).toContainText('Carla Catálogo');
  await expect(history.locator('tbody tr').first()).toContainText(
    `Endereço: ${product.caminho.slice(1, -5)} → ${address}`,
  );
  const served = new Map([[`/painel/produtos/${String(product.id)}`, await page.content()]]);

  // The shopper's old link moves for good to the new address, where the new price is.
  const moved = await request.get(`${product.caminho}?sku=${encodeURIComponent(sku)}`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers()['location']).toBe(`/${address}.html?sku=${encodeURIComponent(sku)}`);
  const shopper = await (await shopperContext(browser, isMobile, { javaScript: false })).newPage();
  await shopper.goto(`${product.caminho}?sku=${encodeURIComponent(sku)}`);
  await expect(shopper).toHaveURL(new RegExp(`/${address}\\.html\\?sku=`));
  await expect(shopper.locator('main')).toContainText(reais(price));
  await expect(shopper).toHaveTitle(new RegExp(`^Oferta: ${sku} com entrega rápida \\| `));

  // A page left open while the product was saved elsewhere: its save is refused and says why.
  const stale = await page.context().newPage();
  await stale.goto(`/painel/produtos/${String(product.id)}`);
  await page.getByLabel('Resumo (ao lado do preço)').fill('Resumo salvo primeiro.');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(page.getByRole('status')).toHaveText('Produto salvo.');
  await stale.getByLabel('Resumo (ao lado do preço)').fill('Resumo de uma página velha.');
  await stale.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(stale.getByRole('alert')).toContainText(
    'Alguém salvou este produto depois que você abriu a página',
  );
  await stale.close();
  await page.reload();
  await expect(page.getByLabel('Resumo (ao lado do preço)')).toHaveValue('Resumo salvo primeiro.');

  // Off: the page is gone for the shopper, the product stays in the panel; on again, it is back.
  await page.getByLabel('À venda na loja').uncheck();
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(page.getByRole('status')).toHaveText('Produto salvo.');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Fora da venda');
  await expect(async () => {
    expect((await shopper.goto(`/${address}.html`))?.status()).toBe(404);
  }).toPass({ timeout: 10_000 });
  await page.getByLabel('À venda na loja').check();
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(async () => {
    expect((await shopper.goto(`/${address}.html`))?.status()).toBe(200);
  }).toPass({ timeout: 10_000 });

  const checked = await (
    await shopperContext(browser, isMobile, {
      javaScript: true,
      storageState: await page.context().storageState(),
    })
  ).newPage();
  await checked.goto(`/painel/produtos/${String(product.id)}`);
  await expectNoSeriousA11yIssues(checked);
  await checked.goto('/painel/produtos/novo');
  await expectNoSeriousA11yIssues(checked);
  served.set('/painel/produtos/novo', await checked.content());
  if (!isMobile) expect(await htmlErrors(served)).toEqual([]);
});

test('a catalogue member creates a product with two finishes; it is on sale at its address', async ({
  browser,
  isMobile,
  request,
}) => {
  test.setTimeout(120_000);
  const page = await (await shopperContext(browser, isMobile, { javaScript: false })).newPage();
  await catalogueMember(page, request);
  await page.goto('/painel/produtos');
  await page.getByRole('link', { name: 'Novo produto' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Novo produto');
  const tag = `${isMobile ? 'M' : 'D'}${String(Date.now()).slice(-6)}`;
  const name = `Cuba Esculpida Lumen ${tag}`;
  await page.getByLabel('Nome', { exact: true }).fill(name);
  await page.getByLabel('Endereço na loja').fill(`cuba-esculpida-lumen-${tag.toLowerCase()}`);
  await page.getByLabel('Marca').selectOption({ index: 1 });
  await page.getByLabel('Categoria').selectOption({ label: 'Banheiro › Cubas e lavatórios' });
  await page.getByLabel('Resumo (ao lado do preço)').fill('Cuba de apoio esculpida em quartzo.');
  await page.getByLabel('Descrição', { exact: true }).fill('<p>Feita à mão.</p><script>alert(1)</script>');
  await page.getByLabel('Especificações').fill('Material: quartzo\nGarantia: 5 anos');
  const first = page.getByRole('group', { name: /Novo acabamento/ });
  await first.getByLabel('SKU').fill(`LUMEN-${tag}-BR`);
  await first.getByLabel('Acabamento').selectOption({ label: 'Branco' });
  await first.getByLabel('Preço "de" (R$)').fill('1.200,00');
  await first.getByLabel('Preço "por" (R$)').fill('990');
  await first.getByLabel('Estoque').fill('3');
  await first.getByLabel('Peso (g)').fill('8500');
  await page.getByRole('button', { name: 'Criar produto' }).click();
  await expect(page.getByRole('status')).toHaveText('Produto criado.');
  await expect(page.getByLabel('Descrição', { exact: true })).toHaveValue('<p>Feita à mão.</p>');

  // A second finish through the empty row the page offers after saving.
  const second = page.getByRole('group', { name: /Novo acabamento/ });
  await second.getByLabel('SKU').fill(`LUMEN-${tag}-PF`);
  await second.getByLabel('Acabamento').selectOption({ label: 'Preto Fosco' });
  await second.getByLabel('Preço "de" (R$)').fill('1.300,00');
  await second.getByLabel('Preço "por" (R$)').fill('1.090,00');
  await second.getByLabel('Estoque').fill('0');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(page.getByRole('status')).toHaveText('Produto salvo.');
  await expect(page.getByRole('group', { name: `Acabamento LUMEN-${tag}-PF` })).toBeVisible();

  // Photos: a file that is no photo is refused by the photos; two photos, the second made the main one.
  const photos = page.getByRole('region', { name: 'Fotos' });
  await photos.getByLabel('Nova foto').setInputFiles({
    name: 'notas.txt',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('não sou uma foto'),
  });
  await photos.getByRole('button', { name: 'Enviar foto' }).click();
  await expect(page.getByRole('region', { name: 'Fotos' }).getByRole('alert')).toHaveText(
    'O arquivo não é uma imagem JPEG, PNG ou WebP que possamos ler.',
  );
  for (const [i, colour] of [
    { r: 30, g: 90, b: 160 },
    { r: 200, g: 60, b: 40 },
  ].entries()) {
    const buffer = await sharp({ create: { width: 900, height: 700, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();
    await page
      .getByRole('region', { name: 'Fotos' })
      .getByLabel('Nova foto')
      .setInputFiles({ name: `foto-${String(i)}.jpg`, mimeType: 'image/jpeg', buffer });
    await page.getByRole('region', { name: 'Fotos' }).getByRole('button', { name: 'Enviar foto' }).click();
    await expect(page.getByRole('region', { name: 'Fotos' }).getByRole('status')).toHaveText('Foto enviada.');
  }
  const gallery = page.getByRole('region', { name: 'Fotos' }).getByRole('listitem');
  await expect(gallery).toHaveCount(2);
  const promoted = (await gallery.nth(1).getByRole('img').getAttribute('src')) ?? '';
  await gallery.nth(1).getByRole('button', { name: 'Para antes (foto 2)' }).click();
  await expect(page.getByRole('region', { name: 'Fotos' }).getByRole('status')).toHaveText(
    'Ordem das fotos salva.',
  );
  await expect(gallery.first().getByRole('img')).toHaveAttribute('src', promoted);
  await expect(gallery.first()).toContainText('(principal)');

  const shopper = await (await shopperContext(browser, isMobile, { javaScript: false })).newPage();
  await shopper.goto(`/cuba-esculpida-lumen-${tag.toLowerCase()}.html`);
  await expect(shopper.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(shopper.locator('main')).toContainText(reais(990));
  const specs = shopper.getByRole('region', { name: 'Especificações' });
  await expect(specs.getByRole('row')).toHaveText([/Material\s*quartzo/, /Garantia\s*5 anos/]);
  const main = shopper.locator('main img[src*="/arquivos/fotos/"]').first();
  await expect(main).toHaveAttribute(
    'src',
    new RegExp(promoted.replace(/-small\.webp$/, '').replace(/^.*\//, '')),
  );
  expect(await main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});
