import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './axe.ts';
import { mailsTo, ownAddress } from './servers.ts';
import { SERVICE_EMAIL } from './owners.ts';
import { teamMember } from './staff.ts';

/**
 * A shopper's message reaches the team: the store's service address is e-mailed, and an orders member finds it
 * in /painel/mensagens, answers it from their e-mail program and marks it answered; the list and its
 * spreadsheet say so.
 */
test('a contact message is e-mailed to the service address, read in the panel and marked answered', async ({
  page,
  browser,
  request,
}) => {
  const marker = `Teste ${String(Date.now())}${String(Math.floor(Math.random() * 1e4))}`;
  const shopper = await browser.newContext({ extraHTTPHeaders: ownAddress() });
  const contact = await shopper.newPage();
  await contact.goto('/pagina/central-de-atendimento');
  const form = contact.locator('main form');
  await form.getByLabel('Nome').fill('Rita Moraes');
  await form.getByLabel('E-mail').fill('rita.moraes@exemplo.com.br');
  await form.getByLabel('Telefone com DDD').fill('(19) 99876-5432');
  await form.getByLabel('Assunto').selectOption('Troca ou devolução');
  await form.getByLabel('Mensagem').fill(`A cuba chegou trincada. ${marker}`);
  await form.getByRole('button', { name: 'Enviar mensagem' }).click();
  await expect(contact.getByRole('status').filter({ hasText: 'Mensagem recebida' })).toBeVisible();
  await shopper.close();

  // The service address (the settings' contact e-mail) hears of it, with the way to the inbox.
  await expect
    .poll(() => mailsTo(SERVICE_EMAIL).find((m) => m.includes(marker)) ?? '')
    .toContain('/painel/mensagens?situacao=a-responder');

  await teamMember(page, request, 'pedidos', 'Otávio Atendimento');
  const menu = page.getByRole('navigation', { name: 'Seções do painel' });
  await expect(menu.getByRole('link', { name: /^Mensagens/ })).toContainText(/esperam? resposta/);
  await menu.getByRole('link', { name: /^Mensagens/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mensagens');
  await page.getByLabel('Buscar').fill(marker);
  await page.getByLabel('Situação').selectOption('a-responder');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByRole('status')).toHaveText('1 mensagem · página 1 de 1');
  const row = page.locator('tbody tr');
  await expect(row).toContainText('Troca ou devolução');
  await expect(row).toContainText('Rita Moraes');
  await expect(row).toContainText(/99876.?5432/);
  await expect(row.getByText('A responder')).toBeVisible();
  const reply = await row.getByRole('link', { name: /Responder por e-mail/ }).getAttribute('href');
  expect(reply).toMatch(
    /^mailto:rita\.moraes@exemplo\.com\.br\?subject=Re%3A%20Troca%20ou%20devolu%C3%A7%C3%A3o&body=/,
  );
  // The phone typed is a mobile: a WhatsApp chat with the answer begun.
  const chat = await row.getByRole('link', { name: /Responder no WhatsApp/ }).getAttribute('href');
  expect(chat).toMatch(/^https:\/\/wa\.me\/5519998765432\?text=Ol%C3%A1%2C%20Rita!/);
  await expectNoSeriousA11yIssues(page, undefined, '/painel/mensagens');

  await row.getByRole('button', { name: /Marcar como respondida/ }).click();
  await expect(page.getByRole('status').first()).toHaveText('Mensagem marcada como respondida.');
  // The same filters: answered, it left "a responder".
  await expect(page.getByText('Nenhuma mensagem com estes filtros.')).toBeVisible();
  await page.getByLabel('Situação').selectOption('respondidas');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.locator('tbody tr')).toContainText('Otávio Atendimento');

  const sheet = await page.context().request.get(`/painel/mensagens.csv?q=${encodeURIComponent(marker)}`);
  expect(sheet.headers()['content-type']).toBe('text/csv; charset=utf-8');
  const rows = (await sheet.text()).split('\r\n');
  expect(rows[0]).toBe(
    '\uFEFFRecebida;Tipo;Nome;E-mail;Assunto;Mensagem;Outros campos;Respondida;Respondida por',
  );
  expect(rows[1]).toContain(';Fale conosco;Rita Moraes;rita.moraes@exemplo.com.br;Troca ou devolução;');
  expect(rows[1]).toContain(marker);
  expect(rows[1]).toMatch(/;Otávio Atendimento$/);
});
