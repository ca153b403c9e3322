import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './axe.ts';
import { shopperContext } from './shopper.ts';
import { panelNav, teamMember } from './staff.ts';

/**
 * The content role's day: a new institutional page refused under its fields, created as a draft (not on the
 * store), previewed, published (the store shows it, to a shopper without JavaScript), changed in a draft the
 * store does not show, its history, then taken off the store. Each project works on a page of its own.
 */
test.describe.configure({ timeout: 120_000 });

test('a content member writes a page: draft, preview, publish, history, then off the store', async ({
  page,
  request,
  browser,
  isMobile,
}) => {
  await teamMember(page, request, 'conteudo', 'Clara Conteúdo');
  // Their menu: the home and the pages; nothing of orders, customers or the catalogue.
  const nav = await panelNav(page);
  await expect(nav.getByRole('link')).toHaveText([
    'Início',
    'Páginas',
    'Banners',
    'Menus',
    'Vitrines',
    'Avisos',
    'Horários e redes',
  ]);

  await nav.getByRole('link', { name: 'Páginas' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Páginas' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Quem somos' })).toBeVisible();
  const nova = page.getByRole('region', { name: 'Nova página' });
  await nova.getByLabel('Título').fill('Garantia estendida');
  await nova.getByLabel('Endereço').fill('Garantia Estendida');
  await nova.getByRole('button', { name: 'Criar como rascunho' }).click();
  await expect(page.locator('#f-nova-slug-erro')).toContainText('letras minúsculas');
  await expect(page.locator('#f-nova-conteudo-erro')).toContainText('Escreva o texto');
  await expect(page.locator('#f-nova-titulo')).toHaveValue('Garantia estendida');
  await expectNoSeriousA11yIssues(page, undefined, '/painel/paginas');

  const slug = `garantia-${isMobile ? 'celular' : 'tela'}-${String(Date.now()).slice(-6)}`;
  await page.locator('#f-nova-slug').fill(slug);
  await page.locator('#f-nova-conteudo').fill('<p>Um ano a mais em todas as torneiras.</p>');
  await page.getByRole('button', { name: 'Criar como rascunho' }).click();
  await expect(page.getByRole('status').first()).toContainText('Página criada como rascunho');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Garantia estendida');
  const address = `/institucional/${slug}`;
  expect((await request.get(address)).status()).toBe(404);

  // A preview saves nothing and fills the settings' words.
  const text = page.getByLabel('Texto da página');
  await text.fill(
    '<h2>Como funciona</h2><p>Um ano a mais em todas as torneiras, e {desconto-pix} no Pix.</p><script>alert(1)</script>',
  );
  await page.getByRole('button', { name: 'Pré-visualizar' }).click();
  const preview = page.getByRole('region', { name: 'Pré-visualização (não salva)' });
  await expect(preview.getByRole('heading', { level: 2, name: 'Como funciona' })).toBeVisible();
  await expect(preview).toContainText(/e \d+% no Pix\./);
  await expect(preview).not.toContainText('{desconto-pix}');
  await expect(text).toContainText('{desconto-pix}');
  expect((await request.get(address)).status()).toBe(404);
  await expectNoSeriousA11yIssues(page, undefined, '/painel/paginas/{id}');

  await page.getByLabel('Título para buscadores').fill('Garantia estendida de torneiras');
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByRole('status').first()).toContainText('Página publicada');

  // A shopper without JavaScript reads it at its address, with its title for search engines.
  const shopper = await (await shopperContext(browser, isMobile, { javaScript: false })).newPage();
  await shopper.goto(address);
  await expect(shopper.getByRole('heading', { level: 1, name: 'Garantia estendida' })).toBeVisible();
  await expect(shopper.locator('main')).toContainText(/Um ano a mais em todas as torneiras, e \d+% no Pix\./);
  await expect(shopper).toHaveTitle(/^Garantia estendida de torneiras \| /);
  expect(await shopper.content()).not.toContain('alert(1)');

  // A draft changes nothing on the store until it is published.
  await text.fill('<p>Texto novo ainda em revisão.</p>');
  await page.getByRole('button', { name: 'Salvar rascunho' }).click();
  await expect(page.getByRole('status').first()).toContainText('Rascunho salvo');
  await expect(
    page.getByRole('note').filter({ hasText: 'Há um rascunho ainda não publicado' }),
  ).toBeVisible();
  await shopper.reload();
  await expect(shopper.locator('main')).toContainText('Um ano a mais');
  await expect(shopper.locator('main')).not.toContainText('Texto novo');

  // The history says who did what.
  const history = page.getByRole('table', { name: 'Mudanças desta página' });
  await expect(history).toContainText('Rascunho da página salvo');
  await expect(history).toContainText('Página publicada');
  await expect(history).toContainText('Clara Conteúdo');

  await page.getByRole('button', { name: 'Descartar o rascunho' }).click();
  await expect(page.getByRole('status').first()).toContainText('Rascunho descartado');
  await expect(text).toContainText('Um ano a mais');
  await page.getByRole('button', { name: 'Tirar a página do ar' }).click();
  await expect(page.getByRole('status').first()).toContainText('Página tirada do ar');
  await shopper.reload();
  expect((await request.get(address)).status()).toBe(404);
  await shopper.context().close();
});
