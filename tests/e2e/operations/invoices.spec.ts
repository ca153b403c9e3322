import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startFakeFocusNfe } from '../../support/fake-focusnfe.ts';
import type { FakeFocusNfe } from '../../support/fake-focusnfe.ts';
import { startInstance } from '../../support/instances.ts';
import type { Instance } from '../../support/instances.ts';
import { confirmSignUp, fillSignUp } from '../shopper.ts';

/**
 * From paid order to invoice, as the owner and the shopper live it: a store started with Focus NFe (the
 * loopback double of tests/support/fake-focusnfe.ts, which checks every call against the provider's documented
 * shapes and the NF-e's sums); the owner gives the store's state registration once, confirms the Pix, and
 * one click issues the NF-e; the shopper's order page shows it, with a DANFE that downloads.
 */
test.describe.configure({ mode: 'serial' });

let focus: FakeFocusNfe;
let store: Instance;
let ownerLink = '';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-invoices-'));
const OUTBOX_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'store-invoices-mail-'));
const OWNER_PASSWORD = 'a senha longa da dona da loja';

test.beforeAll(async () => {
  focus = await startFakeFocusNfe();
  const added = spawnSync(
    process.execPath,
    ['scripts/staff.ts', 'add', 'dona@loja.test', '--papel', 'dono', '--nome', 'Dona Marta'],
    { encoding: 'utf8', env: { ...process.env, DATA_DIR: dataDir, SEED_PRODUCTS: '40' } },
  );
  const link = new URL(/https?:\/\/\S+/.exec(added.stdout)?.[0] ?? '');
  ownerLink = link.pathname + link.search;
  store = await startInstance({ DATA_DIR: dataDir, MAIL_OUTBOX: OUTBOX_DIR, ...focus.env() });
});
test.afterAll(async () => {
  await store.stop();
  await focus.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(OUTBOX_DIR, { recursive: true, force: true });
});

test('a paid order gets its NF-e in one click; the shopper downloads the DANFE', async ({ browser }) => {
  test.setTimeout(120_000);
  // The shopper: a new account, the cheapest bathroom product, Pix.
  const shopper = await browser.newPage({ viewport: { width: 360, height: 780 } });
  await shopper.goto(`${store.url}/banheiro/?order=Menor+Pre%C3%A7o`);
  await shopper.locator('article.card:not(.card--off) a.card__link').first().click();
  await shopper.getByRole('button', { name: 'Comprar' }).click();
  if (!(await shopper.evaluate(() => location.pathname.startsWith('/checkout/')))) {
    await expect(shopper.locator('[data-cart-count]')).toHaveText('1');
    await shopper.goto(`${store.url}/checkout/carrinho/`);
  }
  await shopper.getByRole('link', { name: 'Continuar', exact: true }).click();
  await shopper.getByRole('link', { name: 'Criar conta' }).click();
  const form = shopper.locator('main form');
  await form.getByLabel('Nome completo ou razão social').fill('Nina Notafiscal');
  const email = `nfe.${String(Date.now())}@exemplo.com.br`;
  await fillSignUp(form, { email, password: 'uma senha longa para comprar', city: 'Campinas' });
  await shopper.getByRole('button', { name: 'Criar conta' }).click();
  await confirmSignUp(shopper, email, OUTBOX_DIR);
  await shopper.getByRole('button', { name: 'Finalizar pedido' }).click();
  await expect(shopper).toHaveURL(/\/checkout\/pedido\/\d+\?novo=1$/);
  const numero = /pedido\/(\d+)/.exec(shopper.url())?.[1] ?? '';

  // The owner: first the store's state registration (once), then the order.
  const owner = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await owner.goto(`${store.url}${ownerLink}`);
  await owner.getByLabel('Nova senha').fill(OWNER_PASSWORD);
  await owner.getByLabel('Repita a senha').fill(OWNER_PASSWORD);
  await owner.getByRole('button', { name: 'Salvar senha' }).click();
  await owner.getByLabel('E-mail').fill('dona@loja.test');
  await owner.getByLabel('Senha').fill(OWNER_PASSWORD);
  await owner.getByRole('button', { name: 'Entrar' }).click();
  await owner.goto(`${store.url}/painel/pedidos/${numero}`);
  await owner.getByRole('link', { name: 'Marcar como pago' }).click();
  await owner.getByRole('button', { name: /^Confirmar/ }).click();
  await expect(owner.getByRole('status')).toHaveText(/^Pagamento registrado/);
  // Without the store's state registration the NF-e cannot be issued, and the card says so.
  const card = owner.getByRole('region', { name: 'Nota fiscal (NF-e)' });
  await expect(card).toContainText('A inscrição estadual da loja, em Configurações');
  await expect(card.getByRole('button', { name: 'Emitir NF-e' })).toHaveCount(0);
  await owner.goto(`${store.url}/painel/configuracoes`);
  await owner.getByLabel('Inscrição estadual').fill('244.123.456.119');
  await owner.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(owner.getByRole('status').first()).toContainText(/salv/i);

  // A paid order to its NF-e: one click.
  await owner.goto(`${store.url}/painel/pedidos/${numero}`);
  await card.getByRole('button', { name: 'Emitir NF-e' }).click();
  await expect(owner.getByRole('status')).toHaveText(/^NF-e autorizada/);
  await expect(card).toContainText(/Autorizada · NF-e \d+, série 1/);
  await expect(card.getByRole('link', { name: 'DANFE (PDF)' })).toBeVisible();
  const note = focus.notes.get(numero);
  expect(note?.request.inscricao_estadual_emitente).toBe('244123456119');
  expect(note?.request.items[0]?.codigo_ncm).toMatch(/^\d{8}$/);
  expect(focus.violations).toEqual([]);

  // The shopper's order page shows the invoice; its DANFE downloads.
  await shopper.goto(`${store.url}/minha-conta/pedidos/${numero}`);
  const invoice = shopper.getByRole('region', { name: 'Nota fiscal' });
  await expect(invoice).toContainText(`NF-e ${note?.numero ?? '-'}, série 1`);
  const danfe = await invoice.getByRole('link', { name: 'Baixar o DANFE (PDF)' }).getAttribute('href');
  const pdf = await fetch(danfe ?? '');
  expect(pdf.headers.get('content-type')).toBe('application/pdf');
  // …and the e-mail that gave it to them.
  const mails = fs.readdirSync(OUTBOX_DIR).map((f) => fs.readFileSync(path.join(OUTBOX_DIR, f), 'utf8'));
  expect(mails.some((m) => m.includes(`Pedido ${numero}: sua nota fiscal`))).toBe(true);

  await owner.close();
  await shopper.close();
});
