import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { webhookSecretOf } from '#/server/payments/pix-api/config.ts';
import { startFakePsp } from '../../support/fake-psp.ts';
import type { FakePsp } from '../../support/fake-psp.ts';
import { startFakeMercadoPago } from '../../support/fake-mercadopago.ts';
import type { FakeMercadoPago } from '../../support/fake-mercadopago.ts';
import { startInstance } from '../../support/instances.ts';
import type { Instance } from '../../support/instances.ts';
import { confirmSignUp, fillSignUp } from '../shopper.ts';

/**
 * Payments that confirm themselves, as a shopper lives them: a store started with a PSP's API Pix (the
 * loopback PSP of tests/support/fake-psp.ts, mutual TLS and all), an order paid in the bank's app, the
 * PSP's notice, and the order page turning "Pago" by itself; the PSP down at order time.
 */
test.describe.configure({ mode: 'serial' });

let psp: FakePsp;
let mp: FakeMercadoPago;
let store: Instance;
/** The first owner's one-time link (its path: the instance's port is chosen at start). */
let ownerLink = '';
/** The Pix order the first journey pays, for the owner to refund. */
let paidOrder = '';
/** The card order paid through Mercado Pago, which its buyer then disputes. */
let cardOrder = '';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-payments-'));
/** Where the instance writes its e-mail (the sign-up codes are read there). */
const OUTBOX_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'store-payments-mail-'));

test.beforeAll(async () => {
  psp = await startFakePsp();
  mp = await startFakeMercadoPago();
  // The first owner, made as a new store's owner makes one (`npm run staff -- add`), before it starts.
  const added = spawnSync(
    process.execPath,
    ['scripts/staff.ts', 'add', 'dona@loja.test', '--papel', 'dono', '--nome', 'Dona Marta'],
    { encoding: 'utf8', env: { ...process.env, DATA_DIR: dataDir, SEED_PRODUCTS: '40' } },
  );
  const link = /https?:\/\/\S+/.exec(added.stdout)?.[0] ?? '';
  ownerLink = new URL(link).pathname + new URL(link).search;
  store = await startInstance({
    DATA_DIR: dataDir,
    MAIL_OUTBOX: OUTBOX_DIR,
    MERCADOPAGO_ACCESS_TOKEN: mp.accessToken,
    MERCADOPAGO_WEBHOOK_SECRET: mp.webhookSecret,
    MERCADOPAGO_API_URL: mp.apiUrl,
    ...psp.env('financeiro@casaemetais.com.br'),
  });
});
test.afterAll(async () => {
  await store.stop();
  await Promise.all([psp.close(), mp.close()]);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(OUTBOX_DIR, { recursive: true, force: true });
});

/** A new shopper with the cheapest bathroom product in the cart, at the checkout. */
async function toCheckout(page: Page) {
  await page.goto(`${store.url}/banheiro/?order=Menor+Pre%C3%A7o`);
  await page.locator('article.card:not(.card--off) a.card__link').first().click();
  await page.getByRole('button', { name: 'Comprar' }).click();
  // With scripts on, the side cart opens with the product; the cart page continues from there.
  if (!(await page.evaluate(() => location.pathname.startsWith('/checkout/')))) {
    await expect(page.locator('[data-cart-count]')).toHaveText('1');
    await page.goto(`${store.url}/checkout/carrinho/`);
  }
  await page.getByRole('link', { name: 'Continuar', exact: true }).click();
  await page.getByRole('link', { name: 'Criar conta' }).click();
  const form = page.locator('main form');
  await form.getByLabel('Nome completo ou razão social').fill('Paula Pagadora');
  const email = `pix.${String(Date.now())}.${String(Math.floor(Math.random() * 1e6))}@exemplo.com.br`;
  await fillSignUp(form, { email, password: 'uma senha longa para pagar', city: 'Campinas' });
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await confirmSignUp(page, email, OUTBOX_DIR);
  await expect(page).toHaveURL(/\/checkout\/pagamento$/);
}

