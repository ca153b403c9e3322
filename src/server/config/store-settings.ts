import type { Settings } from '#/contract/settings.ts';

/**
 * The store's configuration (spec sections 3 and 9), served by `GET settings`: the default the seed writes
 * into the `settings` table, and what serving code falls back to when the table has no row.
 */
export const STORE_SETTINGS: Settings['configuracoes'] = {
  nomeLoja: 'Casa & Metais',
  logo: '/logo.svg',
  logoTamanho: { largura: 140, altura: 32 },
  favicon: '/favicon.svg',
  /** The home-screen icon made from the owner's logo; none for the installation's drawing. */
  icone: undefined as string | undefined,
  emailContato: { email: 'atendimento@casaemetais.com.br' },
  analytics: { googleTagManager: '', googleAnalytics: '', facebookPixel: '' },
  integracoes: {
    reclameAqui: { ativo: false },
    trustvox: { ativo: false },
    googleShopping: { ativo: false },
    chatOnline: { ativo: false },
  },
  redesSociais: [
    { nome: 'Instagram', url: 'https://www.instagram.com/casaemetais' },
    { nome: 'Facebook', url: 'https://www.facebook.com/casaemetais' },
    { nome: 'YouTube', url: 'https://www.youtube.com/@casaemetais' },
    { nome: 'Pinterest', url: 'https://br.pinterest.com/casaemetais' },
  ],
  marketplace: false,
  assinatura: { ativo: false },
  listaPresente: { ativo: false },
  pagamentos: {
    boleto: { ativo: true, desconto: 10 },
    pix: {
      ativo: true,
      desconto: 10,
      /** The store's Pix key (its CNPJ); PIX_KEY overrides it. */
      chave: '12345678000195',
      /** Receiver city the payer's bank shows. */
      cidade: 'Campinas',
      /** Minutes an order waits for its Pix before it is cancelled. */
      minutosPagamento: 30,
    },
    cartao: {
      ativo: true,
      desconto: 0,
      /** Offered only with a provider that takes cards (orders/payments.ts). */
      parcelamento: { maximo: 12, semJuros: 10, valorMinimo: 30, juros: 1.99 },
    },
    deposito: { ativo: true, desconto: 0 },
  },
  seo: {
    /** The home page's title after the store's name (routes/url.ts). */
    title: 'Torneiras, cubas, chuveiros e acessórios',
    description:
      'Torneiras, misturadores, cubas, chuveiros e acessórios para banheiro e cozinha. Entrega para todo o Brasil e {desconto-pix} de desconto no Pix.',
    keywords: 'torneira, misturador, cuba, chuveiro, ducha, acessórios para banheiro, metais sanitários',
  },
  servidor: { forcarWww: true, forcarSsl: true },
  checkout: {
    alertaFreteGratis: { ativo: true, valorFixo: 599.9, usarValorFixo: false },
    prazoMedioEntrega: { ativo: true, porcentagem: 80 },
    valorMinimoCompra: 0,
    diasPreparo: 0,
  },
  dadosSite: {
    razaoSocial: 'Casa e Metais Comércio de Materiais de Construção Ltda.',
    cnpj: '12.345.678/0001-95',
    /** Inscrição estadual, or 'ISENTO'; empty until the owner gives it (Configurações). */
    inscricaoEstadual: '',
    endereco: 'Rua das Palmeiras, 1200, Sala 4 – Vila Industrial, Campinas – SP, 13035-000',
    /** Where parcels leave from (the carriers' labels): our extension. */
    remessa: {
      cep: '13035000',
      logradouro: 'Rua das Palmeiras',
      numero: '1200',
      complemento: 'Sala 4',
      bairro: 'Vila Industrial',
      cidade: 'Campinas',
      uf: 'SP',
    },
    whatsapp: '+55 19 99876-5432',
    telefone: '(19) 3232-4500',
    horarioAtendimento: [
      { dias: 'Segunda a quinta', horario: '9h às 17h' },
      { dias: 'Sexta', horario: '9h às 16h' },
    ],
  },
  manutencao: {
    ativo: false,
    titulo: 'Estamos em manutenção',
    mensagem: 'Nossa loja volta em instantes com novidades. Obrigado pela paciência!',
  },
  listagem: { itensPorPagina: 40, opcoesItensPorPagina: [12, 16, 24, 32], ordenacaoPadrao: 'Mais Vendidos' },
  produto: { limiteNomeCarrinho: 55, exibirEstoque: true },
  /** None until the owner adds theirs (/painel/retirada). */
  pontosRetirada: [],
  paises: [
    { sigla: 'US', nome: 'Estados Unidos' },
    { sigla: 'CA', nome: 'Canadá' },
  ],
};
