import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './axe.ts';
import { catalogueMember, panelNav } from './staff.ts';

/**
 * A catalogue member keeps the brands and categories: a name left empty is refused under its field; a new
 * brand is created and offered in the product form; a new category answers at its address on the storefront.
 */
test('a catalogue member creates a brand and a category; an empty name is refused under its field', async ({
  page,
  request,
  isMobile,
}) => {
  await catalogueMember(page, request);
  await (await panelNav(page)).getByRole('link', { name: 'Acabamentos e marcas' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Acabamentos, marcas e categorias');
  await expectNoSeriousA11yIssues(page, undefined, '/painel/catalogo');

  await page.getByRole('button', { name: 'Criar marca' }).click();
  await expect(page.getByLabel('Nome da marca', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  const tag = `${isMobile ? 'M' : 'D'}${String(Date.now()).slice(-6)}`;
  await page.getByLabel('Nome da marca', { exact: true }).fill(`Brisa ${tag}`);
  await page.getByRole('button', { name: 'Criar marca' }).click();
  await expect(page.getByRole('status').first()).toHaveText(`Marca "Brisa ${tag}" criada.`);
  await expect(page.getByRole('row', { name: new RegExp(`Brisa ${tag}`) })).toContainText('Na loja');

  await page.getByLabel('Nome da categoria', { exact: true }).fill(`Jardim ${tag}`);
  await page.getByRole('button', { name: 'Criar categoria' }).click();
  await expect(page.getByRole('status').first()).toContainText(
    `Categoria "Jardim ${tag}" criada em /jardim-${tag.toLowerCase()}/.`,
  );
  await expect.poll(async () => (await request.get(`/jardim-${tag.toLowerCase()}/`)).status()).toBe(200);

  // A new finish, with its colour, offered in the product form too.
  await page.getByLabel('Nome do acabamento', { exact: true }).fill(`Bronze ${tag}`);
  await page.getByRole('button', { name: 'Criar acabamento' }).click();
  await expect(page.getByRole('status').first()).toHaveText(`Acabamento "Bronze ${tag}" criado.`);

  await page.goto('/painel/produtos/novo');
  await expect(
    page
      .getByLabel('Acabamento')
      .first()
      .locator('option', { hasText: `Bronze ${tag}` }),
  ).toHaveCount(1);
  await expect(page.getByLabel('Marca').locator('option', { hasText: `Brisa ${tag}` })).toHaveCount(1);
});
