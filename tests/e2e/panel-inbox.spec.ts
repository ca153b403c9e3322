import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './axe.ts';
import { mailsTo, ownAddress } from './servers.ts';
import { SERVICE_EMAIL } from './owners.ts';
import { panelNav, teamMember } from './staff.ts';

/**
 * A shopper's message reaches the team: the store's service address is e-mailed, and an orders member finds it
 * in /painel/mensagens, answers it from its page (the reply e-mailed from the store, kept in the thread, kept
 * as a ready answer), starts another reply from that ready answer; the list and its spreadsheet say so.
 */
test('a contact message is e-mailed to the service address, answered from the panel as a thread', async ({
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
  const menu = await panelNav(page);
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
  await expect(page.getByRole('note').filter({ hasText: /esperam? resposta:/ })).toContainText(
    /de menos de 1 dia/,
  );
  // The phone typed is a mobile: a WhatsApp chat with the answer begun.
  const chat = await row.getByRole('link', { name: /Responder no WhatsApp/ }).getAttribute('href');
  expect(chat).toMatch(/^https:\/\/wa\.me\/5519998765432\?text=Ol%C3%A1%2C%20Rita!/);
  await expectNoSeriousA11yIssues(page, undefined, '/painel/mensagens');

  // The message's page: who wrote, no account with that address, the thread, the reply box.
  await row.getByRole('link', { name: /Responder por e-mail/ }).click();
  await expect(page).toHaveURL(/\/painel\/mensagens\/formulario-\d+$/);
  const conversation = page.url();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Troca ou devolução');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('A responder');
  await expect(page.getByText('Nenhuma conta com este e-mail')).toBeVisible();
  const thread = page.locator('#conversa ol > li');
  await expect(thread).toHaveCount(1);
  await expect(thread.first()).toContainText(`A cuba chegou trincada. ${marker}`);

  // An empty reply is refused under its field and sends nothing.
  await page.getByRole('button', { name: 'Enviar resposta' }).click();
  await expect(page.locator('.field--error')).toContainText('Escreva a resposta.');
  await expect(thread).toHaveCount(1);

  const answer = `Olá, Rita! Mande uma foto da cuba e trocamos. ${marker}`;
  await page.getByLabel(/^Resposta para rita\.moraes@exemplo\.com\.br/).fill(answer);
  await page.getByLabel(/Guardar também como resposta pronta/).fill(`Troca ${marker}`);
  await page.getByRole('button', { name: 'Enviar resposta' }).click();
  await expect(page.getByRole('status').first()).toContainText('Resposta guardada na conversa.');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Respondida');
  await expect(thread).toHaveCount(2);
  await expect(thread.nth(1)).toContainText('Otávio Atendimento');
  await expect(thread.nth(1)).toContainText(answer);
  // The e-mail leaves from the store, signed, quoting the message (this store keeps it in its outbox).
  await expect
    .poll(
      () =>
        mailsTo('rita.moraes@exemplo.com.br').find((m) =>
          m.includes(`Mande uma foto da cuba e trocamos. ${marker}`),
        ) ?? '',
    )
    .toMatch(/^Reply-To: [^\n]+\n[\s\S]*Atendimento\s+Casa & Metais[\s\S]*> A cuba chegou trincada/m);
  await expect
    .poll(async () => {
      await page.goto(conversation);
      return thread.nth(1).textContent();
    })
    .toContain('Guardada na caixa de saída');
  await expectNoSeriousA11yIssues(page, undefined, '/painel/mensagens/{id}');

  // The next reply starts from the ready answer kept.
  await page.getByLabel('Começar de uma resposta pronta').selectOption({ label: `Troca ${marker}` });
  await page.getByRole('button', { name: 'Usar esta resposta' }).click();
  await expect(page.getByLabel(/^Resposta para/)).toHaveValue(answer);

  // Answered, it left "a responder" in the list.
  await page.goto(`/painel/mensagens?situacao=a-responder&q=${encodeURIComponent(marker)}`);
  await expect(page.getByText('Nenhuma mensagem com estes filtros.')).toBeVisible();
  await page.getByLabel('Situação').selectOption('respondidas');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.locator('tbody tr')).toContainText('Otávio Atendimento');
  await expect(page.locator('tbody tr')).toContainText('1 resposta');

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
