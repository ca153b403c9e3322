import { expect, test } from '@playwright/test';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { expectNoSeriousA11yIssues } from './axe.ts';
import { htmlErrors } from './vnu.ts';
import { ADMIN_TOKEN, mailsTo, ownAddress } from './servers.ts';
import { screenOf, shopperContext, signUpAndBuy } from './shopper.ts';
import { panelNav, teamMember } from './staff.ts';

/**
 * The shopper's rights, as a shopper and the team use them without JavaScript: withdrawing from a purchase on
 * the order's page (CDC art. 49) and the team's refund; the copy of the data, a consent taken back, and the
 * account's deletion approved by an owner (LGPD art. 18).
 */

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders(ownAddress());
});

const newEmail = (who: string) =>
  `${who}.${String(Date.now())}.${String(Math.floor(Math.random() * 1e6))}@exemplo.com.br`;

/** The team moves the order through the staff API, as its automation would. */
async function move(request: APIRequestContext, numero: number, situacoes: string[]) {
  for (const situacao of situacoes) {
    const res = await request.put(`/api/v2/admin/orders/${String(numero)}/status`, {
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
      data: {
        situacao,
        ...(situacao === 'enviado' ? { transportadora: 'Correios', rastreio: 'AA123456785BR' } : {}),
      },
    });
    expect(res.status()).toBe(200);
  }
}

/** axe on each page as `who` sees it (axe runs in the page: a JavaScript context with the same cookies). */
async function accessible(browser: Browser, isMobile: boolean, who: Page, paths: string[]) {
  const checked = await (
    await shopperContext(browser, isMobile, {
      javaScript: true,
      storageState: await who.context().storageState(),
    })
  ).newPage();
  for (const path of paths) {
    await checked.goto(path);
    await expectNoSeriousA11yIssues(checked, undefined, path);
  }
  await checked.context().close();
}