test('Pix paid in the bank app: the PSP tells the store, and the order page says it by itself', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await toCheckout(page);
  await expect(page.getByRole('radio', { name: /^Pix/ })).toBeChecked();
  await page.getByRole('button', { name: 'Finalizar pedido' }).click();
  await expect(page).toHaveURL(/\/checkout\/pedido\/\d+\?novo=1$/);
  const numero = /pedido\/(\d+)/.exec(page.url())?.[1] ?? '';
  paidOrder = numero;
  await expect(page.getByText('Aguardando pagamento').first()).toBeVisible();
  // The QR code and "copia e cola" are the PSP's charge for this order.
  const cob = [...psp.charges.values()].find((c) => c.solicitacaoPagador === `Pedido ${numero}`);
  expect(cob?.status).toBe('ATIVA');
  await expect(page.getByLabel('Código Pix copia e cola')).toHaveValue(cob?.pixCopiaECola ?? '-');
  await expect(page.getByRole('img', { name: 'QR Code do Pix deste pedido' })).toBeVisible();

  // The buyer pays; the PSP posts its notice to the address the store registered.
  const pix = psp.pay(cob?.txid ?? '');
  const secret = webhookSecretOf(psp.clientSecret);
  const notice = await fetch(`${store.url}/api/webhooks/pix/${secret}/pix`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(psp.notice(pix)),
  });
  expect(notice.status).toBe(200);
  // The page, left open, asks the store every few seconds and shows the payment without a click.
  await expect(page.locator('.order__status strong')).toHaveText('Pagamento confirmado', { timeout: 15_000 });
  await expect(page.getByLabel('Código Pix copia e cola')).toHaveCount(0);
  expect(psp.violations).toEqual([]);
  await page.close();
});

test('the owner refunds the paid Pix order from the panel: one devolução, the order cancelled', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await page.goto(`${store.url}${ownerLink}`);
  await page.getByLabel('Nova senha').fill('a senha longa da dona da loja');
  await page.getByLabel('Repita a senha').fill('a senha longa da dona da loja');
  await page.getByRole('button', { name: 'Salvar senha' }).click();
  await page.getByLabel('E-mail').fill('dona@loja.test');
  await page.getByLabel('Senha').fill('a senha longa da dona da loja');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.goto(`${store.url}/painel/pedidos/${paidOrder}`);
  // The timeline says what the PSP did; a paid order is cancelled only by giving the money back.
  await expect(page.getByText(/Pix recebido: R\$/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cancelar pedido' })).toHaveCount(0);
  await page.getByRole('link', { name: /^Devolver o pagamento \(R\$/ }).click();
  await expect(
    page.getByText(/^Devolver R\$\s.* ao cliente pelo Pix \(PSP\)\? O pedido é cancelado/),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Confirmar: devolver o pagamento' }).click();
  await expect(page.getByRole('status')).toHaveText(/^Devolução pedida ao provedor de pagamento/);
  await expect(
    page.getByText(/Devolução de R\$\s.* pedida ao PSP do Pix: em processamento \(EM_PROCESSAMENTO\)/),
  ).toBeVisible();
  // The ledger's row: asked, not yet confirmed; never "devolvida" before the PSP says so.
  await expect(page.getByRole('region', { name: 'Devoluções' })).toContainText(
    'Pedida, aguardando o provedor',
  );
  const cob = [...psp.charges.values()].find((c) => c.solicitacaoPagador === `Pedido ${paidOrder}`);
  expect(cob?.pix?.[0]?.devolucoes).toHaveLength(1);
  await page.close();
});

test('the PSP down at order time: nothing is charged, the shopper is told, the cart is kept', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
  await toCheckout(page);
  psp.state.down = true;
  try {
    await page.getByRole('button', { name: 'Finalizar pedido' }).click();
    await expect(page.getByText(/nada foi cobrado e seus produtos continuam na sacola/)).toBeVisible();
  } finally {
    psp.state.down = false;
  }
  await expect(page).toHaveURL(/\/checkout\/pagamento/);
  await page.goto(`${store.url}/checkout/carrinho/`);
  await expect(
    page
      .locator('main')
      .getByRole('button', { name: /^Remover/ })
      .first(),
  ).toBeVisible();
  await page.close();
});

test('card in 10x without JavaScript: the checkout sends the shopper to Mercado Pago and back, paid', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 360, height: 780 },
  });
  const page = await context.newPage();
  await toCheckout(page);
  // Installments stop where interest would begin: the card is offered as interest-free.
  await page.getByRole('radio', { name: /^Cartão de crédito/ }).check();
  await page.getByRole('button', { name: 'Finalizar pedido' }).click();
  // Mercado Pago's page (the double on loopback): the card form is theirs, never the store's.
  await expect(page.getByRole('heading', { name: 'Mercado Pago (teste)' })).toBeVisible();
  await page.getByLabel('Parcelas').selectOption('10');
  await page.getByRole('button', { name: /^Pagar R\$/ }).click();
  await expect(page).toHaveURL(/\/checkout\/pedido\/\d+\?retorno=aprovado/);
  await expect(page.getByText('Pagamento aprovado! Seu pedido está confirmado')).toBeVisible();
  await expect(page.locator('.order__status strong')).toHaveText('Pagamento confirmado');
  const numero = /pedido\/(\d+)/.exec(page.url())?.[1] ?? '';
  const paid = [...mp.payments.values()].find((p) => p.external_reference === numero);
  expect(paid).toMatchObject({ status: 'approved', installments: 10, payment_type_id: 'credit_card' });
  expect(mp.violations).toEqual([]);
  cardOrder = numero;
  await context.close();
});

