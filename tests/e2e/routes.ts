import type { Page } from '@playwright/test';

/** Distinct hrefs in a page's main content that match `pattern`. */
async function links(page: Page, from: string, pattern: RegExp): Promise<string[]> {
  await page.goto(from);
  const hrefs = await page
    .locator('main a[href]')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(hrefs.filter((h) => pattern.test(h)))];
}

/**
 * Every route docs/storefront.md lists, with real slugs read from the pages that link to them (a product, a
 * brand, a list, a landing page). An empty entry means a page no longer links where it should.
 */
export async function readmeRoutes(page: Page): Promise<string[]> {
  const product = (await links(page, '/banheiro/', /\.html/))[0] ?? '';
  const brand = (await links(page, '/marcas', /^\/marcas\/./))[0] ?? '';
  const list = (await links(page, '/lista', /^\/lista\/.+\.html/))[0] ?? '';
  const landing = (await links(page, '/', /^\/c\//))[0];
  const [, variant = ''] = /sku=([^&]+)/.exec(product) ?? [];
  return [
    '/',
    '/banheiro/',
    '/banheiro/?pg=2',
    '/cozinha/?order=Menor+Pre%C3%A7o',
    '/marcas',
    brand,
    ...(landing ? [landing] : []),
    product,
    '/busca?busca=torneira',
    '/busca?busca=zzzqqqxxx',
    '/lista',
    list,
    '/institucional/politica-de-privacidade',
    '/institucional/avalie-a-loja',
    '/checkout/carrinho/',
    '/checkout/acesso',
    '/checkout/cadastro',
    '/checkout/nova-senha?token=nao-e-um-token-valido-de-verdade',
    `/frete?cep=13035-000&produto=1&variante=${variant}`,
    '/pagina/central-de-atendimento',
    '/descadastrar?t=nao-e-um-link-valido',
    '/pagina/sou-arquiteto',
    '/pagina/sou-arquiteto/form-estudante',
    '/pagina/sou-arquiteto/form-profissional',
    '/esta-pagina-nao-existe',
  ];
}
