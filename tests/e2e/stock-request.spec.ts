import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './axe.ts';
import { ADMIN_TOKEN, mailsTo } from './servers.ts';
import { shopperContext } from './shopper.ts';
import { onceAtDesktopWidth } from './widths.ts';

/** The store's team sets a finish's stock through the staff API. */
async function setStock(request: APIRequestContext, sku: string, estoque: number) {
  const res = await request.put(`/api/v2/admin/stock/${sku}`, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    data: { estoque },
  });
  expect(res.status()).toBe(200);
}

test('a sold-out finish: "Avise-me quando chegar" without JavaScript, the restock e-mails the link once', async ({
  browser,
  isMobile,
}) => {
  onceAtDesktopWidth(isMobile);
  const context = await shopperContext(browser, isMobile, { javaScript: false });
  const page = await context.newPage();
  // A product no other journey picks (they take the first ones of a listing): it is sold out for a while.
  await page.goto('/lavanderia/?order=A-Z');
  // Desktop and phone run at once: each takes its own product.
  const cards = page.locator('article.card:not(.card--off) a.card__link');
  await cards.nth((await cards.count()) - (isMobile ? 2 : 1)).click();
  const sku =
    /sku=([^&]+)/.exec(page.url())?.[1] ??
    (await page.locator('.buy__finish a[aria-current]').getAttribute('href'))?.split('sku=')[1] ??
    '';
  expect(sku).not.toBe('');
  await setStock(context.request, decodeURIComponent(sku), 0);
  // Catalogue pages are cached, by the server (until the change notice drops it) and by the browser
  // (`max-age=60`): each look asks a URL the browser has not kept (the store ignores the extra parameter).
  const product = `${new URL(page.url()).pathname}?sku=${sku}`;
  let look = 0;
  const fresh = (url: string) => `${url}&olhada=${String((look += 1))}`;
  await expect
    .poll(async () => {
      await page.goto(fresh(product));
      return page.getByText('Produto indisponível no momento.').count();
    })
    .toBe(1);
  await expect(page.getByRole('button', { name: 'Comprar' })).toHaveCount(0);

  // A mistyped e-mail comes back with its message; then the promise.
  const email = `avise.${String(Date.now())}.${String(Math.floor(Math.random() * 1e6))}@exemplo.com.br`;
  await page.getByLabel('Seu nome').fill('Marta Avisada');
  await page.getByLabel('Seu e-mail').fill('marta@');
  await page.getByRole('button', { name: 'Avise-me quando chegar' }).click();
  await expect(page).toHaveURL(/\/avise-me$/);
  await expect(page.locator('#f-email-erro')).toHaveText(
    'Informe um e-mail válido, como nome@exemplo.com.br.',
  );
  await page.getByLabel('Seu e-mail').fill(email);
  await page.getByRole('button', { name: 'Avise-me quando chegar' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Combinado!');
  await expect(page.getByRole('status')).toHaveText(
    'Pedido de aviso registrado. Atenção: esta loja ainda não envia e-mails, então a mensagem não chega até você. Fale com a loja pelos contatos no rodapé do site.',
  );
  await page.getByRole('link', { name: 'Voltar ao produto' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?sku=${sku}$`));

  // The team restocks it: one e-mail with the product's link; a second restock sends nothing more.
  await setStock(context.request, decodeURIComponent(sku), 5);
  await expect.poll(() => mailsTo(email).length).toBe(1);
  const link = /https?:\/\/\S+\?sku=\S+/.exec(mailsTo(email)[0] ?? '')?.[0] ?? '';
  expect(link).toContain(`?sku=${sku}`);
  await expect
    .poll(async () => {
      await page.goto(fresh(new URL(link).pathname + new URL(link).search));
      return page.getByRole('button', { name: 'Comprar' }).count();
    })
    .toBe(1);
  await setStock(context.request, decodeURIComponent(sku), 0);
  await setStock(context.request, decodeURIComponent(sku), 5);
  expect(mailsTo(email)).toHaveLength(1);
  await context.close();

  // The sold-out state and the answer page, with scripts (axe needs them): no serious issue.
  const checked = await shopperContext(browser, isMobile, { javaScript: true });
  const view = await checked.newPage();
  await setStock(checked.request, decodeURIComponent(sku), 0);
  await expect
    .poll(async () => {
      await view.goto(fresh(product));
      return view.locator('.notify').count();
    })
    .toBe(1);
  await expectNoSeriousA11yIssues(view, '.buy');
  await setStock(checked.request, decodeURIComponent(sku), 5);
  await checked.close();
});
