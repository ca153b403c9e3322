import type { StoreConfig } from '#/contract/store-config.ts';

/** Where the store's service e-mail goes (contact messages, the footer). */
export const SERVICE_EMAIL = 'contato@casaemetais.test';

/** The e2e store's owner's company, given before the journeys (setup/owners-company.setup.ts). */
export const OWNERS_COMPANY = {
  razaoSocial: 'Casa & Metais Campinas Comércio Ltda.',
  cnpj: '11.222.333/0001-81',
  endereco: 'Rua Barão de Jaguara, 900 – Centro, Campinas – SP, 13015-000',
  telefone: '(19) 3251-7000',
  whatsapp: '(19) 99123-4567',
  emailAtendimento: SERVICE_EMAIL,
  pixChave: '11.222.333/0001-81',
  remessaCep: '13015-000',
  remessaLogradouro: 'Rua Barão de Jaguara',
  remessaNumero: '900',
} satisfies Partial<StoreConfig>;

/** The owner's own "Quem somos", published before the journeys in place of the example's. */
export const OWNERS_STORY =
  '<p>A Casa & Metais Campinas é uma loja de família no centro de Campinas: torneiras, cubas e metais para banheiro e cozinha, com entrega em todo o Brasil.</p>';

/** The owner's opening hours and social profiles, given before the journeys (the example's are another company's). */
export const OWNERS_CONTACT = {
  horarios: [
    { dias: 'Segunda a sexta', horario: '9h às 18h' },
    { dias: 'Sábado', horario: '9h às 13h' },
  ],
  redes: {
    instagram: 'https://www.instagram.com/casaemetaiscampinas',
    youtube: 'https://www.youtube.com/@casaemetaiscampinas',
  },
};
