import { expect, test } from '@playwright/test';

const plain = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

test('home → category → page 2 → product → other finish → Comprar without JavaScript → cart', async ({
  browser,
  isMobile,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    ...(isMobile ? { viewport: { width: 360, height: 780 } } : {}),
  });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page).toHaveTitle(/Casa & Metais/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');

  // Department links live in the desktop menu and in the mobile <details> menu.
  if (isMobile) {
    await page.locator('summary[aria-label="Abrir menu"]').click();
    await page.locator('.mnav__panel summary', { hasText: 'Banheiro' }).click();
    await page.locator('.mnav__panel a.mnav__all[href="/banheiro/"]').click();
  } else {
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Banheiro', exact: true })
      .click();
  }
  await expect(page).toHaveURL(/\/banheiro\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Banheiro');
  const count = plain(await page.locator('.toolbar__count').textContent());
  expect(count).toMatch(/^\d+ produtos$/);
  // A card's picture says nothing (its product's name is the link's own text) and holds its square.
  const pictures = await page
    .locator('article.card .card__media > img')
    .evaluateAll((imgs) => imgs.map((img) => [img.getAttribute('alt'), img.getAttribute('width')].join()));
  expect(pictures.length).toBeGreaterThan(0);
  expect(new Set(pictures)).toEqual(new Set([',400']));

  await page.getByRole('navigation', { name: 'Páginas' }).getByRole('link', { name: 'Página 2' }).click();
  await expect(page).toHaveURL(/\/banheiro\/\?pg=2$/);
  await expect(page.locator('link[rel="prev"]')).toHaveAttribute('href', /\/banheiro\/$/);

  // An available product with more than one finish.
  const cards = page.locator('article.card:not(.card--off) a.card__link');
  await cards.first().click();
  await expect(page).toHaveURL(/\.html$/);
  // Another finish that is in stock, when the product has one.
  const finishes = page.locator('.buy__finish a:not([aria-current]):not(.off)');
  if ((await finishes.count()) > 0) {
    const other = finishes.first();
    const label = plain(await other.textContent());
    await other.click();
    await expect(page).toHaveURL(/\?sku=/);
    await expect(page.locator('.buy__finish a[aria-current="true"]')).toHaveText(label);
  }
  const name = plain(await page.getByRole('heading', { level: 1 }).textContent());
  const buy = page.getByRole('button', { name: 'Comprar' });
  await expect(buy).toBeVisible();
  await page.getByLabel('Quantidade').fill('2');
  await buy.click();

  await expect(page).toHaveURL(/\/checkout\/carrinho\/$/);
  // One count everywhere: the products in the cart (quantidadeItens), as the header's icon shows it.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sacola de compras (1)');
  await expect(page.locator('.line__name')).toContainText(name);
  await context.close();
});

test('search finds products despite a typo and says when nothing matches', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Buscar produtos' });
  await expect(box).toHaveAttribute('placeholder', 'O que você está buscando?');
  await box.fill('tornera');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/busca\?busca=tornera/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,follow');
  await expect(page.locator('article.card').first()).toContainText(/Torneira/i);
  await expect(page.getByText('Incluímos resultados para torneira')).toBeVisible();

  // Results are the same for everyone: kept like a listing (the second answer is the kept one).
  await page.request.get('/busca?busca=tornera');
  const kept = await page.request.get('/busca?busca=tornera');
  expect(kept.headers()['cache-control']).toContain('public');
  expect(kept.headers()['x-astro-cache']).toBe('HIT');

  await page.goto('/busca?busca=xyzzyqwert');
  const empty = page.getByText('Nenhum produto encontrado para "xyzzyqwert"');
  await expect(empty).toBeVisible();
  // The message takes the page's width (no empty filters column squeezing it).
  const width = (await empty.boundingBox())?.width ?? 0;
  expect(width).toBeGreaterThan((page.viewportSize()?.width ?? 0) * 0.5);
});

test('a product page read without JavaScript has prices, installments and JSON-LD', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/cozinha/');
  const href = await page.locator('article.card:not(.card--off) a.card__link').first().getAttribute('href');
  const response = await page.goto(href ?? '/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('.price__por').first()).toContainText('R$');
  // A store without a card provider takes Pix alone: the price says so, and promises no installments.
  await expect(page.locator('.price__cash').first()).toContainText(/no Pix \(\d+% de desconto\)/);
  await expect(page.locator('.price__cash').first()).not.toContainText('boleto');
  await expect(page.getByText(/sem juros/)).toHaveCount(0);
  await expect(page.getByText('Ver parcelamento')).toHaveCount(0);
  // No rating that no customer wrote: none shown, none in the structured data.
  await expect(page.getByText(/avaliações\)/)).toHaveCount(0);
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  const product = ld
    .map(
      (t) =>
        JSON.parse(t) as {
          '@type': string;
          offers?: { priceCurrency: string; price: string };
          aggregateRating?: unknown;
        },
    )
    .find((x) => x['@type'] === 'Product');
  expect(product?.aggregateRating).toBeUndefined();
  expect(product?.offers?.priceCurrency).toBe('BRL');
  expect(Number(product?.offers?.price)).toBeGreaterThan(0);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    /^http:\/\/127\.0\.0\.1:\d+\/[a-z0-9-]+\.html$/,
  );
  await context.close();
});

