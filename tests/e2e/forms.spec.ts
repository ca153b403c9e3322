import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { OWNERS_CONTACT } from './owners.ts';
import { EVALUATION_LINK, ownAddress } from './servers.ts';
import { onceAtDesktopWidth } from './widths.ts';

// Each journey is its own shopper (address), as behind the CDN: sign-ups and logins stay within limits.
test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders(ownAddress());
});

test('customer service: messages per field, then the message is sent', async ({ page }) => {
  await page.goto('/pagina/central-de-atendimento');
  const form = page.locator('main form');
  await form.getByRole('button', { name: 'Enviar mensagem' }).click();
  await expect(page.getByRole('alert')).toHaveText('Confira os campos marcados abaixo.');
  await expect(form.getByText('Informe seu nome.')).toBeVisible();
  await expect(form.getByLabel('Assunto')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Nome').fill('Joana Prado');
  await form.getByLabel('E-mail').fill('joana@exemplo.com.br');
  await form.getByLabel('Telefone com DDD').fill('(19) 99876-5432');
  await form.getByLabel('Assunto').selectOption('Dúvida sobre produto');
  await form.getByLabel('Mensagem').fill('A torneira gourmet serve em cuba de apoio?');
  await form.getByRole('button', { name: 'Enviar mensagem' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Mensagem recebida' })).toBeVisible();
  expect(await page.locator('script[data-evento]').getAttribute('data-evento')).toContain(
    '"lead_source":"atendimento"',
  );
  // The hours are the owner's (setup/), not the example's.
  const [first] = OWNERS_CONTACT.horarios;
  await expect(page.locator('main').getByText(`${first?.dias ?? ''}: ${first?.horario ?? ''}`)).toBeVisible();
});

test('newsletter in the footer, without JavaScript: a wrong e-mail, then the sign-up and the lead event', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  const footer = page.locator('#newsletter-slot');
  await footer.getByLabel('E-mail').fill('joana@');
  await footer.getByRole('button', { name: 'Quero receber' }).click();
  await expect(page).toHaveURL(/\/newsletter$/);
  await expect(
    page.locator('main').getByText('Informe um e-mail válido, como nome@exemplo.com.br.').first(),
  ).toBeVisible();
  await page
    .locator('main form')
    .getByLabel('E-mail')
    .fill(`joana.${String(Date.now())}@exemplo.com.br`);
  await page.locator('main form').getByRole('button', { name: 'Quero receber' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inscrição feita!');
  expect(await page.locator('script[data-evento]').getAttribute('data-evento')).toContain(
    '"event":"generate_lead"',
  );
  await context.close();
});

test('architect programme: a student signs up; the store evaluation without a key goes home', async ({
  page,
  isMobile,
}) => {
  onceAtDesktopWidth(isMobile);
  await page.goto('/pagina/sou-arquiteto');
  await page.getByRole('link', { name: 'cadastre-se como estudante' }).click();
  const form = page.locator('main form');
  await form.getByLabel('Nome completo').fill('Rui Costa');
  await form.getByLabel('E-mail').fill('rui@exemplo.com.br');
  await form.getByLabel('Celular com DDD').fill('11 91234-5678');
  await form.getByLabel('Instituição de ensino').fill('Mackenzie');
  await form.getByLabel('Curso').fill('Arquitetura e Urbanismo');
  await form.getByLabel('Semestre (1 a 12)').fill('13');
  await form.getByRole('button', { name: 'Enviar cadastro' }).click();
  await expect(form.getByText('Informe o semestre (1 a 12).')).toBeVisible();
  await form.getByLabel('Semestre (1 a 12)').fill('4');
  await form.getByRole('button', { name: 'Enviar cadastro' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Cadastro recebido' })).toBeVisible();

  await page.goto('/pagina/avaliacao-da-loja');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/pagina/avaliacao-da-loja?key=convite-que-nao-existe-000000');
  await expect(page).toHaveURL(/\/$/);
  // The footer's 'Avalie a loja' explains how an evaluation works, instead of sending everyone home.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Avalie a loja' }).click();
  await expect(page).toHaveURL(/\/institucional\/avalie-a-loja$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Avalie a loja');
  await expect(page.getByText(/convite para avaliar/)).toBeVisible();
});

test('store evaluation from the invitation link: answers checked, then kept; the link works once', async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, 'one invitation: its single use is the point (the phone layout is the same form)');
  // Each invitation works once: a repeated run (--repeat-each) takes the next one.
  const links = fs.readFileSync(EVALUATION_LINK, 'utf8').trim().split('\n');
  const link = links[test.info().repeatEachIndex % links.length] ?? '';
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Avalie a loja');
  await page
    .getByRole('group', { name: 'Como foi sua experiência de compra?' })
    .locator('label', { hasText: '5 de 5 estrelas' })
    .click();
  await page.getByRole('button', { name: 'Enviar avaliação' }).click();
  await expect(page.getByRole('alert')).toHaveText('Confira as respostas marcadas abaixo.');
  await expect(
    page.getByRole('group', { name: 'Como foi sua experiência de compra?' }).getByLabel('5 de 5 estrelas'),
  ).toBeChecked();

  await page
    .getByRole('group', { name: 'Como avalia o nosso atendimento?' })
    .locator('label', { hasText: '4 de 5 estrelas' })
    .click();
  await page.getByRole('group', { name: 'Você ficou satisfeito(a) com a compra?' }).getByLabel('Sim').check();
  await page
    .getByRole('group', { name: 'Podemos publicar sua avaliação no site?' })
    .getByLabel('Não')
    .check();
  await page.getByLabel('Quer contar mais? (opcional)').fill('Chegou antes do prazo, bem embalado.');
  await page.getByRole('button', { name: 'Enviar avaliação' }).click();
  await expect(page.getByRole('status')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar à loja' })).toBeVisible();

  // Spent: the same invitation now leads home.
  await page.goto(link);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test('architect programme: a professional signs up with a CAU registration and a portfolio', async ({
  page,
  isMobile,
}) => {
  onceAtDesktopWidth(isMobile);
  await page.goto('/pagina/sou-arquiteto');
  await page.getByRole('link', { name: 'cadastre-se como profissional' }).click();
  await expect(page).toHaveURL(/\/pagina\/sou-arquiteto\/form-profissional$/);
  const form = page.locator('main form');
  await form.getByLabel('Nome completo').fill('Helena Duarte');
  await form.getByLabel('E-mail').fill('helena@estudioduarte.com.br');
  await form.getByLabel('Celular com DDD').fill('(21) 99123-4567');
  await form.getByLabel('Registro no CAU ou no CREA').fill('123456');
  await form.getByLabel('Portfólio (endereço na internet, opcional)').fill('estudioduarte');
  await form.getByRole('button', { name: 'Enviar cadastro' }).click();
  await expect(
    form.getByText('Informe o registro com o conselho, como CAU A123456-7 ou CREA SP 5061234567.'),
  ).toBeVisible();
  await expect(
    form.getByText('Informe o endereço completo do portfólio, começando com https://.'),
  ).toBeVisible();
  await expect(form.getByText('Informe a cidade.')).toBeVisible();
  await expect(form.getByLabel('Nome completo')).toHaveValue('Helena Duarte');

  await form.getByLabel('Registro no CAU ou no CREA').fill('CAU A123456-7');
  await form.getByLabel('Escritório (opcional)').fill('Estúdio Duarte');
  await form.getByLabel('Cidade').fill('Rio de Janeiro');
  await form.getByLabel('Estado').selectOption('RJ');
  await form.getByLabel('Portfólio (endereço na internet, opcional)').fill('https://estudioduarte.com.br');
  await form.getByRole('button', { name: 'Enviar cadastro' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Cadastro recebido' })).toBeVisible();
});