const fits = async (page: Page, isMobile: boolean) => {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${page.url()} is wider than the screen`).toBeLessThanOrEqual(screenOf(isMobile).width);
};

test('a delivered order: the buyer withdraws on its page, the team refunds once the goods are back', async ({
  browser,
  request,
  isMobile,
}) => {
  test.setTimeout(180_000);
  const email = newEmail('desiste');
  // The whole journey without JavaScript: the purchase, then the right on the order inside the account.
  const buyer = await (await shopperContext(browser, isMobile, { javaScript: false })).newPage();
  const numero = await signUpAndBuy(
    buyer,
    { name: 'Renata Desistente', email, password: 'uma senha longa de quem desiste' },
    3,
  );
  await move(request, numero, ['pago', 'enviado', 'entregue']);
  await buyer.goto(`/minha-conta/pedidos/${String(numero)}`);
  const box = buyer.getByRole('region', { name: 'Desistir da compra' });
  await expect(box).toContainText('em até 7 dias do recebimento');
  await box.getByLabel('Motivo (opcional)').fill('O modelo não coube na bancada.');
  await box.getByRole('button', { name: 'Desistir da compra' }).click();
  // It cannot be undone: asked once more, the reason kept; "Voltar" changes nothing.
  await expect(box.getByRole('alert')).toContainText(`Desistir da compra do pedido ${String(numero)}?`);
  await box.getByRole('link', { name: 'Voltar sem desistir' }).click();
  await expect(box.getByRole('button', { name: 'Desistir da compra', exact: true })).toBeVisible();
  await expect(box.getByRole('button', { name: 'Sim, desistir da compra' })).toHaveCount(0);
  await box.getByLabel('Motivo (opcional)').fill('O modelo não coube na bancada.');
  await box.getByRole('button', { name: 'Desistir da compra', exact: true }).click();
  await box.getByRole('button', { name: 'Sim, desistir da compra' }).click();
  await expect(buyer.getByRole('status').filter({ hasText: 'Desistência registrada' })).toBeVisible();
  await expect(box).toContainText('Recebida: a equipe vai combinar a devolução');
  await expect(box.getByRole('button', { name: 'Desistir da compra' })).toHaveCount(0);
  await fits(buyer, isMobile);
  const served = new Map([['/minha-conta/pedidos/{n}', await buyer.content()]]);
  await expect.poll(() => mailsTo(email).some((m) => m.includes('recebemos sua desist'))).toBe(true);

  // The owner sees it with its deadline, waits for the goods, then refunds (a static Pix: from the store's bank).
  const owner = await (await shopperContext(browser, isMobile, { javaScript: false })).newPage();
  await teamMember(owner, request, 'dono', 'Dora Dona');
  await (await panelNav(owner)).getByRole('link', { name: /^Solicitações/ }).click();
  const card = owner.locator('tr.request', { hasText: `Desistência do pedido ${String(numero)} ` });
  await expect(card).toContainText('Devolver até');
  await expect(card).toContainText('O modelo não coube na bancada.');
  await fits(owner, isMobile);
  served.set('/painel/solicitacoes', await owner.content());
  if (!isMobile) expect(await htmlErrors(served)).toEqual([]);
  await accessible(browser, isMobile, buyer, [`/minha-conta/pedidos/${String(numero)}`]);
  await card.getByRole('button', { name: /^Devolver quando o produto voltar/ }).click();
  await expect(
    owner.getByRole('status').filter({ hasText: 'o valor volta quando o produto chegar' }),
  ).toBeVisible();
  // axe on the request waiting for the goods: its box and its button.
  await accessible(browser, isMobile, owner, ['/painel/solicitacoes']);
  // The goods came back sellable: their units go back in stock (ticked unless the team unticks it).
  const back = owner.locator('tr.request', { hasText: `Desistência do pedido ${String(numero)} ` });
  await expect(back.getByRole('checkbox', { name: /^Voltar as unidades ao estoque/ })).toBeChecked();
  await back.getByRole('button', { name: /^Produto recebido: já devolvi o valor/ }).click();
  // What cannot be undone is asked once more, with the amount; "Voltar" changes nothing.
  const confirm = owner.getByRole('form', { name: 'Confirme antes de seguir' });
  await expect(confirm).toContainText(`do pedido ${String(numero)}`);
  await expect(confirm).toContainText('Isto não pode ser desfeito');
  await confirm.getByRole('button', { name: 'Sim, já devolvi' }).click();
  await expect(
    owner.getByRole('status').filter({ hasText: 'Produto recebido e devolução registrada' }),
  ).toBeVisible();
  await expect(
    owner.locator('tr.request', { hasText: `Desistência do pedido ${String(numero)} ` }),
  ).toContainText('As unidades voltaram ao estoque.');

  await buyer.reload();
  await expect(buyer.getByRole('region', { name: 'Desistir da compra' })).toContainText(
    'Concluída: valor devolvido',
  );
  await expect.poll(() => mailsTo(email).some((m) => m.includes('confirmada'))).toBe(true);
});

test("privacy: the copy of the data, a consent withdrawn, the account deleted on an owner's approval", async ({
  browser,
  request,
  isMobile,
}) => {
  test.setTimeout(180_000);
  const email = newEmail('privada');
  const password = 'uma senha longa de quem sai';
  const name = `Helena Privada ${isMobile ? 'Celular' : 'Mesa'}`;
  const shopper = await (await shopperContext(browser, isMobile, { javaScript: false })).newPage();
  await signUpAndBuy(shopper, { name, email, password }, 3);
  // Offers are consented on the account page, then withdrawn in one click on "Privacidade".
  await shopper.goto('/minha-conta/');
  await shopper.getByLabel('Quero receber ofertas e novidades por e-mail').check();
  await shopper.getByRole('button', { name: 'Salvar' }).click();
  await shopper
    .getByRole('navigation', { name: 'Sua conta' })
    .getByRole('link', { name: 'Privacidade' })
    .click();
  await expect(shopper.getByRole('heading', { level: 1 })).toHaveText('Privacidade');
  await shopper.getByRole('button', { name: 'Retirar o consentimento para ofertas por e-mail' }).click();
  await expect(shopper.getByRole('status').filter({ hasText: 'não recebe mais ofertas' })).toBeVisible();
  await expect(shopper.getByText('Não autorizado.')).toBeVisible();
  await fits(shopper, isMobile);
  if (!isMobile)
    expect(await htmlErrors(new Map([['/minha-conta/privacidade', await shopper.content()]]))).toEqual([]);
  await accessible(browser, isMobile, shopper, ['/minha-conta/privacidade']);

  // The copy: one zip with the JSON and a CSV per part, the profile and the order in it.
  const download = await shopper.context().request.get('/minha-conta/privacidade/meus-dados.zip');
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toBe('application/zip');
  const files = unzipSync(new Uint8Array(await download.body()));
  expect(Object.keys(files).sort()).toEqual([
    'avaliacoes.csv',
    'consentimentos.csv',
    'enderecos.csv',
    'itens-dos-pedidos.csv',
    'mensagens.csv',
    'meus-dados.json',
    'pedidos.csv',
    'perfil.csv',
    'solicitacoes.csv',
  ]);
  expect(strFromU8(files['perfil.csv'] ?? new Uint8Array())).toContain(email);
  // Its sheets in the panel's Brazilian forms: reais with a comma, moments in Brasília's time, never ISO.
  const orders = strFromU8(files['pedidos.csv'] ?? new Uint8Array());
  expect(orders).toMatch(/;\d{1,3}(\.\d{3})*,\d{2}(;|\r\n)/);
  expect(orders).toMatch(/\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
  expect(orders).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  const json = JSON.parse(strFromU8(files['meus-dados.json'] ?? new Uint8Array())) as { pedidos: unknown[] };
  expect(json.pedidos).toHaveLength(1);
  // Asked again and again, the copy is limited: a page with the 429 and its words, never a failure.
  const statuses: number[] = [];
  let limited = await shopper.context().request.get('/minha-conta/privacidade/meus-dados.zip');
  for (let i = 0; i < 12 && limited.status() === 200; i++) {
    statuses.push(limited.status());
    limited = await shopper.context().request.get('/minha-conta/privacidade/meus-dados.zip');
  }
  expect(limited.status(), statuses.join(',')).toBe(429);
  expect(limited.headers()['retry-after']).toBe('60');
  expect(await limited.text()).toContain('Muitas tentativas em cópia dos dados');

  // Deletion: a wrong password changes nothing; the right one opens the request, with its deadline.
  await shopper.getByLabel('Sua senha, para confirmar').fill('não é esta');
  await shopper.getByRole('button', { name: 'Pedir a exclusão da conta' }).click();
  await expect(shopper.getByRole('alert').filter({ hasText: 'Senha incorreta' })).toBeVisible();
  await shopper.getByLabel('Sua senha, para confirmar').fill(password);
  await shopper.getByRole('button', { name: 'Pedir a exclusão da conta' }).click();
  await expect(shopper.getByRole('status').filter({ hasText: 'Pedido de exclusão recebido' })).toBeVisible();
  await expect(shopper.getByText(/A equipe responde até/)).toBeVisible();
  await expect.poll(() => mailsTo(email).some((m) => m.includes('exclus'))).toBe(true);

  // An owner approves it in the panel: the customer is logged out and the account no longer opens.
  const owner = await (await shopperContext(browser, isMobile, { javaScript: false })).newPage();
  await teamMember(owner, request, 'dono', 'Olga Dona');
  await owner.goto('/painel/solicitacoes');
  const card = owner.locator('tr.request', { hasText: name });
  await expect(card).toContainText('Responder até');
  await card.getByRole('button', { name: `Aprovar e excluir os dados de ${name}` }).click();
  // Asked once more: going back changes nothing; confirmed, the data goes.
  const confirm = owner.getByRole('form', { name: 'Confirme antes de seguir' });
  await expect(confirm).toContainText(`Excluir os dados pessoais de ${name}`);
  await confirm.getByRole('link', { name: 'Voltar sem mudar nada' }).click();
  await expect(owner.locator('tr.request', { hasText: name })).toContainText('Responder até');
  await owner
    .locator('tr.request', { hasText: name })
    .getByRole('button', { name: `Aprovar e excluir os dados de ${name}` })
    .click();
  await owner
    .getByRole('form', { name: 'Confirme antes de seguir' })
    .getByRole('button', { name: 'Sim, excluir os dados' })
    .click();
  await expect(owner.getByRole('status').filter({ hasText: 'Conta excluída' })).toBeVisible();
  await expect(owner.locator('tr.request', { hasText: 'Cliente excluído' }).first()).toContainText(
    'Conta excluída',
  );
  await fits(owner, isMobile);

  await shopper.goto('/minha-conta/privacidade');
  await expect(shopper).toHaveURL(/\/checkout\/acesso\?retorno=/);
});
