import { expect, test } from '@playwright/test';
import Papa from 'papaparse';
import sharp from 'sharp';
import { expectNoSeriousA11yIssues } from './axe.ts';
import { panelNav, teamMember } from './staff.ts';
import { onceAtDesktopWidth } from './widths.ts';

/**
 * An owner changes the store's settings in /painel/configuracoes: a wrong Pix key is refused under its field
 * with what was typed kept, and nothing changes; the promo bar's new words are on the storefront's pages
 * within seconds (every instance follows the settings), and the record of changes says what changed.
 */
test('an owner reads the dashboard, then changes the promo bar in the settings; a bad Pix key is refused', async ({
  page,
  request,
  isMobile,
}) => {
  onceAtDesktopWidth(isMobile);
  await teamMember(page, request, 'dono', 'Dona Configura');
  // The home is the owners' dashboard: a period's figures against the one before, and the orders behind them.
  const sales = page.getByRole('region', { name: 'Vendas' });
  await expect(sales.locator('dt', { hasText: /^Receita$/ })).toBeVisible();
  await sales.getByRole('navigation', { name: 'Período' }).getByRole('link', { name: 'Hoje' }).click();
  await expect(page).toHaveURL(/\/painel\?periodo=hoje$/);
  await expect(sales.getByRole('link', { name: 'Hoje' })).toHaveAttribute('aria-current', 'page');
  await expectNoSeriousA11yIssues(page, undefined, '/painel (dashboard)');
  await sales.getByRole('link', { name: 'Ver estes pedidos' }).click();
  const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
  await expect(page).toHaveURL(`/painel/pedidos?de=${today}&ate=${today}`);
  await expect(page.getByLabel('De', { exact: true })).toHaveValue(today);
  // The dashboard's paid orders and their money are the spreadsheet's for the same days (other journeys pay
  // orders meanwhile: read both again until they hold still).
  const paidStatuses = new Set(['Pagamento confirmado', 'Enviado', 'Entregue']);
  await expect
    .poll(async () => {
      await page.goto('/painel?periodo=hoje');
      const figure = (term: string) =>
        page
          .locator('.kpis > div', { has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }) })
          .locator('strong');
      const paid = Number(await figure('Pedidos pagos').innerText());
      const money = await figure('Receita').innerText();
      const refunds = await page.getByText(/devolvidos$/).count();
      const csv = await page.request.get(`/painel/pedidos.csv?de=${today}&ate=${today}`);
      const { data } = Papa.parse<Record<string, string>>((await csv.text()).replace(/^\uFEFF/, ''), {
        header: true,
        delimiter: ';',
        skipEmptyLines: true,
      });
      const paidRows = data.filter((row) => paidStatuses.has(row['Situação'] ?? ''));
      const cents = paidRows.reduce(
        (sum, row) =>
          sum + Math.round(Number((row['Total'] ?? '0').replace(/\./g, '').replace(',', '.')) * 100),
        0,
      );
      const shown = Math.round(Number(money.replace(/[^\d,]/g, '').replace(',', '.')) * 100);
      return paid === paidRows.length && (refunds > 0 || shown === cents);
    })
    .toBe(true);
  await page.goto('/painel?periodo=ano');
  await expect(page.getByRole('alert')).toContainText('Período inválido');

  const menu = await panelNav(page);
  await menu.getByRole('link', { name: 'Configurações' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Configurações');
  await expect(page.getByText('O Pix está ligado, com a chave do tipo CNPJ.')).toBeVisible();
  await expectNoSeriousA11yIssues(page, undefined, '/painel/configuracoes');

  const promo = page.getByLabel('Texto da barra promocional');
  const before = await promo.inputValue();
  expect(before).toContain('Frete grátis');

  // A CPF with a wrong check digit: refused under the field, the rest of what was typed kept.
  await page.getByLabel('Chave Pix').fill('529.982.247-24');
  const words = `Só hoje: ${String(Date.now())} com frete grátis`;
  await promo.fill(words);
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  const key = page.getByLabel('Chave Pix');
  await expect(key).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#f-pixChave-erro')).toContainText('Chave Pix inválida');
  await expect(promo).toHaveValue(words);
  // The installation's example key is a valid CNPJ, refused all the same: the Pix would go to someone else.
  await key.fill('12.345.678/0001-95');
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(page.locator('#f-pixChave-erro')).toContainText('chave Pix de exemplo da instalação');
  // The storefront's HTML as a new visitor gets it (a browser keeps the home for a minute: max-age=60).
  const home = async () => (await request.get('/')).text();
  expect(await home()).not.toContain(words);

  // Put right, saved, and on the storefront.
  await page.goto('/painel/configuracoes');
  await promo.fill(words);
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(page.getByRole('status').first()).toContainText('Configurações salvas');
  await expect(promo).toHaveValue(words);
  await expect.poll(home).toContain(words);

  await page.goto('/painel/atividade');
  await expect(page.getByText('Configurações alteradas').first()).toBeVisible();
  await expect(page.getByText(words).first()).toBeVisible();

  // Back as it was, for the other journeys.
  await page.goto('/painel/configuracoes');
  await promo.fill(before);
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(page.getByRole('status').first()).toContainText('Configurações salvas');
});

