import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousA11yIssues } from './axe.ts';
import { shopperContext } from './shopper.ts';
import { panelNav, teamMember } from './staff.ts';

/**
 * The content role's banners: a new banner refused under its fields (a bad link, an image too small), then
 * created with the owner's images, which a shopper without JavaScript sees on the home at once; switched off,
 * it leaves the home; removed after a confirmation. Each project works on a banner of its own, last in the
 * carousel, so the home's first slide (other journeys' countdown) stays as it is.
 */
test.describe.configure({ timeout: 150_000 });

const photo = (width: number, height: number, text: string) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${String(width)}" height="${String(height)}"><rect width="100%" height="100%" fill="#0b4f8a"/><text x="50%" y="55%" font-size="${String(Math.round(height / 6))}" fill="#fff" text-anchor="middle" font-family="sans-serif">${text}</text></svg>`,
    ),
  )
    .jpeg()
    .toBuffer();

test('a content member puts a banner on the home with their images, switches it off, and removes it', async ({
  page,
  request,
  browser,
  isMobile,
}) => {
  await teamMember(page, request, 'conteudo', 'Beto Banners');
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
  await nav.getByRole('link', { name: 'Banners' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Banners' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Carrossel da página inicial' })).toBeVisible();

  const title = `Queima de cubas ${isMobile ? 'no celular' : 'na tela'} ${String(Date.now()).slice(-6)}`;
  const form = page.getByRole('region', { name: 'Novo banner' });
  await form.getByLabel('Texto do banner').fill(title);
  await form.getByLabel('Leva a').fill('javascript:alert(1)');
  await form
    .locator('#f-imagem-desktop')
    .setInputFiles({ name: 'pequena.jpg', mimeType: 'image/jpeg', buffer: await photo(400, 100, 'pequena') });
  await form
    .locator('#f-imagem-mobile')
    .setInputFiles({ name: 'celular.jpg', mimeType: 'image/jpeg', buffer: await photo(900, 900, 'Cubas') });
  await form.getByRole('button', { name: 'Criar banner' }).click();
  await expect(page.locator('#f-imagem-desktop-erro')).toContainText('pequena demais (400×100)');
  // The phone image was good: it is kept, not asked for again.
  await expect(form).toContainText('Imagem já enviada');
  await expect(form.getByLabel('Texto do banner')).toHaveValue(title);
  await expectNoSeriousA11yIssues(page, undefined, '/painel/banners');

  await form.getByLabel('Leva a').fill('/cozinha/');
  await form
    .locator('#f-imagem-desktop')
    .setInputFiles({ name: 'tela.jpg', mimeType: 'image/jpeg', buffer: await photo(2400, 650, 'Cubas') });
  await form.getByRole('button', { name: 'Criar banner' }).click();
  await expect(page.getByRole('status').first()).toContainText('Banner criado');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(title);
  await expect(page.getByRole('img', { name: 'Imagem para computador atual' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Imagem para celular atual' })).toBeVisible();
  await expectNoSeriousA11yIssues(page, undefined, '/painel/banners/{id}');

  // A shopper without JavaScript sees it in the home's carousel, the owner's image with the text as its name.
  const shopper = await (await shopperContext(browser, isMobile, { javaScript: false })).newPage();
  await shopper.goto('/');
  const slide = shopper.getByRole('region', { name: 'Destaques' }).getByRole('img', { name: title });
  await expect(slide).toHaveCount(1);
  expect(await slide.getAttribute('src')).toMatch(/\/arquivos\/banners\/\d+-mobile-[0-9a-f]{24}\.webp$/);
  const image = await request.get((await slide.getAttribute('src')) ?? '');
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/webp');

  // Switched off: kept in the panel, gone from the home.
  await page.getByLabel('Ligado').uncheck();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('status').first()).toContainText('Banner salvo');
  await expect(page.getByText('Desligado', { exact: true })).toBeVisible();
  await shopper.reload();
  await expect(shopper.getByRole('img', { name: title })).toHaveCount(0);
  const history = page.getByRole('table', { name: 'Mudanças deste banner' });
  await expect(history).toContainText('Banner alterado');
  await expect(history).toContainText('Beto Banners');

  // Removing asks first.
  await page.getByRole('button', { name: 'Remover este banner' }).click();
  await expect(page.getByRole('alert').first()).toContainText('Remover este banner?');
  await page.getByRole('button', { name: 'Sim, remover o banner' }).click();
  await expect(page.getByRole('status').first()).toContainText('Banner removido');
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
  await shopper.context().close();
});
