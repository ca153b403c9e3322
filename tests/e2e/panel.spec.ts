import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './axe.ts';
import { AFTER_PASSWORD, mailsTo, ownAddress, STAFF_LINKS, STAFF_OWNERS } from './servers.ts';
import { screenOf, shopperContext, signUpAndBuy } from './shopper.ts';
import { panelNav } from './staff.ts';
import { htmlErrors } from './vnu.ts';

/** The first owner's one-time link, made by `npm run staff -- add` before the server started (one per project). */
const ownerLink = (isMobile: boolean) => {
  const links = fs.readFileSync(STAFF_LINKS, 'utf8').trim().split('\n');
  return { email: STAFF_OWNERS[isMobile ? 1 : 0], link: links[isMobile ? 1 : 0] ?? '' };
};

async function setPassword(page: Page, link: string, password: string) {
  // Its own address, as in staff.ts: the suite's journeys must not spend one address's password limit.
  await page.setExtraHTTPHeaders(ownAddress());
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Criar sua senha do painel' })).toBeVisible();
  await page.getByLabel('Nova senha').fill(password);
  await page.getByLabel('Repita a senha').fill(password);
  await page.getByRole('button', { name: 'Salvar senha' }).click();
  await expect(page).toHaveURL(/\/painel\/entrar\?aviso=senha$/, AFTER_PASSWORD);
  await expect(page.getByRole('status')).toHaveText('Senha definida. Entre com o seu e-mail e a nova senha.');
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** What the panel says of an e-mail to `who` in a store without SMTP (this e2e store's): kept, not sent. */
const NOT_SENT = (who: string) =>
  `O e-mail para ${who} ficou na caixa de saída da loja e não foi enviado: a loja ainda não envia e-mails.`;

/** A shopper places a Pix order without JavaScript; answers its number and the shopper's page. */

test('the first owner sets a password, adds an orders member, who marks an order paid and ships it; the shopper sees it', async ({
  browser,
  isMobile,
}) => {
  test.setTimeout(300_000);
  const { email: ownerEmail, link } = ownerLink(isMobile);
  const owner = await (await shopperContext(browser, isMobile, { javaScript: false })).newPage();
  const fits = async (page: Page) => {
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${page.url()} is wider than the screen`).toBeLessThanOrEqual(screenOf(isMobile).width);
  };
  const served = new Map<string, string>();

  // A guest is sent to the login and back.
  await owner.goto('/painel/equipe');
  await expect(owner).toHaveURL(/\/painel\/entrar\?retorno=%2Fpainel%2Fequipe$/);
  served.set('/painel/entrar', await owner.content());

  // The first owner: the link from `npm run staff -- add`, then the login.
  await setPassword(owner, link, 'a senha longa da dona da loja');
  // The link works once: opened again, it says so before any password is typed.
  await owner.goto(link);
  await expect(owner.getByRole('alert')).toContainText('já foi usado ou expirou');
  await expect(owner.getByLabel('Nova senha')).toHaveCount(0);
  await owner.goto('/painel/equipe');
  await logIn(owner, ownerEmail, 'senha errada de alguém');
  await expect(owner.getByRole('alert')).toHaveText('E-mail ou senha incorretos.', AFTER_PASSWORD);
  await logIn(owner, ownerEmail, 'a senha longa da dona da loja');
  await expect(owner).toHaveURL(/\/painel\/equipe$/, AFTER_PASSWORD);
  await expect(owner.getByRole('heading', { name: 'Equipe', level: 1 })).toBeVisible();
  await fits(owner);

  // The owner adds someone for the orders; the link is shown once and e-mailed.
  const memberEmail = `pedidos.${String(Date.now())}.${isMobile ? 'm' : 'd'}@loja.test`;
  const add = owner.getByRole('region', { name: 'Adicionar alguém' });
  await add.getByLabel('Nome').fill('Bruno Expedição');
  await add.getByLabel('E-mail').fill(memberEmail);
  await add.getByLabel('Papel').selectOption('pedidos');
  await add.getByRole('button', { name: 'Adicionar e enviar o link' }).click();
  await expect(owner.getByRole('status').filter({ hasText: 'foi adicionado' })).toContainText(
    'Bruno Expedição foi adicionado(a)',
  );
  const memberLink = (await owner.locator('code.link').innerText()).trim();
  expect(memberLink).toMatch(/\/painel\/senha\?token=/);
  await expect
    .poll(() => mailsTo(memberEmail).some((m) => m.includes('Seu acesso ao painel da loja')))
    .toBe(true);
  served.set('/painel/equipe', await owner.content());
  await fits(owner);
  // This store has no SMTP: every panel page says so, and the owner reads what waits in the outbox.
  await expect(owner.getByRole('note')).toContainText('A loja ainda não envia e-mails');
  await expect(owner.getByText('passe-o a ela por um canal seguro')).toBeVisible();
  // The team on the list shape: found by name, with its role.
  await owner.getByLabel('Buscar').fill(memberEmail);
  await owner.getByRole('button', { name: 'Filtrar' }).click();
  await expect(owner.getByRole('status')).toHaveText('1 pessoa · página 1 de 1');
  await expect(owner.getByRole('row', { name: /Bruno Expedição/ })).toContainText('Ainda sem senha');
  // The banner leads to where the e-mail server is set up, and to what waits in the outbox.
  await expect(owner.getByRole('note').getByRole('link', { name: 'Configurar o e-mail' })).toHaveAttribute(
    'href',
    '/painel/integracoes#integracao-smtp',
  );
  await owner.getByRole('note').getByRole('link', { name: 'Ver a caixa de saída' }).click();
  await expect(owner.getByRole('heading', { level: 1 })).toHaveText('Caixa de saída de e-mails');
  await expect(owner.locator('.outbox')).toContainText(memberEmail);
  await expect(owner.getByRole('button', { name: /Enviar agora/ })).toHaveCount(0);
  served.set('/painel/caixa-de-saida', await owner.content());
  await fits(owner);

  // A shopper places an order.
  const shopper = await (await shopperContext(browser, isMobile, { javaScript: false })).newPage();
  const buyerEmail = `cliente.painel.${String(Date.now())}.${isMobile ? 'm' : 'd'}@exemplo.com.br`;
  const numero = await signUpAndBuy(shopper, {
    name: 'Paula Cliente do Painel',
    email: buyerEmail,
    password: 'uma senha longa de cliente',
  });

  // The member sets a password and logs in: the orders are there, the team page is not theirs.
  const member = await (await shopperContext(browser, isMobile, { javaScript: false })).newPage();
  await setPassword(member, memberLink, 'senha longa do bruno da expedição');
  await logIn(member, memberEmail, 'senha longa do bruno da expedição');
  await expect(member).toHaveURL(/\/painel$/, AFTER_PASSWORD);
  // Their menu: the home, and the orders with how many wait for the team (this one at least).
  await expect((await panelNav(member)).getByRole('link')).toHaveText([
    'Início',
    /^Pedidos\s*\d+\s*pedidos? esperam? a equipe$/,
    /^Mensagens/,
    /^Solicitações/,
    'Clientes',
  ]);
  // The team was e-mailed the new order, with the link to it in the panel.
  await expect
    .poll(() => mailsTo(memberEmail).find((m) => m.includes(`Novo pedido ${String(numero)} na`)) ?? '')
    .toContain(`/painel/pedidos/${String(numero)}`);
  const refused = await member.goto('/painel/equipe');
  expect(refused?.status()).toBe(403);
  await expect(member.getByRole('heading', { name: 'Sem acesso a esta área' })).toBeVisible();

  // The list, filtered by the buyer's e-mail, then the order.
  await member.goto('/painel/pedidos');
  await member.getByLabel('Buscar').fill(buyerEmail);
  await member.getByRole('button', { name: 'Filtrar' }).click();
  await expect(member.getByRole('status')).toHaveText('1 pedido · página 1 de 1');
  await expect(member.getByRole('link', { name: 'Baixar este pedido em planilha (CSV)' })).toBeVisible();
  served.set('/painel/pedidos', await member.content());
  await fits(member);
  await member.getByRole('link', { name: String(numero), exact: true }).click();
  await expect(member.getByRole('heading', { level: 1 })).toContainText(`Pedido ${String(numero)}`);
  await expect(member.getByRole('region', { name: 'Cliente' })).toContainText('Paula Cliente do Painel');
  await expect(
    member.getByRole('region', { name: 'Cliente' }).getByRole('link', { name: /Conversar no WhatsApp/ }),
  ).toHaveAttribute('href', /^https:\/\/wa\.me\/5519987654321\?text=Ol%C3%A1%2C%20Paula!/);

  // Mark paid: asked to confirm first; then a stale page's second confirmation changes nothing.
  await member.getByRole('link', { name: 'Marcar como pago' }).click();
  await expect(member.getByText('Confirmar que o pagamento foi recebido?')).toBeVisible();
  // What to look for in the bank statement: the amount and the static Pix's identifier.
  await expect(
    member.getByText(
      new RegExp(
        `Procure no extrato da conta da loja um Pix de R\\$\\s[\\d.,]+ com o identificador PEDIDO${String(numero)}\\.`,
      ),
    ),
  ).toBeVisible();
  const staleConfirmation = member.url();
  await member.getByRole('button', { name: 'Confirmar: marcar como pago' }).click();
  await expect(member.getByRole('status')).toHaveText(`Pagamento registrado. ${NOT_SENT('o cliente')}`);
  await expect(member.locator('h1 .panel-badge')).toHaveText('Pagamento confirmado');
  const second = await member.context().request.post(`/painel/pedidos/${String(numero)}`, {
    form: { acao: 'pagar', de: 'aguardando_pagamento' },
    headers: { Origin: new URL(staleConfirmation).origin },
  });
  expect(second.status()).toBe(409);
  expect(await second.text()).toContain('mudou desde que a página foi aberta');

  // Ship with the carrier and tracking code.
  await member.getByRole('link', { name: 'Marcar como enviado' }).click();
  await member.getByLabel('Transportadora').fill('Correios');
  await member.getByLabel('Código de rastreio').fill('QB123456785BR');
  await member.getByRole('button', { name: 'Confirmar: marcar como enviado' }).click();
  await expect(member.getByRole('status')).toHaveText(`Envio registrado. ${NOT_SENT('o cliente')}`);
  const timeline = member.locator('.timeline li');
  await expect(timeline).toHaveCount(3);
  await expect(timeline.nth(0)).toContainText('Cliente');
  await expect(timeline.nth(1)).toContainText('Pagamento confirmado · Bruno Expedição');
  await expect(timeline.nth(2)).toContainText('Enviado (Correios, QB123456785BR) · Bruno Expedição');
  served.set(`/painel/pedidos/${String(numero)}`, await member.content());
  await fits(member);

  // The list as a spreadsheet: the same filters, every page, as Excel in Portuguese opens it.
  const sheet = await member.context().request.get(`/painel/pedidos.csv?q=${encodeURIComponent(buyerEmail)}`);
  expect(sheet.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect(sheet.headers()['content-disposition']).toMatch(
    /^attachment; filename="pedidos-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  const rows = (await sheet.text()).split('\r\n');
  expect(rows[0]?.startsWith('\uFEFFPedido;Data;Situação;')).toBe(true);
  expect(rows[1]).toContain(`${String(numero)};`);
  expect(rows[1]).toContain(';Paula Cliente do Painel;');
  expect(rows[1]).toContain(';Correios;QB123456785BR');
  expect(rows[1]).toMatch(/;\d+,\d{2};/);

  // The shopper's order page and e-mail say so.
  await shopper.reload();
  await expect(shopper.locator('main')).toContainText('QB123456785BR');
  await expect
    .poll(() => mailsTo(buyerEmail).find((m) => m.includes(`Pedido ${String(numero)} enviado`)) ?? '')
    .toContain('QB123456785BR');
  // The order's page lists its e-mails and where each is (this store keeps them: no SMTP).
  await member.reload();
  const emails = member.getByRole('region', { name: 'E-mails deste pedido' });
  await expect(emails.locator('li').filter({ hasText: `Pedido ${String(numero)} enviado` })).toContainText(
    'Na caixa de saída (a loja não envia e-mails)',
  );

  // A note for the team alone, on the order's page: the buyer's page never shows it.
  await member.goto(`/painel/pedidos/${String(numero)}`);
  await member.getByLabel('Nova nota').fill('Cliente pediu para deixar com o porteiro.');
  await member.getByRole('button', { name: 'Guardar nota' }).click();
  await expect(member.getByRole('status')).toHaveText('Nota guardada. Só a equipe a vê.');
  await expect(member.getByRole('region', { name: 'Notas da equipe' })).toContainText(
    'deixar com o porteiro',
  );
  await shopper.reload();
  await expect(shopper.locator('main')).not.toContainText('porteiro');
  // The packing slip: what goes in the box and where, with no prices and no panel around it.
  await member.getByRole('link', { name: 'Folha de separação para imprimir' }).click();
  await expect(member.getByRole('heading', { level: 1 })).toHaveText(`Pedido ${String(numero)}`);
  await expect(member.locator('main')).not.toContainText('R$');
  await expect(member.getByRole('navigation', { name: 'Seções do painel' })).toHaveCount(0);
  served.set(`/painel/pedidos/${String(numero)}/separacao`, await member.content());
  // Ticked on the list and moved along with the others ticked: delivered.
  await member.goto(`/painel/pedidos?q=${encodeURIComponent(buyerEmail)}`);
  await member.getByLabel(`Marcar o pedido ${String(numero)}`).check();
  await member.getByRole('button', { name: 'Marcar como entregues' }).click();
  await expect(member.getByRole('status').first()).toHaveText(
    `1 pedido marcado como entregue. ${NOT_SENT('cada cliente')}`,
  );
  await expect(member.locator('tbody tr').first()).toContainText('Entregue');

  // The owner sees who did it in the activity; then logs out everywhere. Other specs write activity on the
  // same server at the same time, so the row is found by its order, not by its place at the top.
  await owner.goto('/painel/atividade?entidade=pedido');
  await expect(
    owner
      .locator('tbody tr')
      .filter({ hasText: new RegExp(`Pedido ${String(numero)}(?!\\d)`) })
      .first(),
  ).toContainText('Bruno Expedição');
  served.set('/painel/atividade', await owner.content());
  // The activity is a list like the others: narrowed to the order by its number, counted, and a spreadsheet.
  await owner.getByLabel('Buscar').fill(String(numero));
  await owner.getByRole('button', { name: 'Filtrar' }).click();
  await expect(owner.getByRole('status').first()).toHaveText(/^\d+ mudanças? · página 1 de \d+$/);
  const activitySheet = await owner
    .context()
    .request.get(`/painel/atividade.csv?entidade=pedido&q=${String(numero)}`);
  expect(activitySheet.headers()['content-type']).toBe('text/csv; charset=utf-8');
  const activityLines = (await activitySheet.text()).split('\r\n');
  expect(activityLines[0]).toBe('\uFEFFQuando;Quem;O quê;Ação;Campo;Antes;Depois');
  expect(activityLines.some((l) => l.includes(`;Bruno Expedição;Pedido ${String(numero)};`))).toBe(true);

  // The owner turns the second factor on: the QR code (or its key) in an app, a first code, recovery codes.
  await owner.getByRole('link', { name: /Dona Marta/ }).click();
  await owner.getByRole('button', { name: 'Ligar a verificação em duas etapas' }).click();
  await expect(owner.getByRole('img', { name: 'QR Code para o aplicativo autenticador' })).toBeVisible();
  const secret = Secret.fromBase32((await owner.locator('code.key').innerText()).trim());
  await owner.getByLabel('Código do aplicativo').fill('000000');
  await owner.getByRole('button', { name: 'Ligar', exact: true }).click();
  await expect(owner.getByRole('alert')).toContainText('Código inválido');
  await owner.getByLabel('Código do aplicativo').fill(TOTP.generate({ secret }));
  await owner.getByRole('button', { name: 'Ligar', exact: true }).click();
  await expect(owner.getByRole('status')).toHaveText('Verificação em duas etapas ligada.');
  const recovery = await owner.locator('.codes code').allInnerTexts();
  expect(recovery).toHaveLength(10);
  served.set('/painel/conta', await owner.content());
  await fits(owner);

  await owner.getByRole('button', { name: 'Sair de todos os aparelhos' }).click();
  await expect(owner).toHaveURL(/\/painel\/entrar\?aviso=todos$/);
  await owner.goto('/painel');
  await expect(owner).toHaveURL(/\/painel\/entrar/);
  // Back in: the password, then a code (a recovery code here: the app's current one was just used).
  await logIn(owner, ownerEmail, 'a senha longa da dona da loja');
  await owner.getByLabel('Código de verificação').fill(recovery[0] ?? '');
  await owner.getByRole('button', { name: 'Confirmar' }).click();
  await expect(owner).toHaveURL(/\/painel$/);

  // The panel with JavaScript on (axe needs it): no serious issue on the member's pages.
  const checked = await (
    await shopperContext(browser, isMobile, {
      javaScript: true,
      storageState: await member.context().storageState(),
    })
  ).newPage();
  for (const path of [
    '/painel',
    '/painel/pedidos',
    `/painel/pedidos/${String(numero)}?acao=cancelar`,
    `/painel/pedidos/${String(numero)}/separacao`,
  ]) {
    await checked.goto(path);
    await expectNoSeriousA11yIssues(checked, undefined, path);
  }
  if (!isMobile) expect(await htmlErrors(served)).toEqual([]);
});

test('the panel is never cached, indexed or opened by a shopper session', async ({ request }) => {
  for (const path of ['/painel', '/painel/entrar', '/painel/pedidos', '/painel/senha?token=x']) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.headers()['cache-control'], path).toBe('no-store');
    expect(res.headers()['x-robots-tag'], path).toBe('noindex, nofollow');
  }
  expect((await request.get('/painel/pedidos', { maxRedirects: 0 })).status()).toBe(303);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /painel');
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).not.toContain('/painel');
});