test('an owner keeps the pickup points: a bad one is refused under its fields, a new one reaches the cart, then goes', async ({
  page,
  request,
  isMobile,
}) => {
  await teamMember(page, request, 'dono', 'Dona Retirada');
  // The e2e store's owner set up the company (setup/): e-mail is still to do, the Pix key is done.
  const setup = page.getByRole('region', { name: 'Deixe a loja com a cara da sua empresa' });
  await expect(setup.getByRole('link', { name: 'Envio de e-mail' })).toBeVisible();
  await expect(setup.getByRole('link', { name: 'Chave Pix da loja' })).toHaveCount(0);
  await page.goto('/painel/retirada');
  await expect(page.getByRole('heading', { level: 2, name: 'Loja Campinas' })).toBeVisible();
  const name = `Quiosque ${isMobile ? 'Celular' : 'Tela'} ${String(Date.now()).slice(-6)}`;
  const novo = page.getByRole('region', { name: 'Novo ponto de retirada' });
  await novo.getByLabel('Nome').fill(name);
  await novo.getByLabel('Pronto para retirar em (dias úteis)').fill('muitos');
  await novo.getByRole('button', { name: 'Criar ponto de retirada' }).click();
  await expect(page.locator('#f-novo-endereco-erro')).toContainText('Informe o endereço completo');
  await expect(page.locator('#f-novo-prazoDias-erro')).toContainText('de 0 a 30');
  await expect(page.locator('#f-novo-nome')).toHaveValue(name);
  await expectNoSeriousA11yIssues(page, undefined, '/painel/retirada');
  await page.locator('#f-novo-endereco').fill('Av. Norte-Sul, 1500 – Cambuí, Campinas – SP');
  await page.locator('#f-novo-prazoDias').fill('0');
  await page.getByRole('button', { name: 'Criar ponto de retirada' }).click();
  await expect(page.getByRole('status').first()).toContainText(`O ponto "${name}" foi criado`);

  // A shopper's quote offers it, the same day.
  const quote = await request.post('/api/v2/front/shipment/product', {
    headers: { 'App-Token': 'wapstore' },
    data: { cep: '13035-000', idProduto: 1, quantidade: 1 },
  });
  const fretes = ((await quote.json()) as { fretes: { label: string; prazo: string }[] }).fretes;
  expect(fretes).toContainEqual(
    expect.objectContaining({ label: `Retirar em ${name}`, prazo: 'pronto no mesmo dia' }),
  );

  await page
    .getByRole('region', { name })
    .getByRole('button', { name: /^Remover/ })
    .click();
  await expect(page.getByRole('status').first()).toContainText(`O ponto "${name}" foi removido`);
  await expect(page.getByRole('heading', { level: 2, name })).toHaveCount(0);
});

test('an owner sends the logo: a file that is not one is refused; the header and the tab show it; removed, it goes', async ({
  page,
  request,
  browser,
  isMobile,
}) => {
  // Once: the logo is the whole store's, and the other journeys run beside this one.
  onceAtDesktopWidth(isMobile);
  await teamMember(page, request, 'dono', 'Dona Logo');
  await page.goto('/painel/configuracoes');
  const section = page.getByRole('region', { name: 'Logo' });
  await expect(section).toContainText('A loja ainda não tem logo próprio');
  await section.getByLabel('Enviar o logo').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('não sou uma imagem'),
  });
  await section.getByRole('button', { name: 'Enviar logo' }).click();
  await expect(page.getByRole('alert').first()).toContainText('não é uma imagem PNG, JPEG ou WebP');

  const png = await sharp({
    create: { width: 480, height: 120, channels: 4, background: { r: 11, g: 79, b: 138, alpha: 1 } },
  })
    .png()
    .toBuffer();
  await page.getByRole('region', { name: 'Logo' }).getByLabel('Enviar o logo').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: png,
  });
  await page.getByRole('region', { name: 'Logo' }).getByRole('button', { name: 'Enviar logo' }).click();
  await expect(page.getByRole('status').first()).toContainText('Logo enviado');
  await expect(page.getByRole('img', { name: /^Logo atual de / })).toBeVisible();

  // A shopper without JavaScript: the header draws it at its size, the tab shows its icon.
  const shopper = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  const header = shopper.locator('header a.logo img');
  await expect
    .poll(async () => {
      await shopper.goto('/');
      return header.count();
    })
    .toBe(1);
  await expect(header).toHaveAttribute('src', /^\/arquivos\/loja\/logo-[0-9a-f]{16}\.webp$/);
  await expect(header).toHaveAttribute('width', '128');
  expect(await header.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
  await expect(shopper.locator('link[rel="icon"]')).toHaveAttribute('href', /^\/arquivos\/loja\/favicon-/);

  // Back as it was, for the other journeys.
  await page.getByRole('region', { name: 'Logo' }).getByRole('button', { name: 'Remover o logo' }).click();
  await expect(page.getByRole('status').first()).toContainText('Logo removido');
  await shopper.context().close();
  // (Asked afresh each time: the browser may keep the home page for a minute.)
  await expect
    .poll(async () => /<a class="logo[^"]*"[^>]*>\s*<svg/.test(await (await request.get('/')).text()))
    .toBe(true);
});
