import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startFakeFocusNfe } from '../../support/fake-focusnfe.ts';
import type { FakeFocusNfe } from '../../support/fake-focusnfe.ts';
import { startFakeMelhorEnvio } from '../../support/fake-melhorenvio.ts';
import type { FakeMelhorEnvio } from '../../support/fake-melhorenvio.ts';
import { startInstance } from '../../support/instances.ts';
import type { Instance } from '../../support/instances.ts';
import { confirmSignUp, fillSignUp } from '../shopper.ts';

/**
 * From paid order to the shopper's door, as the owner and the shopper live it: a store started with Focus NFe
 * and Melhor Envio (the loopback doubles of tests/support/, which check every call against the providers'
 * documented shapes); the owner gives the store's state registration once and confirms the Pix; then one
 * click issues the NF-e and one buys the label; the carrier posts the parcel and the order becomes "enviado"
 * by itself; the shopper's order page shows the invoice (its DANFE downloads) and the tracking link.
 */
test.describe.configure({ mode: 'serial' });

let focus: FakeFocusNfe;
let melhor: FakeMelhorEnvio;
let store: Instance;
let ownerLink = '';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-invoices-'));
const OUTBOX_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'store-invoices-mail-'));
const OWNER_PASSWORD = 'a senha longa da dona da loja';

test.beforeAll(async () => {
  [focus, melhor] = await Promise.all([startFakeFocusNfe(), startFakeMelhorEnvio()]);
  const added = spawnSync(
    process.execPath,
    ['scripts/staff.ts', 'add', 'dona@loja.test', '--papel', 'dono', '--nome', 'Dona Marta'],
    { encoding: 'utf8', env: { ...process.env, DATA_DIR: dataDir, SEED_PRODUCTS: '40' } },
  );
  const link = new URL(/https?:\/\/\S+/.exec(added.stdout)?.[0] ?? '');
  ownerLink = link.pathname + link.search;
  store = await startInstance({
    DATA_DIR: dataDir,
    MAIL_OUTBOX: OUTBOX_DIR,
    ...focus.env(),
    ...melhor.env(),
  });
});
test.afterAll(async () => {
  await store.stop();
  await Promise.all([focus.close(), melhor.close()]);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(OUTBOX_DIR, { recursive: true, force: true });
});

test('a paid order gets its NF-e and its label in two clicks; posted, it ships by itself; the shopper follows it', async ({
  browser,
}) => {
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
  // The first save gives the owner's company in place of the installation's example (which is refused).
  await owner.getByLabel('Razão social').fill('Metais Fulfilment Comércio Ltda.');
  await owner.getByLabel('CNPJ', { exact: true }).fill('11.222.333/0001-81');
  await owner
    .getByLabel('Endereço', { exact: true })
    .fill('Rua Barão de Jaguara, 900 – Centro, Campinas – SP');
  await owner.getByLabel('Telefone', { exact: true }).fill('(19) 3251-7000');
  await owner.getByLabel('WhatsApp', { exact: true }).fill('(19) 99123-4567');
  await owner.getByLabel('E-mail de atendimento').fill('contato@metaisfulfilment.test');
  await owner.getByLabel('Rua ou avenida').fill('Rua Barão de Jaguara');
  await owner.getByLabel('Número', { exact: true }).fill('900');
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

  // The label: one click on the cheapest service the carriers quote.
  const parcel = owner.getByRole('region', { name: 'Etiqueta e rastreio (Melhor Envio)' });
  await expect(parcel.getByRole('radio', { name: /^Correios PAC: R\$/ })).toBeChecked();
  await parcel.getByRole('button', { name: 'Comprar etiqueta' }).click();
  await expect(owner.getByRole('status')).toHaveText(/^Etiqueta comprada/);
  await expect(parcel).toContainText('Etiqueta gerada: aguardando a postagem');
  await expect(parcel.getByRole('link', { name: 'Imprimir etiqueta (PDF)' })).toBeVisible();
  const shipment = [...melhor.shipments.values()].find(
    (s) => s.cart.options.tags[0]?.tag === `Pedido ${numero}`,
  );
  expect(shipment?.cart.options.invoice.key).toMatch(/^\d{44}$/);
  // The order is "enviado" only when the carrier has the parcel.
  await expect(owner.locator('.record-badge')).toHaveText('Pagamento confirmado');
  melhor.post(shipment?.id ?? '');
  await parcel.getByRole('button', { name: 'Consultar rastreio agora' }).click();
  await expect(parcel).toContainText('Postada: a caminho');
  await expect(owner.locator('.record-badge')).toHaveText('Enviado');
  await expect(owner.locator('.timeline')).toContainText(
    `Enviado (Correios, ${shipment?.tracking ?? '-'}) · Transportadora (rastreio)`,
  );
  expect(melhor.violations).toEqual([]);

  // The shopper's order page shows the invoice; its DANFE downloads.
  await shopper.goto(`${store.url}/minha-conta/pedidos/${numero}`);
  const invoice = shopper.getByRole('region', { name: 'Nota fiscal' });
  await expect(invoice).toContainText(`NF-e ${note?.numero ?? '-'}, série 1`);
  const danfe = await invoice.getByRole('link', { name: 'Baixar o DANFE (PDF)' }).getAttribute('href');
  const pdf = await fetch(danfe ?? '');
  expect(pdf.headers.get('content-type')).toBe('application/pdf');
  // The tracking code and where to follow it.
  await expect(shopper.locator('.order__tracking')).toContainText(
    `Código de rastreio: ${shipment?.tracking ?? '-'}`,
  );
  // …and the e-mail that gave it to them.
  const mails = () =>
    fs.readdirSync(OUTBOX_DIR).map((f) => fs.readFileSync(path.join(OUTBOX_DIR, f), 'utf8'));
  await expect.poll(() => mails().some((m) => m.includes(`Pedido ${numero}: sua nota fiscal`))).toBe(true);

  await owner.close();
  await shopper.close();
});
