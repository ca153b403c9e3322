import { expect } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ADMIN_TOKEN, AFTER_PASSWORD, ownAddress } from './servers.ts';
import type { Papel } from '#/contract/staff.ts';

/** Members of the store's team for the panel's journeys. */

/**
 * A member with `papel`, made through the staff API as automation would, who sets a password from the
 * one-time link and logs in on the panel. Answers their e-mail.
 */
export async function teamMember(
  page: Page,
  request: APIRequestContext,
  papel: Papel,
  nome: string,
): Promise<string> {
  const email = `${papel}.${String(Date.now())}.${String(Math.floor(Math.random() * 1e6))}@loja.test`;
  const password = `senha longa de ${nome.toLowerCase()}`;
  const added = await request.post('/api/v2/admin/staff', {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    data: { email, nome, papel },
  });
  expect(added.status()).toBe(201);
  const { link } = (await added.json()) as { link: string };
  // An address of its own: the panel's password and login limits count per address, and the suite's
  // journeys would otherwise share 127.0.0.1's (ten passwords a minute), as no real team does.
  await page.setExtraHTTPHeaders(ownAddress());
  await page.goto(link);
  await page.getByLabel('Nova senha').fill(password);
  await page.getByLabel('Repita a senha').fill(password);
  await page.getByRole('button', { name: 'Salvar senha' }).click();
  await expect(page).toHaveURL(/\/painel\/entrar\?aviso=senha$/, AFTER_PASSWORD);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/painel$/, AFTER_PASSWORD);
  return email;
}

/** A `catalogo` member, logged in on the panel. */
export async function catalogueMember(page: Page, request: APIRequestContext) {
  await teamMember(page, request, 'catalogo', 'Carla Catálogo');
}

/**
 * The panel's sections: the header's row on a computer; on a phone, behind "Menu", which is opened here (each
 * page starts with it closed).
 */
export async function panelNav(page: Page): Promise<Locator> {
  const menu = page.locator('details.panel__menu');
  if ((await menu.isVisible()) && !(await menu.evaluate((d) => (d as HTMLDetailsElement).open)))
    await menu.locator('summary').click();
  return page.getByRole('navigation', { name: 'Seções do painel' });
}
