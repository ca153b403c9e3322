import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { staffStockSchema } from '#/contract/staff-stock.ts';
import { ADMIN_TOKEN, mailsTo } from './servers.ts';
import { randomCpf, screenOf, shopperContext } from './shopper.ts';
import { expectNoSeriousA11yIssues } from './axe.ts';
import { teamMember } from './staff.ts';
import { htmlErrors } from './vnu.ts';

/**
 * Orders by hand: a member of the orders team takes a sale by phone for a new customer, without JavaScript,
 * calculates it, creates it, marks the Pix paid and ships it; the customer is e-mailed the Pix, and the list
 * and its spreadsheet say where the sale was made.
 */
test('a phone order for a new customer, paid by Pix and shipped, made in the panel without JavaScript', async ({
  browser,
  isMobile,
  request,
}) => {
  test.setTimeout(240_000);
  const page = await (await shopperContext(browser, isMobile, { javaScript: false })).newPage();
  await teamMember(page, request, 'pedidos', 'Olga Pedidos');
  const fits = async (p: Page) => {
    const width = await p.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${p.url()} is wider than the screen`).toBeLessThanOrEqual(screenOf(isMobile).width);
  };
  // Two finishes in stock, as the team reads their SKUs in the panel.
  const inStock: { sku: string; estoque: number }[] = [];
  for (let pagina = 1; pagina <= 10 && inStock.length < 2; pagina++) {
    const stock = staffStockSchema.parse(
      await (
        await request.get(`/api/v2/admin/stock?pagina=${String(pagina)}`, {
          headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
        })
      ).json(),
    );
    inStock.push(...stock.itens.filter((i) => i.estoque >= 10));
  }
  const [a, b] = inStock;
  if (!a || !b) throw new Error('no finishes in stock');
  const email = `telefone.${String(Date.now())}.${isMobile ? 'm' : 'd'}@exemplo.com.br`;

  await page.goto('/painel/pedidos');
  await page.getByRole('link', { name: 'Novo pedido' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Novo pedido');
  await page.getByLabel('Onde a venda foi feita').selectOption('telefone');
  await page.getByLabel('E-mail do cliente').fill(email);
  await page.getByLabel('Nome completo ou razão social').fill('Rita Telefone');
  await page.getByLabel('CPF ou CNPJ').fill(randomCpf());
  await page.getByLabel('Celular com DDD').fill('(19) 98765-4321');
  await page.getByLabel('SKU 1', { exact: true }).fill(a.sku);
  await page.getByLabel('Quantidade 1', { exact: true }).fill('2');
  await page.getByLabel('SKU 2', { exact: true }).fill(b.sku.toLowerCase());
  await page.getByLabel('CEP').fill('13035-000');
  await page.getByLabel('Rua ou avenida').fill('Rua das Flores');
  await page.getByLabel('Número').fill('120');
  await page.getByLabel('Bairro').fill('Centro');
  await page.getByLabel('Cidade').fill('Campinas');
  await page.getByLabel('Estado').selectOption('SP');

  // A discount needs its reason: refused, and nothing is made.
  await page.getByLabel('Desconto em reais (opcional)').fill('5,00');
  await page.getByRole('button', { name: 'Calcular' }).click();
  await expect(page.getByLabel('Motivo do desconto')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Motivo do desconto').fill('Cliente pediu por telefone; frete combinado');

  await page.getByRole('button', { name: 'Calcular' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Não há conta com este e-mail' })).toBeVisible();
  const lines = page.getByRole('table', { name: 'Produtos calculados' }).locator('tbody tr');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText(a.sku);
  const delivery = page.getByRole('group', { name: 'Forma de entrega' }).getByRole('radio');
  await delivery.first().check();
  // "Criar pedido" before the total with this delivery was shown: it is shown first.
  await page.getByRole('button', { name: 'Criar pedido' }).click();
  await expect(page.getByText('Confira o total com a entrega')).toBeVisible();
  const total = page.locator('section', { has: page.getByRole('heading', { name: 'Total' }) });
  await expect(total).toContainText('Desconto da loja');
  const shown = (await total.locator('dd strong').innerText()).trim();
  await fits(page);
  // The page as a screen reader and the validator read it, with its quote shown.
  const served = new Map<string, string>([['/painel/pedidos/novo', await page.content()]]);
  await page.getByRole('button', { name: 'Criar pedido' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toContainText('Pedido');
  await expect(page.getByRole('status').filter({ hasText: 'Pedido criado' })).toContainText(
    'Pedido criado, com uma conta nova para o cliente',
  );
  const numero = /Pedido (\d+)/.exec(await page.getByRole('heading', { level: 1 }).innerText())?.[1] ?? '';
  await expect(page.getByText('venda por telefone, lançada por Olga Pedidos')).toBeVisible();
  await expect(page.locator('dl.totals')).toContainText(shown);
  await expect(page.locator('dl.totals')).toContainText('Cliente pediu por telefone');
  await fits(page);

  // The customer was e-mailed the order with its Pix, and how to make a password.
  await expect
    .poll(() => mailsTo(email).find((m) => m.includes(`Pedido ${numero} recebido`)) ?? '', {
      timeout: 20_000,
    })
    .toContain('Pix copia e cola');
  expect(mailsTo(email).join('\n')).toContain('Esqueci minha senha');

  // The customer calls back: another address, in Rio. Corrected before payment, re-quoted, the customer told.
  await page.getByRole('link', { name: 'Corrigir endereço, entrega ou itens' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Corrigir o pedido ${numero}`);
  await expect(page.getByLabel('SKU 1', { exact: true })).toHaveValue(a.sku);
  await page.getByLabel('CEP').fill('20040-002');
  await page.getByLabel('Rua ou avenida').fill('Rua da Assembleia');
  await page.getByLabel('Número').fill('10');
  await page.getByLabel('Cidade').fill('Rio de Janeiro');
  await page.getByLabel('Estado').selectOption('RJ');
  await page.getByRole('button', { name: 'Calcular' }).click();
  await page.getByRole('group', { name: 'Forma de entrega' }).getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Calcular' }).click();
  await expect(page.getByRole('region', { name: 'Antes e depois' })).toContainText('Novo total');
  await fits(page);
  served.set('/painel/pedidos/{numero}/corrigir', await page.content());
  if (!isMobile) expect(await htmlErrors(served)).toEqual([]);
  // axe runs script: the two forms as they open, in a tab of the same member with JavaScript on.
  const checked = await (
    await shopperContext(browser, isMobile, {
      javaScript: true,
      storageState: await page.context().storageState(),
    })
  ).newPage();
  for (const path of ['/painel/pedidos/novo', `/painel/pedidos/${numero}/corrigir`]) {
    await checked.goto(path);
    await expectNoSeriousA11yIssues(checked, undefined, path);
  }
  await checked.context().close();
  await page.getByRole('button', { name: 'Salvar correção' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Pedido corrigido' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cliente' })).toContainText('Rio de Janeiro/RJ');
  await expect(page.locator('.timeline li').last()).toContainText('Pedido corrigido: endereço de entrega');
  await expect
    .poll(() => mailsTo(email).find((m) => m.includes(`Pedido ${numero} corrigido`)) ?? '', {
      timeout: 20_000,
    })
    .toContain('Rua da Assembleia');

  // Paid (the team found the Pix in the statement), then shipped.
  await page.getByRole('link', { name: 'Marcar como pago' }).click();
  await page.getByRole('button', { name: 'Confirmar: marcar como pago' }).click();
  await expect(page.locator('h1 .panel-badge')).toHaveText('Pagamento confirmado');
  await page.getByRole('link', { name: 'Marcar como enviado' }).click();
  await page.getByLabel('Transportadora').fill('Correios');
  await page.getByLabel('Código de rastreio').fill('QB123456785BR');
  await page.getByRole('button', { name: 'Confirmar: marcar como enviado' }).click();
  await expect(page.locator('h1 .panel-badge')).toHaveText('Enviado');
  const timeline = page.locator('.timeline li');
  await expect(timeline.nth(0)).toContainText('Olga Pedidos');

  // The list says where it was sold, and so do its filter and its spreadsheet.
  await page.goto('/painel/pedidos?canal=telefone');
  await expect(page.getByRole('row', { name: new RegExp(numero) })).toContainText('Telefone');
  const sheet = await page.context().request.get(`/painel/pedidos.csv?q=${numero}`);
  const csv = await sheet.text();
  expect(csv).toContain('Canal;Feito por');
  expect(csv).toMatch(new RegExp(`${numero};[^\\n]*;Telefone;Olga Pedidos;`));
});
