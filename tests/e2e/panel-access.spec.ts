import { expect, request as playwrightRequest, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { ADMIN_TOKEN, ownAddress, PORT, signUpCode } from './servers.ts';
import { randomCpf } from './shopper.ts';
import type { Papel } from '#/contract/staff.ts';

/**
 * Every back-office route and action, tried by whoever should not pass: a guest and a logged-in shopper are
 * sent to the panel's login, a member whose role does not serve the page gets its 403, and nothing changes.
 */

const BASE = `http://127.0.0.1:${String(PORT)}`;
const PASSWORD = 'uma senha longa de quem testa o acesso';
const token = { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' };

const fresh = () => playwrightRequest.newContext({ baseURL: BASE, extraHTTPHeaders: ownAddress() });

/** A member made through the staff API (automation), with a password, logged in through the panel's form. */
async function memberContext(papel: Papel): Promise<{ ctx: APIRequestContext; id: number }> {
  const api = await fresh();
  const email = `acesso.${papel}.${String(Date.now())}.${String(Math.floor(Math.random() * 1e6))}@loja.test`;
  const added = await api.post('/api/v2/admin/staff', {
    headers: token,
    data: { email, nome: `Acesso ${papel}`, papel },
  });
  expect(added.status()).toBe(201);
  const { link, membro } = (await added.json()) as { link: string; membro: { id: number } };
  const set = await api.post('/api/v2/admin/password', {
    headers: { 'Content-Type': 'application/json' },
    data: { token: new URL(link).searchParams.get('token'), senha: PASSWORD },
  });
  expect(set.status()).toBe(200);
  const ctx = await fresh();
  const login = await ctx.post('/painel/entrar', {
    form: { email, senha: PASSWORD },
    headers: { Origin: BASE },
    maxRedirects: 0,
  });
  expect(login.status()).toBe(303);
  return { ctx, id: membro.id };
}

/** A shopper logged in on the storefront (their session cookie), who must not reach the panel. */
async function shopperContext(): Promise<APIRequestContext> {
  const ctx = await fresh();
  const email = `cliente.acesso.${String(Date.now())}@exemplo.com.br`;
  const signup = await ctx.post('/api/v2/front/checkout/register', {
    headers: { 'App-Token': 'wapstore', 'Content-Type': 'application/json' },
    data: {
      pessoa: 'F',
      nomeRazao: 'Cliente Curiosa',
      documento: randomCpf(),
      email,
      celular: '(19) 98765-4321',
      nascimento: '20/05/1988',
      cep: '13035-000',
      logradouro: 'Rua das Palmeiras',
      numero: '45',
      bairro: 'Centro',
      cidade: 'Campinas',
      uf: 'SP',
      senha: 'senha longa da cliente curiosa',
    },
  });
  expect(signup.status()).toBe(200);
  const { desafio } = (await signup.json()) as { desafio: string };
  const confirmed = await ctx.post('/api/v2/front/checkout/register/confirm', {
    headers: { 'App-Token': 'wapstore', 'Content-Type': 'application/json' },
    data: { desafio, codigo: await signUpCode(email) },
  });
  expect(confirmed.status()).toBe(201);
  expect((await ctx.storageState()).cookies.map((c) => c.name)).toContain('PHPSESSID');
  return ctx;
}

const PAGES = [
  '/painel',
  '/painel/pedidos',
  '/painel/pedidos/999999',
  '/painel/pedidos.csv',
  '/painel/mensagens',
  '/painel/mensagens.csv',
  '/painel/clientes',
  '/painel/clientes/1',
  '/painel/clientes.csv',
  '/painel/avaliacoes',
  '/painel/cupons',
  '/painel/estoque',
  '/painel/catalogo',
  '/painel/produtos',
  '/painel/produtos/1',
  '/painel/produtos/novo',
  '/painel/produtos/planilha',
  '/painel/produtos/planilha.csv',
  '/painel/produtos/planilha.xlsx',
  '/painel/conta',
  '/painel/equipe',
  '/painel/atividade',
  '/painel/configuracoes',
  '/painel/retirada',
  '/painel/paginas',
  '/painel/paginas/1',
  '/painel/banners',
  '/painel/banners/1',
  '/painel/menus',
  '/painel/menus/footer-ajuda',
  '/painel/contato',
  '/painel/frete',
  '/painel/avisos',
  '/painel/vitrines',
  '/painel/integracoes',
  '/painel/nao-existe',
];

test('a guest and a shopper reach no panel page or action: each is sent to the panel login', async () => {
  const guest = await fresh();
  const shopper = await shopperContext();
  for (const ctx of [guest, shopper]) {
    for (const path of PAGES) {
      const res = await ctx.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(303);
      expect(res.headers()['location'], path).toBe(`/painel/entrar?retorno=${encodeURIComponent(path)}`);
    }
    for (const [path, form] of [
      ['/painel/pedidos/999999', { acao: 'cancelar', de: 'aguardando_pagamento' }],
      ['/painel/pedidos/999999', { acao: 'devolver', de: 'pago' }],
      ['/painel/equipe', { acao: 'desligar', id: '1' }],
      ['/painel/cupons', { acao: 'desligar', codigo: 'BEMVINDO10' }],
      ['/painel/avaliacoes', { decisao: 'aprovada', id: '1' }],
      ['/painel/conta', { acao: 'iniciar' }],
      ['/painel/estoque', { sku: 'X', estoque: '0' }],
      ['/painel/catalogo', { acao: 'nova-marca', nome: 'Intrusa' }],
      ['/painel/mensagens', { id: 'formulario-1', respondida: '1' }],
      ['/painel/produtos/1', { nome: 'Invadido', ativo: '' }],
      ['/painel/produtos/novo', { nome: 'Intruso', endereco: 'intruso' }],
      ['/painel/produtos/planilha', { acao: 'aplicar', importacao: 'aaaaaaaaaaaaaaaa' }],
      ['/painel/equipe', { nome: 'Intrusa', email: 'intrusa@exemplo.com.br', papel: 'dono' }],
      ['/painel/configuracoes', { nomeLoja: 'Invadida', pixChave: 'intrusa@exemplo.com.br' }],
      ['/painel/retirada', { nome: 'Ponto intruso', endereco: 'Rua Intrusa, 1 – Centro', prazoDias: '1' }],
      [
        '/painel/paginas',
        { titulo: 'Intrusa', slug: 'intrusa', conteudo: '<p>Intrusa</p>', acao: 'publicar' },
      ],
      ['/painel/paginas/1', { acao: 'tirar-do-ar' }],
      ['/painel/banners/1', { acao: 'remover-confirmado' }],
      ['/painel/banners', { acao: 'subir', id: '2' }],
      ['/painel/menus/footer-ajuda', { 'texto-0': 'Intruso', 'link-0': '/' }],
      ['/painel/contato', { 'dias-0': 'Nunca', 'horario-0': '0h às 1h' }],
      ['/painel/frete', { 'primeiroItem-SE': '0' }],
      ['/painel/avisos', { id: '1', acao: 'remover' }],
      ['/painel/vitrines', { 'hash-0': 'vitrine-ofertas', 'titulo-0': 'Invadida' }],
      ['/painel/integracoes', { integracao: 'smtp', acao: 'salvar', 'smtp-url': 'smtp://intruso.test' }],
    ] as const) {
      const res = await ctx.post(path, { form, headers: { Origin: BASE }, maxRedirects: 0 });
      expect(res.status(), `POST ${path}`).toBe(303);
      expect(res.headers()['location'], `POST ${path}`).toMatch(/^\/painel\/entrar\?retorno=/);
    }
  }
  const team = await (await fresh()).get('/api/v2/admin/staff', { headers: token });
  const { membros } = (await team.json()) as { membros: { email: string }[] };
  expect(membros.map((m) => m.email)).not.toContain('intrusa@exemplo.com.br');
});

test('each role reaches its own pages; any other page or action is a 403 that changes nothing', async () => {
  const orders = await memberContext('pedidos');
  const catalogue = await memberContext('catalogo');
  const target = await memberContext('pedidos');
  const expected: Record<string, [number, number]> = {
    // path: [pedidos, catalogo]
    '/painel': [200, 200],
    '/painel/pedidos': [200, 403],
    '/painel/pedidos/999999': [404, 403],
    '/painel/pedidos.csv': [200, 403],
    '/painel/mensagens': [200, 403],
    '/painel/mensagens.csv': [200, 403],
    '/painel/mensagens?tipo=voando': [400, 403],
    '/painel/clientes': [200, 403],
    '/painel/clientes.csv': [200, 403],
    '/painel/clientes/999999': [404, 403],
    '/painel/clientes/abc': [404, 403],
    '/painel/clientes?pessoa=X': [400, 403],
    '/painel/avaliacoes': [403, 200],
    '/painel/cupons': [403, 200],
    '/painel/estoque': [403, 200],
    '/painel/catalogo': [403, 200],
    '/painel/produtos': [403, 200],
    '/painel/produtos/1': [403, 200],
    '/painel/produtos/novo': [403, 200],
    '/painel/produtos/999999': [403, 404],
    '/painel/produtos/abc': [403, 404],
    '/painel/produtos/planilha': [403, 200],
    '/painel/produtos/planilha.csv': [403, 200],
    '/painel/produtos/planilha.xlsx': [403, 200],
    '/painel/conta': [200, 200],
    '/painel/equipe': [403, 403],
    '/painel/atividade': [403, 403],
    '/painel/configuracoes': [403, 403],
    '/painel/retirada': [403, 403],
    '/painel/paginas': [403, 403],
    '/painel/paginas/1': [403, 403],
    '/painel/banners': [403, 403],
    '/painel/banners/1': [403, 403],
    '/painel/menus': [403, 403],
    '/painel/menus/footer-ajuda': [403, 403],
    '/painel/contato': [403, 403],
    '/painel/frete': [403, 403],
    '/painel/avisos': [403, 403],
    '/painel/vitrines': [403, 403],
    '/painel/integracoes': [403, 403],
    // Not a page of the panel: the panel's own 404, for every role.
    '/painel/nao-existe': [404, 404],
    '/painel/pedidos/1/nada': [404, 404],
  };
  for (const [path, [forOrders, forCatalogue]] of Object.entries(expected)) {
    expect((await orders.ctx.get(path, { maxRedirects: 0 })).status(), `pedidos ${path}`).toBe(forOrders);
    expect((await catalogue.ctx.get(path, { maxRedirects: 0 })).status(), `catalogo ${path}`).toBe(
      forCatalogue,
    );
  }
  // The content role: its pages, its own account and the home; nothing of orders, customers or catalogue.
  const content = await memberContext('conteudo');
  const forContent: Record<string, number> = {
    '/painel/paginas': 200,
    '/painel/paginas/1': 200,
    '/painel/paginas/999999': 404,
    '/painel/paginas/abc': 404,
    '/painel/banners': 200,
    '/painel/banners/1': 200,
    '/painel/banners/999999': 404,
    '/painel/banners/abc': 404,
    '/painel/menus': 200,
    '/painel/menus/footer-ajuda': 200,
    '/painel/menus/nao-existe': 404,
    '/painel/contato': 200,
    '/painel/avisos': 200,
    '/painel/vitrines': 200,
  };
  for (const [path, [forOrders, forCatalogue]] of Object.entries(expected)) {
    const status =
      forContent[path] ??
      (path === '/painel' || path === '/painel/conta'
        ? 200
        : forOrders === 404 && forCatalogue === 404
          ? 404
          : 403);
    expect((await content.ctx.get(path, { maxRedirects: 0 })).status(), `conteudo ${path}`).toBe(status);
  }
  for (const [path, status] of Object.entries(forContent))
    expect((await content.ctx.get(path, { maxRedirects: 0 })).status(), `conteudo ${path}`).toBe(status);
  const unpublish = await orders.ctx.post('/painel/paginas/1', {
    form: { acao: 'tirar-do-ar' },
    headers: { Origin: BASE },
    maxRedirects: 0,
  });
  expect(unpublish.status()).toBe(403);
  const removeBanner = await orders.ctx.post('/painel/banners/1', {
    form: { acao: 'remover-confirmado' },
    headers: { Origin: BASE },
    maxRedirects: 0,
  });
  expect(removeBanner.status()).toBe(403);
  // Integrations are the owners' alone: the content role cannot point the store's e-mail elsewhere.
  const mail = await content.ctx.post('/painel/integracoes', {
    form: { integracao: 'smtp', acao: 'salvar', 'smtp-url': 'smtp://intruso.test' },
    headers: { Origin: BASE },
    maxRedirects: 0,
  });
  expect(mail.status()).toBe(403);
  expect((await (await fresh()).get('/institucional/quem-somos')).status()).toBe(200);
  const missing = await orders.ctx.get('/painel/nao-existe');
  expect(await missing.text()).toContain('Página não encontrada no painel');
  expect(missing.headers()['cache-control']).toContain('no-store');
  for (const { ctx } of [orders, catalogue]) {
    const off = await ctx.post('/painel/equipe', {
      form: { acao: 'desligar', id: String(target.id) },
      headers: { Origin: BASE },
      maxRedirects: 0,
    });
    expect(off.status()).toBe(403);
  }
  const coupon = await orders.ctx.post('/painel/cupons', {
    form: { acao: 'desligar', codigo: 'BEMVINDO10' },
    headers: { Origin: BASE },
    maxRedirects: 0,
  });
  expect(coupon.status()).toBe(403);
  const product = await orders.ctx.post('/painel/produtos/1', {
    form: { nome: 'Invadido', endereco: 'invadido', ativo: '' },
    headers: { Origin: BASE },
    maxRedirects: 0,
  });
  expect(product.status()).toBe(403);
  const first = await (await fresh()).get('/api/v2/admin/products/1', { headers: token });
  expect(((await first.json()) as { produto: { nome: string; ativo: boolean } }).produto).toMatchObject({
    ativo: true,
  });
  const sheet = await orders.ctx.post('/painel/produtos/planilha', {
    multipart: {
      planilha: { name: 'p.csv', mimeType: 'text/csv', buffer: Buffer.from('sku;estoque\nX;1\n') },
    },
    headers: { Origin: BASE },
    maxRedirects: 0,
  });
  expect(sheet.status()).toBe(403);
  const coupons = await (await fresh()).get('/api/v2/admin/coupons', { headers: token });
  const { cupons } = (await coupons.json()) as { cupons: { codigo: string; ativo: boolean }[] };
  expect(cupons.find((c) => c.codigo === 'BEMVINDO10')?.ativo).toBe(true);
  // A catalogue member cannot mark a message answered.
  const answered = await catalogue.ctx.post('/painel/mensagens', {
    form: { id: 'formulario-1', respondida: '1' },
    headers: { Origin: BASE },
    maxRedirects: 0,
  });
  expect(answered.status()).toBe(403);
  // Nor can anyone but an owner change the settings.
  for (const { ctx } of [orders, catalogue]) {
    const settings = await ctx.post('/painel/configuracoes', {
      form: { nomeLoja: 'Invadida', pixChave: 'intrusa@exemplo.com.br' },
      headers: { Origin: BASE },
      maxRedirects: 0,
    });
    expect(settings.status()).toBe(403);
    const pickup = await ctx.post('/painel/retirada', {
      form: { nome: 'Ponto intruso', endereco: 'Rua Intrusa, 1 – Centro', horario: '', prazoDias: '1' },
      headers: { Origin: BASE },
      maxRedirects: 0,
    });
    expect(pickup.status()).toBe(403);
  }
  const points = await (await fresh()).get('/api/v2/admin/pickup-points', { headers: token });
  const { pontos } = (await points.json()) as { pontos: { nome: string }[] };
  expect(pontos.map((p) => p.nome)).not.toContain('Ponto intruso');
  const cancel = await catalogue.ctx.post('/painel/pedidos/999999', {
    form: { acao: 'cancelar', de: 'aguardando_pagamento' },
    headers: { Origin: BASE },
    maxRedirects: 0,
  });
  expect(cancel.status()).toBe(403);
  // The member the others tried to switch off is still in.
  expect((await target.ctx.get('/painel', { maxRedirects: 0 })).status()).toBe(200);
  // A post from another site is refused before any page runs.
  const forged = await orders.ctx.post('/painel/pedidos/999999', {
    form: { acao: 'cancelar', de: 'aguardando_pagamento' },
    headers: { Origin: 'https://outro-site.example' },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(403);
  expect(await forged.text()).toContain('Cross-site');
});

test('the panel session opens only the panel: the storefront never gets the cookie, the API not without the header', async () => {
  const { ctx } = await memberContext('dono');
  const state = await ctx.storageState();
  const cookie = state.cookies.find((c) => c.name === 'painel');
  expect(cookie).toMatchObject({ path: '/painel', httpOnly: true, sameSite: 'Strict' });
  // The cookie alone does not open the staff API: only the Staff-Session header (sent by the pages) does.
  expect((await ctx.get('/api/v2/admin/me')).status()).toBe(401);
});
