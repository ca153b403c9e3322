import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './axe.ts';
import { panelNav, teamMember } from './staff.ts';

/**
 * The owner's shipping table: a cell refused in place, then the Northeast's first item made cheaper, which a
 * shopper without JavaScript is quoted at once for a Salvador CEP; then put back. On the desktop project only
 * (one table; no other journey quotes the Northeast).
 */
test.describe.configure({ timeout: 150_000 });

test('the owner changes the Northeast’s price, and a shopper there is quoted it', async ({
  page,
  request,
  browser,
  isMobile,
}) => {
  test.skip(isMobile, 'One table, edited by one project at a time.');
  await teamMember(page, request, 'dono', 'Fátima Frete');
  await (await panelNav(page)).getByRole('link', { name: 'Frete' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tabela de frete' })).toBeVisible();
  const cell = page.getByLabel('Nordeste: Primeiro item (R$)');
  const before = await cell.inputValue();
  await cell.fill('barato');
  await page.getByLabel('Sul: Prazo (dias úteis)').fill('0');
  await page.getByRole('button', { name: 'Salvar a tabela' }).click();
  await expect(page.getByRole('alert').first()).toContainText('Confira os valores marcados');
  await expect(cell).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#f-dias-S-erro')).toContainText('de 1 a 60');
  await expectNoSeriousA11yIssues(page, undefined, '/painel/frete');

  await page.getByLabel('Sul: Prazo (dias úteis)').fill('8');
  await cell.fill('19,90');
  await page.getByRole('button', { name: 'Salvar a tabela' }).click();
  await expect(page.getByRole('status').first()).toContainText('Tabela salva');
  await expect(cell).toHaveValue('19,90');

  const shopper = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await shopper.goto('/banheiro/?order=Menor+Pre%C3%A7o');
  await shopper.locator('article.card:not(.card--off) a.card__link').first().click();
  await shopper.locator('#frete-slot').getByLabel('Calcule o frete').fill('40010-000');
  await shopper.locator('#frete-slot').getByRole('button', { name: 'Calcular' }).click();
  await expect(shopper.getByText('Entrega para o CEP 40010-000 (BA):')).toBeVisible();
  await expect(shopper.getByRole('listitem').filter({ hasText: 'Econômica' })).toContainText('R$ 19,90');

  await cell.fill(before);
  await page.getByRole('button', { name: 'Salvar a tabela' }).click();
  await expect(page.getByRole('status').first()).toContainText('Tabela salva');
  await expect(page.getByRole('table', { name: 'Mudanças da tabela de frete' })).toContainText(
    'Fátima Frete',
  );
  await shopper.context().close();
});
