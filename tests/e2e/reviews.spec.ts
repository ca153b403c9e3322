import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './axe.ts';
import { htmlErrors } from './vnu.ts';
import { confirmSignUp, fillSignUp, shopperContext } from './shopper.ts';
import { teamMember } from './staff.ts';
import { onceAtDesktopWidth } from './widths.ts';

/** The product's JSON-LD Product object, as a crawler reads it. */
function productLd(html: string): Record<string, unknown> {
  for (const [, body = ''] of html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)) {
    const data = JSON.parse(body) as Record<string, unknown>;
    if (data['@type'] === 'Product') return data;
  }
  throw new Error('no Product JSON-LD');
}

test('a review without JavaScript: stars on the product page, log in, write, wait for approval, then shown and counted', async ({
  browser,
  isMobile,
  request,
}) => {
  onceAtDesktopWidth(isMobile);
  test.setTimeout(150_000);
  const context = await shopperContext(browser, isMobile, { javaScript: false });
  const page = await context.newPage();
  // A product of its own per project (the second card on mobile), so the two runs never meet.
  await page.goto('/banheiro/?order=A-Z');
  await page
    .locator('article.card a.card__link')
    .nth(isMobile ? 1 : 0)
    .click();
  const productUrl = page.url();
  const name = (await page.locator('h1').innerText()).trim();
  await expect(page.locator('#avaliacoes')).toContainText('Este produto ainda não tem avaliações.');
  expect(productLd(await page.content())['aggregateRating']).toBeUndefined();

  // Four stars on the product page, then the form: log in (a new account) and come back with them.
  await page.getByRole('link', { name: 'Avaliar este produto' }).click();
  await page.locator('#avaliacoes').getByLabel('4 de 5 estrelas').check();
  await page.getByRole('button', { name: 'Escrever avaliação' }).click();
  await expect(page).toHaveURL(/\/checkout\/acesso\?retorno=/);
  await page.getByRole('link', { name: 'Criar conta' }).click();
  const form = page.locator('main form');
  await form.getByLabel('Nome completo ou razão social').fill('Renata Avaliação Prado');
  const email = `avalia.${String(Date.now())}.${String(Math.floor(Math.random() * 1e6))}@exemplo.com.br`;
  await fillSignUp(form, { email, password: 'uma senha longa de quem avalia', city: 'Campinas' });
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await confirmSignUp(page, email);
  await expect(page).toHaveURL(/\/avaliar\?produto=\d+&nota=4$/);
  await expect(page.getByRole('link', { name })).toBeVisible();
  await expect(page.getByLabel('4 de 5 estrelas')).toBeChecked();
  await expect(page.getByLabel('Nome que aparece na avaliação')).toHaveValue('Renata P.');

  // Too short: the reason under the field, what was typed kept.
  await page.getByLabel('Conte o que achou').fill('Boa.');
  await page.getByRole('radio', { name: 'Sim' }).check();
  await page.getByRole('button', { name: 'Enviar avaliação' }).click();
  await expect(page.getByLabel('Conte o que achou')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.field__error')).toHaveText('Conte um pouco mais (pelo menos 10 caracteres).');
  await expect(page.getByLabel('4 de 5 estrelas')).toBeChecked();
  const refusedForm = await page.content();
  // The same shopper with JavaScript (axe needs it) sees the refused form with no serious issue.
  const withScripts = await shopperContext(browser, isMobile, {
    javaScript: true,
    storageState: await context.storageState(),
  });
  const checked = await withScripts.newPage();
  await checked.goto(page.url());
  await checked.getByLabel('Conte o que achou').fill('Boa.');
  await checked.getByRole('button', { name: 'Enviar avaliação' }).click();
  await expect(checked.locator('.field__error').first()).toBeVisible();
  await expectNoSeriousA11yIssues(checked, 'main');
  const comment = 'Bonita e firme. A instalação levou meia hora; a água sai sem respingar.';
  await page.getByLabel('Conte o que achou').fill(comment);
  await page.getByRole('button', { name: 'Enviar avaliação' }).click();
  await expect(page.getByRole('heading', { name: 'Avaliação enviada' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('assim que nossa equipe a aprovar');

  // Waiting for the team: the product page shows nothing yet; the form says where it stands.
  const productId = Number(new URL(page.url()).searchParams.get('produto'));
  await page.goto(`${productUrl}${productUrl.includes('?') ? '&' : '?'}nota=5`);
  await expect(page.locator('#avaliacoes')).toContainText('Este produto ainda não tem avaliações.');
  await page.goto(`/avaliar?produto=${String(productId)}`);
  await expect(page.getByRole('heading', { name: 'Você já avaliou este produto' })).toBeVisible();
  await expect(page.locator('main')).toContainText('aparece na página do produto assim que for aprovada');

  // A catalogue member finds it in the panel's queue (four stars, by the reviewer) and approves it, with no
  // JavaScript either.
  const team = await shopperContext(browser, isMobile, { javaScript: false });
  const panel = await team.newPage();
  await teamMember(panel, request, 'catalogo', 'Célia Catálogo');
  await panel.goto('/painel/avaliacoes');
  await panel.getByLabel('Buscar').fill('Renata P.');
  await panel.getByLabel('Estrelas').selectOption('4');
  await panel.getByRole('button', { name: 'Filtrar' }).click();
  const row = panel.locator('tbody tr').filter({ hasText: name });
  await expect(row).toContainText('Aguardando');
  await row.getByRole('button', { name: 'Aprovar a avaliação de Renata P.' }).click();
  await expect(panel.getByRole('status').first()).toHaveText(
    'Avaliação aprovada: já aparece na página do produto e conta na média.',
  );
  // Approved, it left the queue the filters keep.
  await expect(panel.locator('tbody tr').filter({ hasText: name })).toHaveCount(0);
  await team.close();

  // Shown and counted: the header links to it, the list has it, and crawlers read it in the JSON-LD.
  await expect(async () => {
    await page.goto(`${productUrl}${productUrl.includes('?') ? '&' : '?'}avaliacoes=1`);
    await expect(page.getByRole('link', { name: /\(1 avaliação\)/ })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  const reviews = page.locator('#avaliacoes');
  await expect(reviews.getByRole('img', { name: 'Nota 4 de 5' }).first()).toBeVisible();
  await expect(reviews).toContainText('1 avaliação');
  await expect(reviews).toContainText('100% dos clientes recomendam este produto.');
  const item = reviews.getByRole('article', { name: 'Avaliação de Renata P.' });
  await expect(item).toContainText(comment);
  await expect(item).toContainText('Recomenda este produto');
  await expect(item).not.toContainText('Compra verificada');
  const ld = productLd(await page.content());
  expect(ld['aggregateRating']).toMatchObject({ ratingValue: '4.0', reviewCount: 1 });
  expect(ld['review']).toEqual([
    expect.objectContaining({
      author: { '@type': 'Person', name: 'Renata P.' },
      reviewBody: comment,
      reviewRating: expect.objectContaining({ ratingValue: 4 }),
    }),
  ]);
  // The star filter: four stars lists it, five stars lists none.
  await reviews.getByRole('link', { name: '4 estrelas' }).click();
  await expect(page.getByRole('link', { name: '4 estrelas' })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('article', { name: 'Avaliação de Renata P.' })).toBeVisible();
  await checked.goto(page.url());
  await expectNoSeriousA11yIssues(checked, '#avaliacoes');
  await withScripts.close();
  if (!isMobile) {
    // Valid HTML in each state: the refused form, the review written, the product page listing it.
    const served = new Map([['/avaliar (refused)', refusedForm]]);
    for (const path of [`/avaliar?produto=${String(productId)}`, page.url()])
      served.set(path, await (await context.request.get(path)).text());
    expect(await htmlErrors(served)).toEqual([]);
  }
  await context.close();
});
