import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { teamMember } from '../staff.ts';

/**
 * The owner sets up the store's e-mail in /painel/integracoes against an SMTP server on loopback, tests the
 * connection from the panel, and takes it off again (the journeys after this read the e-mail kept in the
 * outbox). A setup step: while it runs, no journey is sending mail.
 */

test('the owner sets up, tests and removes the store’s e-mail in Integrações', async ({ page, request }) => {
  const smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], logger: false });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  const port = (smtp.server.address() as AddressInfo).port;
  try {
    await teamMember(page, request, 'dono', 'Ivone Prado');
    await page.getByRole('link', { name: 'Integrações' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Integrações' })).toBeVisible();
    const card = page.locator('#integracao-smtp');
    await expect(card.getByRole('heading', { name: /E-mail \(SMTP\)/ })).toContainText('Desligado');
    // A web address is not a mail server's: refused under the field, nothing kept.
    await card.getByLabel('Endereço SMTP').fill('https://smtp.exemplo.com.br');
    await card.getByRole('button', { name: 'Salvar E-mail (SMTP)' }).click();
    await expect(page.locator('#integracao-smtp .field--error')).toContainText('Use um endereço smtp://');
    await expect(card.getByRole('heading', { name: /E-mail \(SMTP\)/ })).toContainText('Desligado');

    await card.getByLabel('Endereço SMTP').fill(`smtp://loja:senha-secreta@127.0.0.1:${String(port)}`);
    await card.getByLabel('Remetente').fill('Metais do Vale <contato@metaisdovale.com.br>');
    await card.getByRole('button', { name: 'Salvar E-mail (SMTP)' }).click();
    await expect(page).toHaveURL(/feito=salvo/);
    await expect(card.getByRole('heading', { name: /E-mail \(SMTP\)/ })).toContainText('Ligado pelo painel');
    // The address carries a password: never shown back.
    await expect(card.getByLabel('Endereço SMTP')).toHaveValue('');
    expect(await page.content()).not.toContain('senha-secreta');
    await expect(card.getByLabel('Remetente')).toHaveValue('Metais do Vale <contato@metaisdovale.com.br>');
    // No more "sem servidor SMTP" warning on top of the panel.
    await expect(page.locator('.panel__mail')).toHaveCount(0);

    await card.getByRole('button', { name: 'Testar conexão com E-mail (SMTP)' }).click();
    await expect(page.locator('#aviso-smtp')).toHaveText(
      'Conexão bem-sucedida: o servidor aceitou o usuário e a senha (nenhum e-mail foi enviado).',
    );

    await card.getByLabel('Sim, apagar os dados guardados').check();
    await card.getByRole('button', { name: 'Desligar e apagar do painel' }).click();
    await expect(page).toHaveURL(/feito=removido/);
    await expect(card.getByRole('heading', { name: /E-mail \(SMTP\)/ })).toContainText('Desligado');
    await expect(page.locator('.panel__mail')).toBeVisible();
  } finally {
    smtp.close();
  }
});
