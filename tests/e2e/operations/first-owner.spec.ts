import { expect, test } from '@playwright/test';
import { startInstance, until } from '../../support/instances.ts';

/**
 * A newcomer's first hour: `npm start` on an empty folder prints the address that makes the first owner;
 * opened on a phone, it makes the owner without stopping the store, and works once.
 */
test('the address printed at start makes the first owner once, with the store running', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const instance = await startInstance({});
  try {
    await until(
      async () => Promise.resolve(instance.output().includes('/painel/primeiro-dono?chave=')),
      30_000,
    );
    const printed = /https?:\/\/\S+\/painel\/primeiro-dono\?chave=[\w-]+/.exec(instance.output())?.[0] ?? '';
    expect(printed).toMatch(new RegExp(`^http://localhost:${String(instance.port)}/painel/primeiro-dono`));
    const address = `${instance.url}${new URL(printed).pathname}${new URL(printed).search}`;
    const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
    await page.goto(address);
    await expect(page.getByRole('heading', { name: 'Primeiro dono da loja' })).toBeVisible();
    await page.getByLabel('Seu nome').fill('Teresa Lima');
    await page.getByLabel('E-mail').fill('teresa@loja.test');
    await page.getByLabel('Senha', { exact: true }).fill('a frase longa da dona da loja');
    await page.getByLabel('Repita a senha').fill('outra frase');
    await page.getByRole('button', { name: 'Criar o dono da loja' }).click();
    await expect(page.getByRole('alert')).toHaveText('As duas senhas não são iguais.');
    await expect(page.getByLabel('Seu nome')).toHaveValue('Teresa Lima');
    await page.getByLabel('Senha', { exact: true }).fill('a frase longa da dona da loja');
    await page.getByLabel('Repita a senha').fill('a frase longa da dona da loja');
    await page.getByRole('button', { name: 'Criar o dono da loja' }).click();
    await expect(page).toHaveURL(/\/painel\/entrar\?aviso=dono$/);
    await expect(page.getByRole('status')).toContainText('a loja tem um dono');
    await page.getByLabel('E-mail').fill('teresa@loja.test');
    await page.getByLabel('Senha').fill('a frase longa da dona da loja');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('heading', { name: 'Olá, Teresa!' })).toBeVisible();
    // Spent: opened again, it says so before anything is typed.
    await page.goto(address);
    await expect(page.getByRole('alert')).toContainText('Este endereço não vale mais');
    await expect(page.getByLabel('Seu nome')).toHaveCount(0);
    await page.close();
  } finally {
    await instance.stop();
  }
});
