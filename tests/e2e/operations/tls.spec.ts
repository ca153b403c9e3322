import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { Agent, fetch as undiciFetch } from 'undici';
import { startFakePsp } from '../../support/fake-psp.ts';
import type { FakePsp } from '../../support/fake-psp.ts';
import { startInstance } from '../../support/instances.ts';
import type { Instance } from '../../support/instances.ts';
import { startTlsProxy } from '../../support/tls-proxy.ts';
import type { TlsProxy } from '../../support/tls-proxy.ts';
import { mailsTo } from '../servers.ts';
import { confirmSignUp, fillSignUp } from '../shopper.ts';
import { panelNav } from '../staff.ts';

/**
 * The store as it is deployed: the production build behind a TLS-terminating proxy (tests/support/
 * tls-proxy.ts, a certificate made at start), started with an https SITE_URL. A shopper signs up, buys
 * with Pix and sees the order paid when the PSP's notice reaches the address the store registered (it
 * registers one only for an https SITE_URL); logs out, in, and sets a new password; the owner logs in
 * to the panel with a second factor and out; a visitor released from maintenance stays released. Every
 * cookie the store gives is `Secure`. The buyer withdraws from the paid order and the owner refunds it through
 * the PSP, both by forms posted behind TLS.
 */
test.describe.configure({ mode: 'serial' });

let psp: FakePsp;
let proxy: TlsProxy;
let store: Instance;
let ownerLink = '';
/** The order the buyer withdrew from (the first journey), refunded by the owner in the panel's. */
let withdrawn = '';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-tls-'));
const OUTBOX_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'store-tls-mail-'));
const email = `tls.${String(Date.now())}@exemplo.com.br`;
const PASSWORD = 'uma senha longa atrás do proxy';

test.beforeAll(async () => {
  psp = await startFakePsp();
  proxy = await startTlsProxy();
  const env = { DATA_DIR: dataDir, SEED_PRODUCTS: '40', SITE_URL: proxy.origin };
  const added = spawnSync(
    process.execPath,
    ['scripts/staff.ts', 'add', 'dona@loja.test', '--papel', 'dono', '--nome', 'Dona Marta'],
    { encoding: 'utf8', env: { ...process.env, ...env } },
  );
  ownerLink = /https:\/\/\S+/.exec(added.stdout)?.[0] ?? '';
  store = await startInstance({
    ...env,
    MAIL_OUTBOX: OUTBOX_DIR,
    ...psp.env('financeiro@casaemetais.com.br'),
  });
  proxy.forwardTo(store.port);
});
test.afterAll(async () => {
  await store.stop();
  await Promise.all([psp.close(), proxy.close()]);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(OUTBOX_DIR, { recursive: true, force: true });
});

/** A browser page that trusts the proxy's certificate, as a shopper's browser trusts the store's. */
async function securePage(browser: Browser, width = 1366): Promise<Page> {
  const context = await browser.newContext({
    ignoreHTTPSErrors: true,
    viewport: { width, height: width > 400 ? 900 : 780 },
  });
  await context.addInitScript(() => {
    localStorage.setItem('cookies:consentimento', 'recusado');
  });
  return context.newPage();
}