test('a chargeback on the card order: the owner is alerted, the order held, and cancelled with nothing to refund', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const payment = [...mp.payments.values()].find((p) => p.external_reference === cardOrder);
  if (!payment) throw new Error('no card payment');
  await mp.takeBack(payment.id, 'charged_back');
  const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
  await page.goto(`${store.url}/painel`);
  await page.getByLabel('E-mail').fill('dona@loja.test');
  await page.getByLabel('Senha').fill('a senha longa da dona da loja');
  await page.getByRole('button', { name: 'Entrar' }).click();
  const alerts = page.getByRole('region', { name: 'Precisa da equipe agora' });
  await expect(alerts).toContainText(`Pedido ${cardOrder}: o provedor tirou`);
  await alerts.getByRole('link', { name: `Pedido ${cardOrder}` }).click();
  const held = page.getByRole('region', { name: 'Pagamento tirado pelo provedor' });
  await expect(held).toContainText('Contestado pelo comprador no cartão (chargeback)');
  // Held: no label, no "enviado", and no refund of money the provider already took.
  await expect(page.getByRole('link', { name: 'Marcar como enviado' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Devolver o pagamento/ })).toHaveCount(0);
  await held.getByRole('radio', { name: /Cancelar o pedido/ }).check();
  await held.getByLabel('Por que a equipe decidiu assim').fill('Cliente contestou a compra no cartão');
  await held.getByRole('button', { name: 'Registrar a decisão' }).click();
  // It cannot be undone: asked once more, with what happens.
  const confirm = page.getByRole('form', { name: 'Confirme antes de seguir' });
  await expect(confirm).toContainText(`Cancelar o pedido ${cardOrder} sem devolução`);
  await confirm.getByRole('button', { name: 'Sim, cancelar o pedido' }).click();
  await expect(page.getByRole('status')).toContainText('Pedido cancelado sem devolução');
  await expect(page.locator('h1 .panel-badge')).toHaveText('Cancelado');
  await expect(held).toContainText(
    'A equipe cancelou o pedido (Dona Marta: Cliente contestou a compra no cartão)',
  );
  // The owners were e-mailed the alert (kept in the outbox: this store has no SMTP).
  const kept = () => fs.readdirSync(OUTBOX_DIR).map((f) => fs.readFileSync(path.join(OUTBOX_DIR, f), 'utf8'));
  await expect
    .poll(() => kept().some((m) => m.includes(`o pedido ${cardOrder} precisa da equipe`)))
    .toBe(true);
  expect(mp.violations).toEqual([]);
  await page.close();
});

test('boleto: generated on Mercado Pago, the order page says to pay it, and it turns paid when it clears', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await toCheckout(page);
  await page.getByRole('radio', { name: /^Boleto/ }).check();
  await page.getByRole('button', { name: 'Finalizar pedido' }).click();
  await page.getByRole('button', { name: /^Gerar boleto/ }).click();
  await expect(page).toHaveURL(/\/checkout\/pedido\/\d+\?retorno=pendente/);
  await expect(page.getByText(/^Boleto gerado! Pague até o vencimento/)).toBeVisible();
  await expect(page.locator('.order__status strong')).toHaveText('Aguardando pagamento');
  const numero = /pedido\/(\d+)/.exec(page.url())?.[1] ?? '';
  const boleto = [...mp.payments.values()].find((p) => p.external_reference === numero);
  await mp.clear(boleto?.id ?? 0);
  await page.reload();
  await expect(page.locator('.order__status strong')).toHaveText('Pagamento confirmado');
  await page.close();
});
