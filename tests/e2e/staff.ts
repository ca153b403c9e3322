import { expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN_TOKEN } from './servers.ts';

/** Members of the store's team for the panel's journeys. */

/** A `catalogo` member, made through the staff API as automation would, logged in on the panel. */
export async function catalogueMember(page: Page, request: APIRequestContext) {
  const email = `catalogo.${String(Date.now())}.${String(Math.floor(Math.random() * 1e6))}@loja.test`;
  const added = await request.post('/api/v2/admin/staff', {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    data: { email, nome: 'Carla Catálogo', papel: 'catalogo' },
  });
  expect(added.status()).toBe(201);
  const { link } = (await added.json()) as { link: string };
  await page.goto(link);
  await page.getByLabel('Nova senha').fill('senha longa da carla do catálogo');
  await page.getByLabel('Repita a senha').fill('senha longa da carla do catálogo');
  await page.getByRole('button', { name: 'Salvar senha' }).click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill('senha longa da carla do catálogo');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/painel$/);
}
