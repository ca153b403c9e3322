import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './axe.ts';
import { confirmSignUp, fillSignUp } from './shopper.ts';
import { panelNav, teamMember } from './staff.ts';

/**
 * A new shopper is a customer the team can find: an orders member searches by e-mail, opens the customer
 * (contacts, address, no orders yet, consents) and downloads the same search as a spreadsheet.
 */
test('an orders member finds a new customer by e-mail, reads their page and exports them', async ({
  page,
  browser,
  request,
}) => {
  const email = `cliente.painel.${String(Date.now())}.${String(Math.floor(Math.random() * 1e6))}@exemplo.com.br`;
  const shopper = await browser.newContext();
  const signUp = await shopper.newPage();
  await signUp.goto('/checkout/cadastro');
  const form = signUp.locator('main form');
  await form.getByLabel('Nome completo ou razão social').fill('Helena Painel');
  await fillSignUp(form, { email, password: 'uma senha longa de cliente', city: 'Campinas' });
  await signUp.getByRole('button', { name: 'Criar conta' }).click();
  await confirmSignUp(signUp, email);
  await expect(signUp).not.toHaveURL(/cadastro/);
  await shopper.close();

  await teamMember(page, request, 'pedidos', 'Paula Pedidos');
  await (await panelNav(page)).getByRole('link', { name: 'Clientes' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Clientes');
  await page.getByLabel('Buscar').fill(email);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByRole('status')).toHaveText('1 cliente · página 1 de 1');
  const row = page.locator('tbody tr');
  await expect(row).toContainText('(19) 98765-4321');
  await expect(row).toContainText('Campinas – SP');
  await expectNoSeriousA11yIssues(page, undefined, '/painel/clientes');

  // The same search as a spreadsheet, with the member's own session (the page's cookies).
  const csv = await page.request.get(`/painel/clientes.csv?q=${encodeURIComponent(email)}`);
  expect(csv.headers()['content-type']).toContain('text/csv');
  const sheet = await csv.text();
  expect(sheet.startsWith('\uFEFF')).toBe(true);
  expect(sheet).toContain(`Helena Painel;${email};Pessoa física`);

  await row.getByRole('link', { name: 'Helena Painel' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Helena Painel');
  await expect(page.getByText('Nenhum pedido ainda.')).toBeVisible();
  await expect(page.getByText('Rua das Palmeiras, 45')).toBeVisible();
  await expect(page.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
  await expectNoSeriousA11yIssues(page, undefined, '/painel/clientes/{id}');
});