async function logIn(page: Page, password: string) {
  await page.goto(`${proxy.origin}/checkout/acesso`);
  const login = page.locator('main form').first();
  await login.getByLabel('E-mail ou CPF', { exact: true }).fill(email);
  await login.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

test('an https store never serves plain http: a reported http is sent to https, an unreported one is told why', async () => {
  const plain = await fetch(`${store.url}/checkout/acesso`, {
    headers: { 'X-Forwarded-Proto': 'http' },
    redirect: 'manual',
  });
  expect(plain.status).toBe(301);
  expect(plain.headers.get('Location')).toBe(`${proxy.origin}/checkout/acesso`);
  const unsaid = await fetch(`${store.url}/checkout/acesso`, { redirect: 'manual' });
  expect(unsaid.status).toBe(421);
  expect(await unsaid.text()).toContain('X-Forwarded-Proto: https');
  // Monitors still read the health of the server's own address.
  expect((await fetch(`${store.url}/saude`)).status).toBe(200);
});

test('sign-up with its code, cart, Pix checkout, and the PSP notice at the registered address', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await securePage(browser);
  await page.goto(`${proxy.origin}/banheiro/?order=Menor+Pre%C3%A7o`);
  await page.locator('article.card:not(.card--off) a.card__link').first().click();
  await page.getByRole('button', { name: 'Comprar' }).click();
  await expect(page.locator('[data-cart-count]')).toHaveText('1');
  await page.goto(`${proxy.origin}/checkout/carrinho/`);
  await page.getByRole('link', { name: 'Continuar', exact: true }).click();
  await page.getByRole('link', { name: 'Criar conta' }).click();
  const form = page.locator('main form');
  await form.getByLabel('Nome completo ou razão social').fill('Tânia Segura');
  await fillSignUp(form, { email, password: PASSWORD, city: 'Campinas' });
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await confirmSignUp(page, email, OUTBOX_DIR);
  // Logged in, and the cart came along.
  await expect(page).toHaveURL(/\/checkout\/pagamento$/);
  await page.getByRole('button', { name: 'Finalizar pedido' }).click();
  await expect(page).toHaveURL(/\/checkout\/pedido\/\d+\?novo=1$/);
  const numero = /pedido\/(\d+)/.exec(page.url())?.[1] ?? '';
  await expect(page.getByText('Aguardando pagamento').first()).toBeVisible();

  // The store registered its https notice address at the PSP as it started; the PSP posts there.
  const registered = psp.webhookUrl() ?? '';
  expect(registered.startsWith(`${proxy.origin}/api/webhooks/pix/`)).toBe(true);
  const cob = [...psp.charges.values()].find((c) => c.solicitacaoPagador === `Pedido ${numero}`);
  const pix = psp.pay(cob?.txid ?? '');
  const trusting = new Agent({ connect: { ca: proxy.cert } });
  const notice = await undiciFetch(`${registered}/pix`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(psp.notice(pix)),
    dispatcher: trusting,
  });
  expect(notice.status).toBe(200);
  await trusting.close();
  await expect(page.locator('.order__status strong')).toHaveText('Pagamento confirmado', { timeout: 15_000 });
  expect(psp.violations).toEqual([]);

  // The buyer withdraws on the order's page (its form posts behind TLS); the owner refunds it further down.
  await page.goto(`${proxy.origin}/minha-conta/pedidos/${numero}`);
  const box = page.getByRole('region', { name: 'Desistir da compra' });
  await box.getByRole('button', { name: 'Desistir da compra' }).click();
  await box.getByRole('button', { name: 'Sim, desistir da compra' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Desistência registrada' })).toBeVisible();
  withdrawn = numero;
  await page.context().close();
});

test("without JavaScript, the CEP calculated on a product and the cart are kept by the page's own cookie", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // No island asks the API for a session here: the first cookie is the one the page itself sets.
  const context = await browser.newContext({ ignoreHTTPSErrors: true, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${proxy.origin}/banheiro/?order=Menor+Pre%C3%A7o`);
  await page.locator('article.card:not(.card--off) a.card__link').first().click();
  await page.locator('#frete-slot').getByLabel('Calcule o frete').fill('20040-020');
  await page.locator('#frete-slot').getByRole('button', { name: 'Calcular' }).click();
  await expect(page.getByText('Entrega para o CEP 20040-020 (RJ):')).toBeVisible();
  await page.getByRole('link', { name: 'Voltar ao produto' }).click();
  await page.getByRole('button', { name: 'Comprar' }).click();
  await expect(page).toHaveURL(/\/checkout\/carrinho\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sacola de compras (1)');
  await expect(page.getByText('Entrega para o CEP 20040-020 (RJ):')).toBeVisible();
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'PHPSESSID')).toMatchObject({ secure: true, httpOnly: true });
  await context.close();
});

test('logout, login, a forgotten password and favourites keep their session behind TLS', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await securePage(browser, 360);
  await logIn(page, PASSWORD);
  await expect(page).toHaveURL(/\/minha-conta\/$/);
  await expect(page.getByText('Tânia Segura')).toBeVisible();

  // Privacidade behind TLS: the copy of the data downloads, and its forms post (a wrong password refused).
  await page.goto(`${proxy.origin}/minha-conta/privacidade`);
  const copy = await page.context().request.get(`${proxy.origin}/minha-conta/privacidade/meus-dados.zip`);
  expect(copy.status()).toBe(200);
  expect(copy.headers()['content-type']).toBe('application/zip');
  await page.getByLabel('Sua senha, para confirmar').fill('não é a senha');
  await page.getByRole('button', { name: 'Pedir a exclusão da conta' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Senha incorreta' })).toBeVisible();

  // A favourite, kept by the session.
  await page.goto(`${proxy.origin}/banheiro/`);
  const heart = page.locator('.card__fav button').first();
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await page.goto(`${proxy.origin}/minha-conta/lista-desejo`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meus favoritos (1)');

  await page.goto(`${proxy.origin}/minha-conta/`);
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(`${proxy.origin}/`);
  await page.goto(`${proxy.origin}/minha-conta/`);
  await expect(page).toHaveURL(/\/checkout\/acesso\?retorno=%2Fminha-conta%2F$/);

  // A new password through the e-mailed link (an https link), then a login with it.
  await page.getByText('Esqueci minha senha').click();
  await page.getByLabel('E-mail ou CPF da conta').fill(email);
  await page.getByRole('button', { name: 'Enviar link para nova senha' }).click();
  await expect(page.getByRole('status')).toBeVisible();
  const linkOf = () =>
    /https:\/\/\S+\/checkout\/nova-senha\?token=[\w-]+/.exec(mailsTo(email, OUTBOX_DIR).at(-1) ?? '')?.[0] ??
    '';
  await expect.poll(linkOf).toContain(`${proxy.origin}/checkout/nova-senha`);
  await page.goto(linkOf());
  await page.getByLabel('Nova senha').fill('a nova senha atrás do proxy');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByRole('status')).toBeVisible();
  await logIn(page, 'a nova senha atrás do proxy');
  await expect(page).toHaveURL(/\/minha-conta\/$/);
  await page.context().close();
});

test('maintenance: the release link behind TLS opens the store and is remembered', async ({ browser }) => {
  test.setTimeout(120_000);
  // A second instance of the build, closed for maintenance, behind the same proxy for this test.
  const closed = await startInstance({
    SITE_URL: proxy.origin,
    SEED_PRODUCTS: '24',
    MAINTENANCE: 'on',
    MAINTENANCE_SECRET: 'libera-tls-5e2a',
  });
  proxy.forwardTo(closed.port);
  try {
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    const page = await context.newPage();
    expect((await page.goto(`${proxy.origin}/`))?.status()).toBe(503);
    await page.goto(`${proxy.origin}/pagina/cupons?liberar=libera-tls-5e2a`);
    await expect(page).toHaveURL(`${proxy.origin}/pagina/cupons`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cupons de desconto');
    expect((await page.goto(`${proxy.origin}/`))?.status()).toBe(200);
    const release = (await context.cookies()).find((c) => c.name === 'loja_liberada');
    expect(release).toMatchObject({ secure: true, httpOnly: true });
    await context.close();
  } finally {
    proxy.forwardTo(store.port);
    await closed.stop();
  }
});

test('the panel: the first owner sets a password, turns on the second factor, logs out and back in with it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await securePage(browser);
  expect(ownerLink.startsWith(`${proxy.origin}/painel/`)).toBe(true);
  await page.goto(ownerLink);
  await page.getByLabel('Nova senha').fill('a senha longa da dona da loja');
  await page.getByLabel('Repita a senha').fill('a senha longa da dona da loja');
  await page.getByRole('button', { name: 'Salvar senha' }).click();
  await page.getByLabel('E-mail').fill('dona@loja.test');
  await page.getByLabel('Senha').fill('a senha longa da dona da loja');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(`${proxy.origin}/painel`);

  await page.getByRole('link', { name: /Dona Marta/ }).click();
  await page.getByRole('button', { name: 'Ligar a verificação em duas etapas' }).click();
  const secret = Secret.fromBase32((await page.locator('code.key').innerText()).trim());
  await page.getByLabel('Código do aplicativo').fill(TOTP.generate({ secret }));
  await page.getByRole('button', { name: 'Ligar', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('Verificação em duas etapas ligada.');
  const recovery = await page.locator('.codes code').allInnerTexts();
  await page.getByRole('button', { name: 'Sair de todos os aparelhos' }).click();
  await expect(page).toHaveURL(/\/painel\/entrar\?aviso=todos$/);
  await page.goto(`${proxy.origin}/painel`);
  await expect(page).toHaveURL(/\/painel\/entrar/);

  await page.getByLabel('E-mail').fill('dona@loja.test');
  await page.getByLabel('Senha').fill('a senha longa da dona da loja');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByLabel('Código de verificação').fill(recovery[0] ?? '');
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page).toHaveURL(`${proxy.origin}/painel`);

  // The buyer's withdrawal, refunded at once through the PSP that took the Pix.
  await (await panelNav(page)).getByRole('link', { name: /^Solicitações/ }).click();
  const card = page.locator('tr.request', { hasText: `Desistência do pedido ${withdrawn} ` });
  await card.getByRole('button', { name: /^Devolver o valor agora/ }).click();
  await page
    .getByRole('form', { name: 'Confirme antes de seguir' })
    .getByRole('button', { name: 'Sim, devolver o valor' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Devolução registrada' })).toBeVisible();
  await expect(page.locator('tr.request', { hasText: `Desistência do pedido ${withdrawn} ` })).toContainText(
    'Devolução pedida',
  );
  expect(psp.violations).toEqual([]);
  await page.context().close();

  // Every cookie the store gave over https was Secure (a cookie without it would travel over http too).
  expect(proxy.cookies.length).toBeGreaterThan(0);
  expect(proxy.cookies.filter(({ value }) => !/;\s*Secure/i.test(value))).toEqual([]);
});