test('unknown pages and pages past the end are real 404s', async ({ page }) => {
  const missing = await page.goto('/nao-existe-esta-pagina/');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página não encontrada');
  await expect(page.getByRole('link', { name: 'Clique aqui para ir para página inicial' })).toHaveAttribute(
    'href',
    '/',
  );
  expect((await page.goto('/cozinha/?pg=999'))?.status()).toBe(404);
  // Past the platform's largest offset too: the shopper's 404, never the API's message.
  for (const path of ['/cozinha/?pg=99999', '/busca?busca=torneira&pg=999999999']) {
    expect((await page.goto(path))?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página não encontrada');
    await expect(page.getByText(/offset/)).toHaveCount(0);
  }
  // pg defaults to 1 and an unknown order is the default order.
  for (const path of ['/cozinha/?pg=abc', '/cozinha/?pg=0', '/cozinha/?order=bogus']) {
    expect((await page.goto(path))?.status(), path).toBe(200);
    await expect(page.locator('article.card').first()).toBeVisible();
  }
});

test('pages never scroll sideways on a phone', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'a phone-width check');
  await page.goto('/cozinha/');
  const product = await page.locator('article.card a.card__link').first().getAttribute('href');
  for (const path of [
    '/',
    '/cozinha/',
    product ?? '/',
    '/busca?busca=cuba',
    '/marcas',
    '/checkout/carrinho/',
    '/nao-existe/',
  ]) {
    await page.goto(path);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(0);
  }
});

test('grid cards drawn only near the screen hold about their own height until then', async ({
  page,
  isMobile,
}) => {
  // Cards in the middle of a listing skip rendering until scrolled near (content-visibility). Their
  // stand-in height must match a drawn card's, or the page jumps as they are drawn.
  for (const width of isMobile ? [360, 412] : [1024, 1366]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/cozinha/');
    const skipped = await page.$$eval(
      '.grid > li',
      (items) => items.filter((li) => getComputedStyle(li).contentVisibility === 'auto').length,
    );
    expect(skipped, `cards rendered late at ${String(width)} px`).toBeGreaterThanOrEqual(20);
    const grid = page.locator('.grid');
    const held = (await grid.boundingBox())?.height ?? 0;
    const { rows, drawn } = await grid.evaluate((ul) => {
      for (const li of ul.querySelectorAll<HTMLElement>(':scope > li'))
        li.style.contentVisibility = 'visible';
      const tops = new Set([...ul.children].map((li) => Math.round(li.getBoundingClientRect().top)));
      return { rows: tops.size, drawn: ul.getBoundingClientRect().height };
    });
    expect(Math.abs(drawn - held) / rows, `px off per row at ${String(width)} px`).toBeLessThanOrEqual(15);
  }
});

test('the desktop mega-menu opens on hover after its delay, and at once for the keyboard', async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, 'the mega-menu is a desktop menu');
  await page.goto('/');
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  const panel = menu.locator('.mega__item').first().locator('.mega__panel');
  await expect(panel).toBeHidden();
  await menu.getByRole('link', { name: 'Cozinha', exact: true }).hover();
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Ver tudo em Cozinha' })).toBeVisible();
  await page.mouse.move(0, 600);
  await expect(panel).toBeHidden();
  await menu.getByRole('link', { name: 'Banheiro', exact: true }).focus();
  await expect(menu.locator('.mega__item').nth(1).locator('.mega__panel')).toBeVisible();
});

test("a catalogue page carries the styles of the components it renders, not its route's others'", async ({
  request,
}) => {
  const listing = await (await request.get('/banheiro/')).text();
  const product = /href="(\/[a-z0-9-]+\.html)"/.exec(listing)?.[1];
  if (!product) throw new Error('no product on the listing');
  for (const path of ['/', '/banheiro/', product]) {
    // Read twice: the second answer is the route cache's, prepared once as it rendered.
    await request.get(path);
    const html = await (await request.get(path)).text();
    const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '').join('');
    const elements = html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');
    // Scopes go by short names (`_0`…) in the styles and the elements' classes (edge/page-styles.ts).
    expect(elements, path).not.toMatch(/\sclass="[^"]*astro-[a-z0-9]{8}/);
    const classes = [...elements.matchAll(/\sclass="([^"]*)"/g)].flatMap((m) => (m[1] ?? '').split(/\s+/));
    const rendered = new Set(classes.filter((name) => /^_[0-9a-z]+$/.test(name)));
    const styled = new Set([...styles.matchAll(/\.(_[0-9a-z]+)(?![\w-])/g)].map((m) => m[1] ?? ''));
    expect(styled.size, path).toBeGreaterThan(0);
    expect(
      [...styled].filter((scope) => !rendered.has(scope)),
      path,
    ).toEqual([]);
  }
});
