import { expect, test } from '@playwright/test';

test('the full cart page without JavaScript: quantity, shipping by CEP, free-shipping message, remove', async ({
  browser,
  isMobile,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    ...(isMobile ? { viewport: { width: 360, height: 780 } } : {}),
  });
  const page = await context.newPage();
  await page.goto('/banheiro/?order=Menor+Pre%C3%A7o');
  await page.locator('article.card:not(.card--off) a.card__link').first().click();

  // The product page's own CEP calculator (a GET form).
  await page.locator('#frete-slot').getByLabel('Calcule o frete').fill('01310-100');
  await page.locator('#frete-slot').getByRole('button', { name: 'Calcular' }).click();
  await expect(page).toHaveURL(/\/frete\?/);
  await expect(page.getByText('Entrega para o CEP 01310-100 (SP):')).toBeVisible();
  await expect(page.getByText('Expressa')).toBeVisible();
  // A second calculation on /frete (its Referer is /frete now) still leads back to the product.
  const product = new URL(page.url()).searchParams.get('retorno') ?? '';
  expect(product).toMatch(/\.html/);
  await page.getByLabel('Calcule o frete').fill('20040-020');
  await page.getByRole('button', { name: 'Calcular' }).click();
  await expect(page.getByText('Entrega para o CEP 20040-020 (RJ):')).toBeVisible();
  await page.getByRole('link', { name: 'Voltar ao produto' }).click();
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(product);

  await page.getByRole('button', { name: 'Comprar' }).click();
  await expect(page).toHaveURL(/\/checkout\/carrinho\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sacola de compras (1)');
  // The CEP calculated on the product (Rio, Southeast) is quoted at once; the alert counts from that
  // region's free-shipping value (R$ 299,90), as the store's settings do not use the fixed one.
  await expect(page.getByText('Entrega para o CEP 20040-020 (RJ):')).toBeVisible();
  const money = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));
  const subtotal = money((await page.locator('.cart__summary .sum strong').first().textContent()) ?? '');
  const alert = page.getByText(/^Faltam R\$\s[\d.,]+ para você ter Frete Grátis!$/);
  if (subtotal < 299.9) expect(money((await alert.textContent()) ?? '')).toBeCloseTo(299.9 - subtotal, 2);
  else await expect(page.getByText('Parabéns! Você ganhou Frete Grátis!')).toBeVisible();
  // The page fits the screen: nothing (a long name, the line's forms) widens it past 360 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 1366,
  );

  const quantity = page.getByRole('textbox', { name: /^Quantidade de / });
  await page.getByRole('button', { name: /^Aumentar a quantidade de / }).click();
  await expect(quantity).toHaveValue('2');
  await expect(page.getByRole('status').first()).toHaveText('Quantidade atualizada.');
  await page.getByRole('button', { name: /^Diminuir a quantidade de / }).click();
  await expect(quantity).toHaveValue('1');
  await expect(page.getByRole('button', { name: /^Diminuir a quantidade de / })).toBeDisabled();
  // Typing a quantity and pressing Enter updates it (not the minus button).
  await quantity.fill('3');
  await quantity.press('Enter');
  await expect(quantity).toHaveValue('3');

  const cep = page.getByLabel('Calcule o frete');
  await cep.fill('123');
  await page.getByRole('button', { name: 'Calcular' }).click();
  await expect(page.getByText(/CEP inválido/)).toBeVisible();
  await cep.fill('13035-000');
  await page.getByRole('button', { name: 'Calcular' }).click();
  await expect(page.getByText('Entrega para o CEP 13035-000 (SP):')).toBeVisible();
  await expect(page.getByText('Retirar em Loja Campinas')).toBeVisible();
  await expect(page.locator('.cart__summary')).toContainText('Frete:');
  await expect(page.getByRole('link', { name: 'Continuar', exact: true })).toHaveAttribute(
    'href',
    /\/checkout\/acesso\?retorno=/,
  );

  await page.getByRole('button', { name: /^Remover / }).click();
  await expect(page.getByText('Seu carrinho está vazio')).toBeVisible();
  await context.close();
});

test('the cart page with JavaScript: removing the last item brings the header count to 0 at once', async ({
  page,
}) => {
  await page.goto('/banheiro/?order=Menor+Pre%C3%A7o');
  await page.locator('article.card:not(.card--off) a.card__link').first().click();
  await page.getByRole('button', { name: 'Comprar' }).click();
  await expect(page.locator('[data-cart-count]')).toHaveText('1');
  await page.goto('/checkout/carrinho/');
  await expect(page.locator('[data-cart-count]')).toHaveText('1');
  await page.getByRole('button', { name: /^Remover / }).click();
  await expect(page.getByText('Seu carrinho está vazio')).toBeVisible();
  await expect(page.locator('[data-cart-count]')).toHaveText('0');
});
