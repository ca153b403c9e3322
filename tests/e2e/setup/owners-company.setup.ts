import { expect, test } from '@playwright/test';
import { storeConfigAnswerSchema } from '#/contract/store-config.ts';
import { OWNERS_COMPANY, OWNERS_CONTACT, OWNERS_STORY } from '../owners.ts';
import { ADMIN_TOKEN, ownAddress, PORT } from '../servers.ts';

/**
 * Before the journeys, the e2e store is made its owner's, as every store that sells is: a new store keeps the
 * seed's example company and Pix key, which the store refuses (no Pix is offered with the example key), and
 * has no pickup point, and its footer links to the example's exchange service. Done through the staff API, with
 * the panel's own validation.
 */

test('the owner gives the store its own company, Pix key, pickup point, story, footer and profiles', async ({
  request,
}) => {
  const url = `http://127.0.0.1:${String(PORT)}/api/v2/admin/settings`;
  const headers = { Authorization: `Bearer ${ADMIN_TOKEN}`, ...ownAddress() };
  const current = storeConfigAnswerSchema.parse(await (await request.get(url, { headers })).json());
  expect(current.pix).toMatchObject({ ativo: false });
  const saved = await request.put(url, { headers, data: { ...current.configuracao, ...OWNERS_COMPANY } });
  expect(saved.status()).toBe(200);
  expect(storeConfigAnswerSchema.parse(await saved.json()).pix).toMatchObject({
    ativo: true,
    tipoChave: 'cnpj',
  });
  // A new store has no pickup point; this one's owner has a shop in Campinas.
  const pickup = await request.post(`http://127.0.0.1:${String(PORT)}/api/v2/admin/pickup-points`, {
    headers,
    data: {
      nome: 'Loja Campinas',
      endereco: 'Rua Barão de Jaguara, 900 – Centro, Campinas – SP',
      horario: 'Seg a sex, 9h às 18h; sáb, 9h às 13h',
      prazoDias: 2,
    },
  });
  expect(pickup.status()).toBe(201);
  // "Quem somos" in the owner's words (the example's tells the seed's story).
  const pages = `http://127.0.0.1:${String(PORT)}/api/v2/admin/pages`;
  const { paginas } = (await (await request.get(pages, { headers })).json()) as {
    paginas: { id: number; slug: string }[];
  };
  const story = paginas.find((p) => p.slug === 'quem-somos');
  const published = await request.put(`${pages}/${String(story?.id)}`, {
    headers,
    data: { acao: 'publicar', titulo: 'Quem somos', conteudo: OWNERS_STORY },
  });
  expect(published.status()).toBe(200);
  // The footer's help links without the seed's exchange service (another company's address).
  const menus = `http://127.0.0.1:${String(PORT)}/api/v2/admin/menus/footer-ajuda`;
  const { menu } = (await (await request.get(menus, { headers })).json()) as {
    menu: { itens: { id: number; texto: string; link: string; novaAba: boolean }[] };
  };
  const own = menu.itens.filter((i) => !i.link.includes('troquefacil'));
  expect(own.length).toBe(menu.itens.length - 1);
  expect((await request.put(menus, { headers, data: { itens: own } })).status()).toBe(200);
  // The owner's hours and profiles (the footer, and the search engines' sameAs).
  const contact = await request.put(`http://127.0.0.1:${String(PORT)}/api/v2/admin/contact`, {
    headers,
    data: OWNERS_CONTACT,
  });
  expect(contact.status()).toBe(200);
});
