import { expect } from '@playwright/test';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { AFTER_PASSWORD, ownAddress, signUpCode } from './servers.ts';

/** A valid CPF from 9 random digits (check digits computed). */
export function randomCpf(): string {
  const d = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  for (const len of [9, 10]) {
    const sum = d.slice(0, len).reduce((s, x, i) => s + x * (len + 1 - i), 0);
    const r = (sum * 10) % 11;
    d.push(r === 10 ? 0 : r);
  }
  return d.join('');
}

/** The sign-up form's fields but the name: a valid CPF, contacts and an address in São Paulo state. */
export async function fillSignUp(form: Locator, person: { email: string; password: string; city: string }) {
  await form.getByLabel('CPF ou CNPJ').fill(randomCpf());
  await form.getByLabel('E-mail', { exact: true }).fill(person.email);
  await form.getByLabel('Celular com DDD').fill('(19) 98765-4321');
  await form.getByLabel('Data de nascimento (opcional)').fill('20/05/1988');
  await form.getByLabel('CEP').fill('13035-000');
  await form.getByLabel('Rua ou avenida').fill('Rua das Palmeiras');
  await form.getByLabel('Número').fill('45');
  await form.getByLabel('Bairro').fill('Centro');
  await form.getByLabel('Cidade').fill(person.city);
  await form.getByLabel('Estado').selectOption('SP');
  await form.getByLabel('Senha', { exact: true }).fill(person.password);
}

/** The screen a journey runs on: a phone's 360 px or a desktop's 1366 px. */
export const screenOf = (isMobile: boolean) =>
  isMobile ? { width: 360, height: 780 } : { width: 1366, height: 900 };

/** A shopper of their own (an address of their own, so limits count them apart), with or without JavaScript. */
export function shopperContext(
  browser: Browser,
  isMobile: boolean,
  options: { javaScript: boolean; storageState?: Awaited<ReturnType<BrowserContext['storageState']>> },
): Promise<BrowserContext> {
  return browser.newContext({
    javaScriptEnabled: options.javaScript,
    viewport: screenOf(isMobile),
    extraHTTPHeaders: ownAddress(),
    ...(options.storageState ? { storageState: options.storageState } : {}),
  });
}

/** Sign-up's second step: the code e-mailed to `email` (read from the outbox), typed and confirmed. */
export async function confirmSignUp(page: Page, email: string, outbox?: string) {
  await expect(page.getByLabel('Código de 6 números')).toBeVisible(AFTER_PASSWORD);
  // This e2e store has no SMTP: the page says the code did not leave (the test reads it from the outbox).
  await expect(page.getByRole('status').filter({ hasText: 'O cadastro espera o código' })).toBeVisible();
  await page.getByLabel('Código de 6 números').fill(await signUpCode(email, outbox));
  await page.getByRole('button', { name: 'Confirmar e entrar' }).click();
}

/**
 * A new shopper's first purchase, as it goes without JavaScript: the `nth` cheapest bathroom product to the
 * cart, sign-up from the cart (the e-mailed code), a Pix order. Answers the order's number.
 */
export async function signUpAndBuy(
  page: Page,
  person: { name: string; email: string; password: string },
  nth = 2,
  /** Where the store keeps its e-mail (another instance's MAIL_OUTBOX). */
  outbox?: string,
): Promise<number> {
  await page.goto('/banheiro/?order=Menor+Pre%C3%A7o');
  await page.locator('article.card:not(.card--off) a.card__link').nth(nth).click();
  await page.getByRole('button', { name: 'Comprar' }).click();
  await page.getByRole('link', { name: 'Continuar', exact: true }).click();
  await page.getByRole('link', { name: 'Criar conta' }).click();
  const form = page.locator('main form');
  await form.getByLabel('Nome completo ou razão social').fill(person.name);
  await fillSignUp(form, { email: person.email, password: person.password, city: 'Campinas' });
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await confirmSignUp(page, person.email, outbox);
  await page.getByRole('button', { name: 'Finalizar pedido com Pix' }).click();
  await expect(page).toHaveURL(/\/checkout\/pedido\/\d+\?novo=1$/);
  return Number(/pedido\/(\d+)/.exec(page.url())?.[1]);
}
