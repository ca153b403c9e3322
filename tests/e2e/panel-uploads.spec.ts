import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN_TOKEN } from './servers.ts';
import { shopperContext } from './shopper.ts';
import { catalogueMember } from './staff.ts';
import { onceAtDesktopWidth } from './widths.ts';

/**
 * The panel's uploads at the sizes the README documents, through the built server as a phone sends them: a
 * 2 MB photo and a 3 MB sheet arrive; a photo past 10 MB is a 413 page that says so and leads back.
 */

/** A JPEG of about `mb` megabytes: noise does not compress. */
async function photoOf(mb: number): Promise<Buffer> {
  const side = Math.round(Math.sqrt((mb * 1024 * 1024) / 0.8));
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = Math.floor(Math.random() * 256);
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

test('a 2 MB phone photo and a 3 MB sheet arrive; a 12 MB photo is refused with a page that says so', async ({
  browser,
  isMobile,
  request,
}) => {
  onceAtDesktopWidth(isMobile);
  test.setTimeout(120_000);
  const staff = { Authorization: `Bearer ${ADMIN_TOKEN}` };
  const listed = await request.get(`/api/v2/admin/products?ordem=nome&pagina=${isMobile ? '9' : '10'}`, {
    headers: staff,
  });
  const product = ((await listed.json()) as { itens: { id: number; nome: string }[] }).itens[5] as {
    id: number;
    nome: string;
  };
  const page = await (await shopperContext(browser, isMobile, { javaScript: false })).newPage();
  await catalogueMember(page, request);
  await page.goto(`/painel/produtos/${String(product.id)}`);

  const photo = await photoOf(2.2);
  expect(photo.length).toBeGreaterThan(2 * 1024 * 1024);
  const photos = page.getByRole('region', { name: 'Fotos' });
  await photos
    .getByLabel('Nova foto')
    .setInputFiles({ name: 'celular.jpg', mimeType: 'image/jpeg', buffer: photo });
  await photos.getByRole('button', { name: 'Enviar foto' }).click();
  await expect(page.getByRole('region', { name: 'Fotos' }).getByRole('status')).toHaveText('Foto enviada.');
  await expect(page.getByRole('region', { name: 'Fotos' }).getByRole('listitem')).not.toHaveCount(0);

  // Past the limit: the server stops reading and says why, and the way back is the same product.
  const huge = Buffer.concat([photo, Buffer.alloc(12 * 1024 * 1024 - photo.length, 7)]);
  await page
    .getByRole('region', { name: 'Fotos' })
    .getByLabel('Nova foto')
    .setInputFiles({ name: 'enorme.jpg', mimeType: 'image/jpeg', buffer: huge });
  await page.getByRole('region', { name: 'Fotos' }).getByRole('button', { name: 'Enviar foto' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Arquivo grande demais');
  await expect(page.getByRole('alert')).toHaveText('A foto passa de 10 MB: reduza-a e envie outra vez.');
  await page.getByRole('link', { name: 'Voltar ao formulário' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.nome);

  // A 3 MB sheet of the store's own rows (a long note each, a column the store does not read): read whole.
  const exported = await request.get('/api/v2/admin/catalog/sheet', { headers: staff });
  const rows = ((await exported.json()) as { linhas: { sku: string }[] }).linhas;
  const note = 'observação da equipe de compras '.repeat(Math.ceil((3 * 1024 * 1024) / rows.length / 32));
  const csv = `sku;observacao\n${rows.map((r) => `${r.sku};${note}`).join('\n')}\n`;
  expect(csv.length).toBeGreaterThan(3 * 1024 * 1024);
  await page.goto('/painel/produtos/planilha');
  await page.getByLabel(/Arquivo CSV ou XLSX/).setInputFiles({
    name: 'grande.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByRole('button', { name: 'Conferir a planilha' }).click();
  const preview = page.getByRole('region', { name: /Conferência/ });
  await expect(preview).toContainText('observacao');
  await expect(preview).toContainText('Nada a mudar');
});
