import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { activityListSchema } from '#/contract/activity.ts';
import { settingsSchema } from '#/contract/settings.ts';
import { shippingSchema } from '#/contract/shipping.ts';
import { setupSchema } from '#/contract/setup.ts';
import { pixKeyOf, storeConfigAnswerSchema } from '#/contract/store-config.ts';
import { memoryMailer } from '#/server/mail/mailer.ts';
import type { StoreConfig } from '#/contract/store-config.ts';
import type { MenuItem } from '#/contract/store.ts';
import * as t from '#/server/db/schema.ts';
import { teamAddresses } from '#/server/staff/team-mail.ts';
import { json } from './buyers.ts';
import { newSession, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';
import { as, staffCalls } from './staff-members.ts';

/** The owner's settings: read, refused field by field, saved and audited, in force on the storefront. */

let store: TestPlatform;
let owner: { token: string };
let orders: { token: string };
beforeAll(async () => {
  store = await startPlatform(10);
  owner = await member('dona@loja.test', 'dono');
  orders = await member('pedidos@loja.test', 'pedidos');
});
afterAll(() => store.stop());

const { admin, member } = staffCalls(() => store);
const read = async (token = owner.token) => {
  const res = await admin('/settings', { headers: as(token) });
  expect(res.status).toBe(200);
  return storeConfigAnswerSchema.parse(await res.json());
};
const save = (body: unknown, token = owner.token) =>
  admin('/settings', { method: 'PUT', body, headers: as(token) });
/** The owner's own company, which the first save must give in place of the seed's example. */
const OWN_COMPANY = {
  razaoSocial: 'Metais da Rita Comércio Ltda.',
  cnpj: '11.222.333/0001-81',
  endereco: 'Rua Barão de Jaguara, 900 – Centro, Campinas – SP, 13015-000',
  telefone: '(19) 3251-7000',
  whatsapp: '(19) 99123-4567',
  emailAtendimento: 'contato@metaisdarita.com.br',
  remessaCep: '13015-000',
  remessaLogradouro: 'Rua Barão de Jaguara',
  remessaNumero: '900',
} satisfies Partial<StoreConfig>;
const front = async () =>
  settingsSchema.parse(await (await store.request('/v2/front/settings')).json()).configuracoes;

describe('Pix keys by their kind', () => {
  test.each([
    ['529.982.247-25', { key: '52998224725', kind: 'cpf' }],
    ['11.222.333/0001-81', { key: '11222333000181', kind: 'cnpj' }],
    ['Financeiro@Loja.com.br', { key: 'financeiro@loja.com.br', kind: 'email' }],
    ['+55 (19) 99876-5432', { key: '+5519998765432', kind: 'telefone' }],
    [
      '123E4567-E89B-12D3-A456-426614174000',
      { key: '123e4567-e89b-12d3-a456-426614174000', kind: 'aleatoria' },
    ],
  ])('%s', (typed, expected) => {
    expect(pixKeyOf(typed)).toEqual(expected);
  });

  test.each([
    '529.982.247-24',
    '11.222.333/0001-80',
    '19998765432x',
    '(19) 99876-5432',
    '+1 202 555 0100',
    'loja@',
    '',
  ])('%s is refused', (typed) => {
    expect(pixKeyOf(typed)).toBeUndefined();
  });
});

describe('the settings page’s API', () => {
  test('only owners read or change it', async () => {
    expect((await admin('/settings', { headers: as(orders.token) })).status).toBe(403);
    expect((await save({}, orders.token)).status).toBe(403);
    expect((await admin('/settings')).status).toBe(401);
  });

  test('bad input is refused field by field and changes nothing', async () => {
    const before = await read();
    const res = await save({
      ...before.configuracao,
      cnpj: '12.345.678/0001-00',
      pixChave: '529.982.247-24',
      minutosPagamento: 5,
      pixDesconto: 'dez',
      emailsEquipe: ['equipe@loja', 'ok@loja.com.br'],
      nomeLoja: ' ',
      seoTitulo: 'Metais',
      seoDescricao: 'x'.repeat(171),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { erros: Record<string, string> };
    expect(Object.keys(body.erros).sort()).toEqual(
      [
        'cnpj',
        'emailsEquipe',
        'minutosPagamento',
        'nomeLoja',
        'pixChave',
        'pixDesconto',
        'seoDescricao',
        'seoTitulo',
      ].sort(),
    );
    expect(body.erros['pixChave']).toMatch(/Chave Pix inválida/);
    expect(body.erros['minutosPagamento']).toMatch(/de 15 a 2880/);
    expect(await read()).toEqual(before);
    // Nonsense of every shape is a 400, never a 500.
    for (const nonsense of [
      null,
      [],
      'texto',
      { nomeLoja: 42 },
      { ...before.configuracao, emailsEquipe: 'a@b.c' },
    ])
      expect((await save(nonsense)).status).toBe(400);
  });

  test('a change is saved, in force on the storefront, and recorded field by field', async () => {
    const before = await read();
    const servedBefore = await front();
    expect(before.pix).toMatchObject({ ativo: true, tipoChave: 'cnpj' });
    const change: StoreConfig = {
      ...before.configuracao,
      ...OWN_COMPANY,
      nomeLoja: 'Metais da Rita',
      pixChave: '+55 (19) 99876-5432',
      pixDesconto: 5,
      minutosPagamento: 45,
      freteGratisAPartirDe: 1,
      inscricaoEstadual: 'isento',
      telefone: '1932517000',
      barraPromocional: 'Frete grátis em tudo <até domingo>',
      emailsEquipe: ['Avisos@Loja.com.br', 'avisos@loja.com.br'],
      seoTitulo: 'Metais e cubas em Campinas',
      seoDescricao:
        'Torneiras e cubas da {loja}, com entrega em todo o Brasil e {desconto-pix} de desconto no Pix.',
    };
    const res = await save(change);
    expect(res.status).toBe(200);
    const after = storeConfigAnswerSchema.parse(await res.json());
    expect(after.configuracao).toMatchObject({
      nomeLoja: 'Metais da Rita',
      pixChave: '+5519998765432',
      inscricaoEstadual: 'ISENTO',
      telefone: '(19) 3251-7000',
      freteGratisAPartirDe: 1,
      barraPromocional: 'Frete grátis em tudo <até domingo>',
      emailsEquipe: ['avisos@loja.com.br'],
    });
    expect(after.pix).toMatchObject({ ativo: true, tipoChave: 'telefone' });

    // The storefront reads it: name, Pix, the free-shipping promise, the promo bar (escaped), the team's addresses.
    const served = await front();
    expect(served.nomeLoja).toBe('Metais da Rita');
    // The installation's logo spells the seed's name: renamed, the store shows its own name instead.
    expect(servedBefore.logo).toBe('/logo.svg');
    expect(served.logo).toBe('');
    expect(served.pagamentos.pix).toMatchObject({
      chave: '+5519998765432',
      desconto: 5,
      minutosPagamento: 45,
    });
    expect(served.dadosSite.inscricaoEstadual).toBe('ISENTO');
    const quote = await store.request('/v2/front/shipment/product', {
      method: 'POST',
      ...json({ cep: '13035-000', idProduto: 1, quantidade: 1 }, { Session: newSession() }),
    });
    expect(quote.status).toBe(200);
    const economy = shippingSchema.parse(await quote.json()).fretes.find((f) => f.id === 'economica');
    expect(economy?.valor).toBe(0);
    const [promo] = await store.database.db
      .select()
      .from(t.menus)
      .where(eq(t.menus.hash, 'pitchbar-topo-home'));
    expect((promo?.items as MenuItem[])[0]?.label).toBe('Frete grátis em tudo &lt;até domingo&gt;');
    expect(await teamAddresses(store.database.db)).toEqual(['avisos@loja.com.br']);
    // Nothing else in the stored settings moved (the card's rule, the social networks…).
    expect(served.pagamentos.cartao).toEqual(servedBefore.pagamentos.cartao);
    expect(served.redesSociais).toEqual(servedBefore.redesSociais);
    expect(served.seo).toEqual({
      ...servedBefore.seo,
      title: 'Metais e cubas em Campinas',
      description:
        'Torneiras e cubas da Metais da Rita, com entrega em todo o Brasil e 5% de desconto no Pix.',
    });

    // Every text that states a setting says the new one; every title carries the new name.
    const home = (await (await store.request('/v2/front/url/home')).json()) as {
      estrutura: { seo: { title: string; description: string } };
    };
    expect(home.estrutura.seo.title).toBe('Metais da Rita | Metais e cubas em Campinas');
    expect(home.estrutura.seo.description).toBe(
      'Torneiras e cubas da Metais da Rita, com entrega em todo o Brasil e 5% de desconto no Pix.',
    );
    const listing = (await (
      await store.request('/v2/front/url/product/listing/category?url=/cozinha/&limit=1')
    ).json()) as { estrutura: { seo: { title: string } } };
    expect(listing.estrutura.seo.title).toMatch(/ \| Metais da Rita$/);
    const bar = (await (await store.request('/v2/front/struct/menus/pitchbar-topo-home')).json()) as {
      menu: { label: string }[];
    };
    expect(bar.menu[1]?.label).toBe('<strong>5% de desconto</strong> no Pix');
    const payments = (await (
      await store.request('/v2/front/url/page?url=/institucional/formas-de-pagamento')
    ).json()) as { conteudo: { conteudo: string } };
    expect(payments.conteudo.conteudo).toContain('<li><strong>Pix</strong> (5% de desconto):');
    expect(payments.conteudo.conteudo).not.toContain('{');

    const activity = activityListSchema.parse(
      await (await admin('/activity?entidade=configuracao', { headers: as(owner.token) })).json(),
    );
    const [entry] = activity.atividades;
    expect(entry?.acaoNome).toBe('Configurações alteradas');
    const fields = entry?.mudancas.map((m) => m.campo) ?? [];
    expect(fields).toEqual(
      expect.arrayContaining([
        'Nome da loja',
        'Chave Pix',
        'Frete grátis a partir de',
        'E-mails que recebem os pedidos',
      ]),
    );
    expect(fields).toContain('CNPJ');
    expect(fields).not.toContain('Cidade do recebedor do Pix');

    // Saving the same again records nothing new; an empty list gives the orders back to the team.
    expect((await save(after.configuracao)).status).toBe(200);
    const again = activityListSchema.parse(
      await (await admin('/activity?entidade=configuracao', { headers: as(owner.token) })).json(),
    );
    expect(again.total).toBe(activity.total);
    expect((await save({ ...after.configuracao, emailsEquipe: [], barraPromocional: '' })).status).toBe(200);
    const team = await teamAddresses(store.database.db);
    expect(team).toEqual(expect.arrayContaining(['dona@loja.test', 'pedidos@loja.test']));
  });
});

describe('the seed’s example company', () => {
  test('is refused field by field, and nothing changes', async () => {
    const before = await read();
    const res = await save({
      ...before.configuracao,
      ...OWN_COMPANY,
      razaoSocial: 'CASA E METAIS  Comércio de Materiais de Construção Ltda.',
      cnpj: '12345678000195',
      pixChave: '12.345.678/0001-95',
      whatsapp: '(19) 99876-5432',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { erros: Record<string, string> };
    expect(Object.keys(body.erros).sort()).toEqual(['cnpj', 'pixChave', 'razaoSocial', 'whatsapp']);
    expect(body.erros['pixChave']).toMatch(/chave Pix de exemplo da instalação/);
    expect(body.erros['cnpj']).toMatch(/CNPJ de exemplo/);
    expect(await read()).toEqual(before);
  });
});

describe('a store with the seed’s example Pix key', () => {
  test('takes no Pix until the owner gives the store’s own key; the setup list follows', async () => {
    const https = await startPlatform(10, { examplePixKey: true, mailer: memoryMailer(false) });
    try {
      const { admin: call, member: join } = staffCalls(() => https);
      const dona = await join('dona@https.test', 'dono');
      const answer = storeConfigAnswerSchema.parse(
        await (await call('/settings', { headers: as(dona.token) })).json(),
      );
      expect(answer.pix.ativo).toBe(false);
      expect(answer.pix.motivo).toMatch(/chave Pix ainda é a de exemplo/);
      const methods = async () =>
        (
          (await (await https.request('/v2/front/checkout/payment-methods')).json()) as {
            metodos: { id: string }[];
          }
        ).metodos.map((m) => m.id);
      expect(await methods()).not.toContain('pix');
      const setup = async () =>
        setupSchema.parse(await (await call('/setup', { headers: as(dona.token) })).json());
      const list = await setup();
      expect(list.itens.filter((i) => !i.feito).map((i) => i.id)).toEqual([
        'pix',
        'empresa',
        'atendimento',
        'remessa',
        'logo',
        'paginas',
        'banners',
        'frete',
        'redes',
        'email',
      ]);
      expect(list.itens[0]).toMatchObject({ href: '/painel/configuracoes#f-pixChave' });
      expect(list.pendentes).toBe(10);
      expect(list.itens.find((i) => i.id === 'paginas')?.detalhe).toBe(
        'Ainda com o texto de exemplo: Política de privacidade, Quem somos, Trocas e devoluções.',
      );
      const served = settingsSchema.parse(await (await https.request('/v2/front/settings')).json());
      expect(served.configuracoes.pagamentos.pix.ativo).toBe(false);

      const saved = await call('/settings', {
        method: 'PUT',
        body: { ...answer.configuracao, ...OWN_COMPANY, pixChave: 'financeiro@loja.com.br' },
        headers: as(dona.token),
      });
      expect(saved.status).toBe(200);
      expect(storeConfigAnswerSchema.parse(await saved.json()).pix).toMatchObject({
        ativo: true,
        tipoChave: 'email',
      });
      expect(await methods()).toContain('pix');
      // The company's pages, in the owner's words (published; a draft is not yet theirs on the store).
      expect((await setup()).itens.filter((i) => !i.feito).map((i) => i.id)).toEqual([
        'logo',
        'paginas',
        'banners',
        'frete',
        'redes',
        'email',
      ]);
      const logo = await sharp({
        create: { width: 300, height: 80, channels: 4, background: { r: 120, g: 40, b: 10, alpha: 1 } },
      })
        .png()
        .toBuffer();
      const sent = await https.request('/v2/admin/settings/logo', {
        method: 'POST',
        headers: { ...as(dona.token), 'Content-Type': 'application/octet-stream' },
        body: new Blob([new Uint8Array(logo)]),
      });
      expect(sent.status).toBe(201);
      const pages = (await (await call('/pages', { headers: as(dona.token) })).json()) as {
        paginas: { id: number; slug: string; titulo: string }[];
      };
      for (const p of pages.paginas.filter((p) => /quem-somos|privacidade|trocas/.test(p.slug))) {
        const saved = await call(`/pages/${String(p.id)}`, {
          method: 'PUT',
          body: { acao: 'publicar', titulo: p.titulo, conteudo: `<p>${p.titulo} da Metais do Vale.</p>` },
          headers: as(dona.token),
        });
        expect(saved.status).toBe(200);
      }
      // The example's banners: switched off, or made the owner's (here, their text changed).
      const banners = (await (await call('/banners', { headers: as(dona.token) })).json()) as {
        banners: { id: number; titulo: string; link: string; situacao: string }[];
      };
      expect((await setup()).itens.find((i) => i.id === 'banners')?.detalhe).toMatch(
        /^A loja ainda mostra \d+ banners de exemplo, como “Semana do Banheiro: até 40% off”/,
      );
      for (const b of banners.banners.filter((b) => b.situacao === 'no-ar')) {
        const saved = await call(`/banners/${String(b.id)}`, {
          method: 'PUT',
          body: { titulo: `${b.titulo} na Metais do Vale`, link: b.link },
          headers: as(dona.token),
        });
        expect(saved.status).toBe(200);
      }
      // The example's social profiles: refused, then the owner's own (one network left out).
      const example = await call('/contact', {
        method: 'PUT',
        body: {
          horarios: [{ dias: 'Segunda a sexta', horario: '8h às 18h' }],
          redes: { instagram: 'https://www.instagram.com/casaemetais' },
        },
        headers: as(dona.token),
      });
      expect(example.status).toBe(400);
      const own = await call('/contact', {
        method: 'PUT',
        body: {
          horarios: [{ dias: 'Segunda a sexta', horario: '8h às 18h' }],
          redes: { instagram: 'https://www.instagram.com/metaisdovale' },
        },
        headers: as(dona.token),
      });
      expect(own.status).toBe(200);
      // The shipping table, saved once as the owner's (here, as it came).
      const table = (await (await call('/shipping-table', { headers: as(dona.token) })).json()) as {
        regioes: unknown;
      };
      const savedTable = await call('/shipping-table', {
        method: 'PUT',
        body: { regioes: table.regioes },
        headers: as(dona.token),
      });
      expect(savedTable.status).toBe(200);
      // What is left: e-mail, which the environment gives (SMTP_URL).
      expect((await setup()).itens.filter((i) => !i.feito).map((i) => i.id)).toEqual(['email']);
      const pedidos = await join('pedidos@https.test', 'pedidos');
      expect((await call('/setup', { headers: as(pedidos.token) })).status).toBe(403);
    } finally {
      await https.stop();
    }
  });

  test('PIX_KEY fixes the key: the page says so and a change to it is not taken', async () => {
    const fixed = await startPlatform(10, { examplePixKey: true, pixKey: 'financeiro@loja.com.br' });
    try {
      const { admin: call, member: join } = staffCalls(() => fixed);
      const dona = await join('dona@fixa.test', 'dono');
      const answer = storeConfigAnswerSchema.parse(
        await (await call('/settings', { headers: as(dona.token) })).json(),
      );
      expect(answer.fixadas).toEqual({ pixChave: 'PIX_KEY' });
      // The seed's key is still stored, but the key in force is PIX_KEY's: Pix is on.
      expect(answer.pix).toMatchObject({ ativo: true, tipoChave: 'email' });
      const saved = await call('/settings', {
        method: 'PUT',
        body: { ...answer.configuracao, ...OWN_COMPANY, pixChave: '529.982.247-25', nomeLoja: 'Loja Fixa' },
        headers: as(dona.token),
      });
      expect(saved.status).toBe(200);
      const after = storeConfigAnswerSchema.parse(await saved.json());
      expect(after.configuracao).toMatchObject({
        nomeLoja: 'Loja Fixa',
        pixChave: answer.configuracao.pixChave,
      });
      const served = settingsSchema.parse(await (await fixed.request('/v2/front/settings')).json());
      expect(served.configuracoes.pagamentos.pix.chave).toBe('financeiro@loja.com.br');
    } finally {
      await fixed.stop();
    }
  });
});
