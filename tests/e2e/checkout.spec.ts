import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './axe.ts';
import { ownAddress } from './servers.ts';
import { confirmSignUp, fillSignUp } from './shopper.ts';
import { htmlErrors } from './vnu.ts';

test('a new shopper buys with Pix without JavaScript, sees the QR code and the order in the account; nobody else can', async ({
  browser,
  isMobile,
}) => {
  // Two browsers, five pages through the HTML checker (Java) at desktop width: room on a busy 2-core machine.
  test.setTimeout(210_000);
  const viewport = isMobile ? { width: 360, height: 780 } : { width: 1366, height: 900 };
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport,
    extraHTTPHeaders: ownAddress(),
  });
  const page = await context.newPage();
  const fits = async () => {
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(viewport.width);
  };

  await page.goto('/banheiro/?order=Menor+Pre%C3%A7o');
  await page.locator('article.card:not(.card--off) a.card__link').first().click();
  await page.getByRole('button', { name: 'Comprar' }).click();
  await expect(page).toHaveURL(/\/checkout\/carrinho\/$/);
  await page.getByRole('link', { name: 'Continuar', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout\/acesso\?retorno=%2Fcheckout%2Fpagamento$/);
  await page.getByRole('link', { name: 'Criar conta' }).click();
  const form = page.locator('main form');
  await form.getByLabel('Nome completo ou razão social').fill('Joana Compradora');
  const email = `compra.${String(Date.now())}.${String(Math.floor(Math.random() * 1e6))}@exemplo.com.br`;
  await fillSignUp(form, { email, password: 'uma senha longa para comprar', city: 'Campinas' });
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await confirmSignUp(page, email);

  // Back at the checkout with the cart intact: the address from sign-up, options for its CEP, Pix.
  await expect(page).toHaveURL(/\/checkout\/pagamento$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Entrega e pagamento');
  await expect(page.getByText('Rua das Palmeiras, 45')).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Econômica/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /^Pix/ })).toBeChecked();
  // A store without a payment provider takes Pix alone, and its footer names nothing else.
  await expect(page.locator('.ftr__pay li')).toHaveText(['Pix']);
  await expect(page.locator('.ftr__pay')).not.toContainText(/boleto|cartão/i);
  // Analytics: the step is known to the server, so the page carries its begin_checkout (GA4 shape).
  const begin = JSON.parse(
    (await page.locator('script[data-evento]').getAttribute('data-evento')) ?? '{}',
  ) as { event?: string; ecommerce?: { currency: string; items: unknown[] } };
  expect(begin.event).toBe('begin_checkout');
  expect(begin.ecommerce?.currency).toBe('BRL');
  expect(begin.ecommerce?.items).toHaveLength(1);
  await fits();
  // The HTML of the signed-in pages, as the server sends it, is checked once the order is placed.
  const served = new Map<string, string>();
  const serve = async (path: string) => {
    const answer = await context.request.get(path);
    expect(new URL(answer.url()).pathname, 'a signed-in page sent the shopper elsewhere').toBe(
      path.split('?')[0],
    );
    served.set(path, await answer.text());
  };
  await serve('/checkout/pagamento');
  // Delivering elsewhere: a new address added from the checkout (its CEP fills the city), then back to pay.
  await page.getByRole('link', { name: 'Alterar endereço de entrega' }).click();
  await expect(page).toHaveURL(/\/checkout\/endereco\?endereco=0$/);
  await expect(page.getByText('Endereço da conta · Escolhido para este pedido')).toBeVisible();
  const fresh = () => page.locator('main form.book__new');
  await fresh().getByLabel('Quem vai receber (opcional)').fill('Carlos Recebedor');
  await fresh().getByLabel('CEP').fill('90010-000');
  await fresh().getByRole('button', { name: 'Buscar endereço pelo CEP' }).click();
  await expect(page.locator('#cep-estado')).toHaveText(/Porto Alegre\/RS/);
  await expect(fresh().getByLabel('Cidade')).toHaveValue('Porto Alegre');
  await expect(fresh().getByLabel('Estado')).toHaveValue('RS');
  await fresh().getByLabel('Rua ou avenida').fill('Rua dos Andradas');
  await fresh().getByLabel('Número').fill('1001');
  await fresh().getByLabel('Bairro').fill('Centro Histórico');
  await fits();
  await page.getByRole('button', { name: 'Salvar e entregar aqui' }).click();
  await expect(page).toHaveURL(/\/checkout\/pagamento\?endereco=[1-9]\d*$/);
  const chosen = new URL(page.url()).search;
  await expect(page.getByText('Carlos Recebedor')).toBeVisible();
  await expect(page.getByText('Rua dos Andradas, 1001')).toBeVisible();
  await serve(`/checkout/endereco${chosen}`);
  // The signed-in checkout pages with scripts on, as most shoppers see them: no serious axe violation.
  const state = await context.storageState();
  const withJs = await browser.newContext({ viewport, storageState: state, extraHTTPHeaders: ownAddress() });
  const js = await withJs.newPage();
  for (const path of [`/checkout/pagamento${chosen}`, `/checkout/endereco${chosen}`]) {
    await js.goto(path);
    await expectNoSeriousA11yIssues(js);
  }
  // The total beside the button follows the delivery ticked, with and without JavaScript: it is what the
  // order then charges.
  const totalShown = (p: typeof page) =>
    p.getByRole('complementary', { name: 'Resumo do pedido' }).locator('.sum--total:visible').innerText();
  await js.goto(`/checkout/pagamento${chosen}`);
  const economyJs = await totalShown(js);
  await js.getByRole('radio', { name: /^Expressa/ }).check();
  await expect.poll(() => totalShown(js)).not.toBe(economyJs);
  const economy = await totalShown(page);
  expect(economy).toBe(economyJs);
  await page.getByRole('radio', { name: /^Expressa/ }).check();
  const express = await totalShown(page);
  expect(express).toMatch(/^Total no Pix\s+R\$\s[\d.]+,\d{2}$/);
  expect(express).not.toBe(economy);
  expect(express).toBe(await totalShown(js));
  await page.getByRole('button', { name: 'Finalizar pedido com Pix' }).click();

  // The order page: number, status, the Pix to pay (QR and copia e cola), what was bought.
  await expect(page).toHaveURL(/\/checkout\/pedido\/\d+\?novo=1$/);
  const numero = /pedido\/(\d+)/.exec(page.url())?.[1] ?? '';
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Pedido ${numero}`);
  await expect(page.getByText('Aguardando pagamento').first()).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR Code do Pix deste pedido' })).toBeVisible();
  const code = page.getByLabel('Código Pix copia e cola');
  await expect(code).toHaveValue(/^000201.*br\.gov\.bcb\.pix.*6304[0-9A-F]{4}$/);
  await expect(page.getByText('Expressa')).toBeVisible();
  await expect(page.getByText('Rua dos Andradas, 1001')).toBeVisible();
  await expect(page.locator('main')).toContainText(/R\$\s[\d.]+,\d{2}/);
  await expect(page.locator('main')).toContainText(express.replace(/^Total no Pix\s+/, ''));
  // Without JavaScript there is no copy button to press in vain: the code is selected by hand.
  await expect(page.getByRole('button', { name: 'Copiar código Pix' })).toBeHidden();
  await fits();

  // The cart is empty now; the account lists the order, and its page opens from there.
  await page.goto('/checkout/carrinho/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sacola de compras (0)');
  await page.goto('/minha-conta/pedidos');
  const entry = page.getByRole('link', { name: new RegExp(`Pedido ${numero}`) });
  await expect(entry).toContainText('Aguardando pagamento');
  await entry.click();
  await expect(page).toHaveURL(new RegExp(`/minha-conta/pedidos/${numero}$`));
  await expect(page.getByRole('heading', { name: 'Acompanhamento' })).toBeVisible();
  if (!isMobile) {
    for (const path of ['/minha-conta/', '/minha-conta/pedidos', '/minha-conta/lista-desejo'])
      await serve(path);
    await serve(`/minha-conta/pedidos/${numero}`);
    await serve(`/checkout/pedido/${numero}?novo=1`);
    expect(await htmlErrors(served)).toEqual([]);
  }

  // With JavaScript, the copy button appears and copies the code.
  await withJs.grantPermissions(['clipboard-read', 'clipboard-write']);
  await js.goto(`/checkout/pedido/${numero}`);
  await expectNoSeriousA11yIssues(js);
  await js.getByRole('button', { name: 'Copiar código Pix' }).click();
  await expect(js.getByText(/Código copiado/)).toBeVisible();
  expect(await js.evaluate(() => navigator.clipboard.readText())).toBe(await code.inputValue());
  await expect(js.locator('#pix-resta')).toHaveText(/faltam \d+ min/);
  // The header's count follows the emptied cart at once.
  await js.goto(`/checkout/pedido/${numero}?novo=1`);
  await expect(js.locator('[data-cart-count]').first()).toHaveText('0');
  // The last checkout steps and the purchase reach the data layer (2 s late, like every event).
  type Pushed = { event?: string; ecommerce?: Record<string, unknown> | null };
  const layer = () => js.evaluate(() => (window as unknown as { dataLayer?: Pushed[] }).dataLayer ?? []);
  await expect
    .poll(async () => (await layer()).flatMap((e) => (e.event ? [e.event] : [])), { timeout: 6000 })
    .toEqual(expect.arrayContaining(['add_shipping_info', 'add_payment_info', 'purchase']));
  const pushed = await layer();
  const purchase = pushed.find((e) => e.event === 'purchase')?.ecommerce;
  expect(purchase).toMatchObject({ transaction_id: numero, currency: 'BRL' });
  expect(pushed.find((e) => e.event === 'add_shipping_info')?.ecommerce).toMatchObject({
    shipping_tier: 'Expressa',
  });
  expect(pushed.find((e) => e.event === 'add_payment_info')?.ecommerce).toMatchObject({
    payment_type: 'Pix',
  });
  // GA4: each ecommerce event is preceded by clearing the previous ecommerce object.
  const at = pushed.findIndex((e) => e.event === 'purchase');
  expect(pushed[at - 1]).toEqual({ ecommerce: null });

  // Anyone else: the order does not exist for them.
  const stranger = await browser.newContext({ extraHTTPHeaders: ownAddress() });
  const other = await stranger.newPage();
  const answer = await other.goto(`/checkout/pedido/${numero}`);
  expect(answer?.status()).toBe(404);
  await expect(other.getByText(/Pix copia e cola/)).toHaveCount(0);
  await Promise.all([context.close(), withJs.close(), stranger.close()]);
});
