import { expect, test } from '@playwright/test';
import { AFTER_PASSWORD, mailsTo, ownAddress } from './servers.ts';
import { confirmSignUp, fillSignUp } from './shopper.ts';
import { onceAtDesktopWidth } from './widths.ts';

// Each journey is its own shopper (address), as behind the CDN: sign-ups and logins stay within limits.
test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders(ownAddress());
});

test('sign up, keep a favourite, see it in the wishlist, log out and back in', async ({ page, isMobile }) => {
  const email = `cliente.${String(Date.now())}.${String(Math.floor(Math.random() * 1e6))}@exemplo.com.br`;
  const password = 'minha frase de senha comprida';
  // A guest's heart leads to login, and from there to sign-up, coming back to the listing.
  await page.goto('/banheiro/');
  await page.locator('.card__fav button').first().click();
  await expect(page).toHaveURL(/\/checkout\/acesso\?retorno=%2Fbanheiro%2F$/);
  await page.getByRole('link', { name: 'Criar conta' }).click();
  await expect(page).toHaveURL(/\/checkout\/cadastro\?retorno=%2Fbanheiro%2F$/);

  // A first try with problems: a message on each field, values kept.
  const form = page.locator('main form');
  await form.getByLabel('Nome completo ou razão social').fill('Beatriz Campos');
  await form.getByLabel('CPF ou CNPJ').fill('111.111.111-11');
  await form.getByLabel('Senha', { exact: true }).fill('curta');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByText('CPF inválido: confira os 11 números.')).toBeVisible();
  await expect(page.getByText(/A senha precisa de pelo menos 8 caracteres/)).toBeVisible();
  await expect(form.getByLabel('Nome completo ou razão social')).toHaveValue('Beatriz Campos');
  await expect(form.getByLabel('CPF ou CNPJ')).toHaveAttribute('aria-invalid', 'true');
  // The password typed is kept; the birth date is optional, so nothing is said of it.
  await expect(form.getByLabel('Senha', { exact: true })).toHaveValue('curta');
  await expect(page.getByText(/data de nascimento/)).toHaveCount(0);

  await fillSignUp(form, { email, password, city: 'Campinas' });
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await confirmSignUp(page, email);
  await expect(page).toHaveURL(/\/banheiro\/$/);

  // Logged in now: the heart adds, and every heart of the product follows.
  const heart = page.locator('.card__fav button').first();
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  const name = ((await heart.getAttribute('aria-label')) ?? '').replace(/^Favoritar /, '');
  await page.goto('/minha-conta/lista-desejo');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meus favoritos (1)');
  await expect(page.getByRole('heading', { level: 3, name })).toBeVisible();

  await page.goto('/minha-conta/');
  await expect(page.getByText('Beatriz Campos')).toBeVisible();
  await expect(page.locator('main form').getByLabel('Cidade')).toHaveValue('Campinas');
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/minha-conta/');
  await expect(page).toHaveURL(/\/checkout\/acesso\?retorno=%2Fminha-conta%2F$/);

  // Wrong password, then the right one (by e-mail).
  const login = page.locator('main form').first();
  await login.getByLabel('E-mail ou CPF', { exact: true }).fill(email);
  await login.getByLabel('Senha').fill('não é essa');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert')).toHaveText('E-mail, CPF ou senha incorretos.', AFTER_PASSWORD);
  await login.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/minha-conta\/$/, AFTER_PASSWORD);

  // The header greets the shopper by name: the account dropdown (desktop) or the menu (phone).
  await page.goto('/');
  if (isMobile) {
    await page.getByLabel('Abrir menu').click();
    await expect(page.getByRole('dialog', { name: 'Menu' }).getByText('Olá, Beatriz')).toBeVisible();
  } else {
    await page.getByLabel('Sua conta').click();
    await expect(page.locator('[data-account-greeting]')).toHaveText('Olá, Beatriz');
    await expect(page.getByRole('link', { name: 'sua conta' })).toHaveAttribute('href', '/minha-conta/');
  }
});

