import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './axe.ts';

import { confirmSignUp, fillSignUp, shopperContext } from './shopper.ts';
import { onceAtDesktopWidth } from './widths.ts';

/** Every amount in reais a text prints ('R$ 1.234,56', no-break space), as numbers. */
const amounts = (text: string) =>
  [...text.matchAll(/R\$\s*([\d.]+,\d{2})/g)].map(([, n = '']) =>
    Number(n.replace(/\./g, '').replace(',', '.')),
  );
/** The first amount in reais of a text (NaN when none). */
const reais = (text: string) => amounts(text)[0] ?? Number.NaN;

/** Put the first chrome-finish kitchen product (the dearest, so over any minimum) in the cart, no JavaScript. */
async function chromeInCart(page: Page) {
  await page.goto('/cozinha/?filtro=cromado&order=Maior+Pre%C3%A7o');
  await page.locator('article.card:not(.card--off) a.card__link').first().click();
  await page.locator('.buy__finish a', { hasText: 'Cromado' }).click();
  await expect(page.locator('.buy__finish legend')).toContainText('Cromado');
  await page.getByRole('button', { name: 'Comprar' }).click();
  await expect(page).toHaveURL(/\/checkout\/carrinho\/$/);
}

const applyCoupon = async (page: Page, code: string) => {
  await page.getByLabel('Cupom de desconto').fill(code);
  await page.getByRole('button', { name: 'Aplicar' }).click();
};

test('coupons without JavaScript: LINHAPRETA15 refused with its reason, BEMVINDO10 on a first order down to the order page, FRETE10 on the shipping', async ({
  browser,
  isMobile,
}) => {
  onceAtDesktopWidth(isMobile);
  test.setTimeout(90_000);
  const context = await shopperContext(browser, isMobile, { javaScript: false });
  const page = await context.newPage();
  await chromeInCart(page);

  // A product outside the Linha preta: refused, the reason under the field, the code still typed.
  await applyCoupon(page, 'linhapreta15');
  await expect(page.getByRole('alert')).toHaveText(
    'Nenhum produto da sua sacola participa deste cupom (15% em produtos da Linha preta).',
  );
  await expect(page.getByLabel('Cupom de desconto')).toHaveValue('linhapreta15');
  await expect(page.getByLabel('Cupom de desconto')).toHaveAttribute('aria-invalid', 'true');

  // BEMVINDO10: a guest may put it on; the summary takes 10% off the products.
  await applyCoupon(page, 'BEMVINDO10');
  await expect(page.getByText('Cupom BEMVINDO10 aplicado.')).toBeVisible();
  const subtotal = reais(await page.locator('.cart__summary .sum').first().innerText());
  const couponLine = page.locator('.sum--coupon');
  await expect(couponLine).toContainText('Cupom BEMVINDO10:');
  expect(reais(await couponLine.innerText())).toBeCloseTo(Math.round(subtotal * 10) / 100, 2);

  // Sign up on the way to the checkout: the coupon goes with the cart.
  await page.getByRole('link', { name: 'Continuar', exact: true }).click();
  await page.getByRole('link', { name: 'Criar conta' }).click();
  const form = page.locator('main form');
  await form.getByLabel('Nome completo ou razão social').fill('Carla Cupom');
  const email = `cupom.${String(Date.now())}.${String(Math.floor(Math.random() * 1e6))}@exemplo.com.br`;
  await fillSignUp(form, { email, password: 'uma senha longa com cupom', city: 'Campinas' });
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await confirmSignUp(page, email);
  await expect(page).toHaveURL(/\/checkout\/pagamento$/);
  const summary = page.locator('.pay__summary');
  await expect(summary).toContainText('Cupom BEMVINDO10');
  await expect(page.locator('.coupon')).toContainText('Cupom BEMVINDO10');
  await page.getByRole('button', { name: /^Finalizar pedido/ }).click();

  // The order page keeps the coupon and its discount; its lines add up to the total.
  await expect(page).toHaveURL(/\/checkout\/pedido\/\d+\?novo=1$/);
  const values = page.locator('[aria-labelledby="valores-titulo"]');
  await expect(values).toContainText('Cupom BEMVINDO10');
  const lines = await values.locator('.sum').allInnerTexts();
  const amount = (label: string) => reais(lines.find((l) => l.startsWith(label)) ?? '');
  const total = amount('Total');
  expect(amount('Cupom BEMVINDO10')).toBeCloseTo(Math.round(amount('Produtos') * 10) / 100, 2);
  expect(total).toBeCloseTo(
    amount('Produtos') -
      amount('Cupom BEMVINDO10') -
      (amount('Desconto à vista') || 0) +
      (amount('Frete') || 0),
    2,
  );

  // The next order: not a first purchase any more; FRETE10 takes 10% off the shipping instead.
  await chromeInCart(page);
  await applyCoupon(page, 'BEMVINDO10');
  await expect(page.getByRole('alert')).toHaveText('Este cupom é só para a primeira compra na loja.');
  await applyCoupon(page, 'frete10');
  await expect(page.locator('.coupon')).toContainText('10% de desconto no frete');
  await page.goto('/checkout/pagamento');
  // Express shipping is always paid: its price struck, and 10% less beside it.
  const express = page.locator('.pay__choice', { has: page.getByRole('radio', { name: /^Expressa/ }) });
  const [before = 0, after = 0] = amounts(await express.locator('.pay__price').innerText());
  expect(after).toBeCloseTo(before * 0.9, 2);

  // The same shopper with JavaScript (axe needs it): each state of the coupon form has no serious issue.
  const withScripts = await shopperContext(browser, isMobile, {
    javaScript: true,
    storageState: await context.storageState(),
  });
  const checked = await withScripts.newPage();
  await checked.goto('/checkout/pagamento');
  await expect(checked.locator('.coupon')).toContainText('FRETE10');
  await expectNoSeriousA11yIssues(checked, '.coupon');
  await checked.goto('/checkout/carrinho/');
  await expectNoSeriousA11yIssues(checked, '.cart__summary');
  await withScripts.close();

  // Taking it off brings the full shipping back.
  await page.getByRole('button', { name: 'Remover cupom' }).click();
  await expect(page.locator('.coupon')).not.toContainText('FRETE10');
  await expect(express.locator('s')).toHaveCount(0);
  await applyCoupon(page, 'NAOEXISTE');
  await expect(page.getByRole('alert')).toHaveText(
    'Não encontramos o cupom NAOEXISTE. Confira as letras e os números.',
  );
  await context.close();
});