test('forgotten password: the link from the recovery request sets a new one, once', async ({
  page,
  isMobile,
}) => {
  onceAtDesktopWidth(isMobile);
  const email = `esqueci.${String(Date.now())}.${String(Math.floor(Math.random() * 1e6))}@exemplo.com.br`;
  await page.goto('/checkout/cadastro');
  const form = page.locator('main form');
  await form.getByLabel('Nome completo ou razão social').fill('Caio Esquecido');
  await fillSignUp(form, { email, password: 'a senha antiga e longa', city: 'São Paulo' });
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await confirmSignUp(page, email);
  await expect(page).not.toHaveURL(/cadastro/);
  await page.context().clearCookies();

  // The request: the same answer whether the account exists or not; the link is e-mailed (to the outbox).
  await page.goto('/checkout/acesso');
  await page.getByText('Esqueci minha senha').click();
  await page.getByLabel('E-mail ou CPF da conta').fill(email);
  await page.getByRole('button', { name: 'Enviar link para nova senha' }).click();
  await expect(page.getByRole('status')).toBeVisible();
  // The token is 32 random bytes in base64url: 43 characters, '-' and '_' included (a leading '-' made
  // this check miss one run in 64).
  await expect.poll(() => resetLink(email)).toMatch(/\/checkout\/nova-senha\?token=[\w-]{43}$/);
  const link = resetLink(email);

  await page.goto(link);
  await page.getByLabel('Nova senha').fill('curta');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByText(/A senha precisa de pelo menos 8 caracteres/)).toBeVisible();
  await page.getByLabel('Nova senha').fill('a senha nova e mais longa');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByRole('status')).toBeVisible();

  // Used once: the same link again is refused.
  await page.goto(link);
  await page.getByLabel('Nova senha').fill('outra senha qualquer aqui');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByText('Este link já foi usado ou expirou. Peça um novo.')).toBeVisible();

  // The old password is gone; the new one opens the account.
  await page.goto('/checkout/acesso');
  const login = page.locator('main form').first();
  await login.getByLabel('E-mail ou CPF', { exact: true }).fill(email);
  await login.getByLabel('Senha').fill('a senha antiga e longa');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert')).toHaveText('E-mail, CPF ou senha incorretos.', AFTER_PASSWORD);
  await login.getByLabel('Senha').fill('a senha nova e mais longa');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/minha-conta\/$/, AFTER_PASSWORD);
});

/** The newest password-reset link e-mailed to `email` ('' while there is none). */
function resetLink(email: string): string {
  return /https?:\/\/\S+\/checkout\/nova-senha\?token=[\w-]+/.exec(mailsTo(email).at(-1) ?? '')?.[0] ?? '';
}

test('the CEP fills the address: as it is typed, and with the button without JavaScript', async ({
  page,
  browser,
}) => {
  await page.goto('/checkout/cadastro');
  const form = page.locator('main form');
  await form.getByLabel('Cidade').fill('');
  await form.getByLabel('CEP').fill('01001-000');
  await expect(form.getByLabel('Rua ou avenida')).toHaveValue('Praça da Sé');
  await expect(form.getByLabel('Bairro')).toHaveValue('Sé');
  await expect(form.getByLabel('Cidade')).toHaveValue('São Paulo');
  await expect(form.getByLabel('Estado')).toHaveValue('SP');
  await expect(form.getByLabel('Número')).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Endereço encontrado' })).toContainText(
    'Praça da Sé, Sé, São Paulo/SP',
  );
  // A city-wide answer never overwrites what the shopper typed.
  await form.getByLabel('Rua ou avenida').fill('Rua Sete de Setembro');
  await form.getByLabel('CEP').fill('13035-000');
  await expect(form.getByLabel('Cidade')).toHaveValue('Campinas');
  await expect(form.getByLabel('Rua ou avenida')).toHaveValue('Rua Sete de Setembro');
  // An unknown CEP says so, in the shopper's words.
  await form.getByLabel('CEP').fill('00999-000');
  await expect(page.getByRole('status').filter({ hasText: 'Não encontramos este CEP' })).toBeVisible();

  // Without JavaScript: 'Buscar endereço' brings the form back filled; nothing else is lost or sent.
  const plain = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: ownAddress() });
  const nojs = await plain.newPage();
  await nojs.goto('/checkout/cadastro');
  const again = nojs.locator('main form');
  await again.getByLabel('Nome completo ou razão social').fill('Caio Prado');
  await again.getByLabel('Senha', { exact: true }).fill('uma frase de senha');
  await again.getByLabel('CEP').fill('13035000');
  await again.getByRole('button', { name: 'Buscar endereço' }).click();
  await expect(nojs.getByRole('heading', { level: 1 })).toHaveText('Criar conta');
  await expect(again.getByLabel('CEP')).toHaveValue('13035-000');
  await expect(again.getByLabel('Cidade')).toHaveValue('Campinas');
  await expect(again.getByLabel('Estado')).toHaveValue('SP');
  await expect(again.getByLabel('Rua ou avenida')).toBeFocused();
  await expect(again.getByLabel('Nome completo ou razão social')).toHaveValue('Caio Prado');
  await expect(again.getByLabel('Senha', { exact: true })).toHaveValue('uma frase de senha');
  await expect(nojs.getByRole('status').filter({ hasText: 'Complete a rua e o bairro' })).toBeVisible();
  // No message about the other fields: the form was not sent.
  await expect(nojs.locator('[aria-invalid="true"]')).toHaveCount(0);
  await again.getByLabel('CEP').fill('abc');
  await again.getByRole('button', { name: 'Buscar endereço' }).click();
  await expect(again.getByLabel('CEP')).toHaveAttribute('aria-invalid', 'true');
  await expect(nojs.getByText('CEP inválido. Informe os 8 dígitos, por exemplo 13035-000.')).toBeVisible();
  await plain.close();
});
