// The institutional pages a new store starts with: the example's texts, which the seed writes and the owner
// replaces in the panel (/painel/paginas). The setup list compares against them (staff/setup.ts).

/** The privacy page: what the store does with personal data, and where each right is exercised (LGPD art. 18). */
export const PRIVACY_HTML =
  '<p>Tratamos seus dados pessoais de acordo com a Lei Geral de Proteção de Dados (LGPD). Usamos seus dados apenas para processar pedidos, entregar produtos e, com seu consentimento, enviar ofertas.</p>' +
  '<p>Em <a href="/minha-conta/privacidade">Minha conta › Privacidade</a> você baixa uma cópia de todos os seus dados, retira cada consentimento com um clique e pede a exclusão da sua conta, respondida em até 15 dias. Os pedidos e as notas fiscais ficam guardados pelo prazo que a lei fiscal exige (5 anos), sem seus outros dados.</p>';

/** The returns page: the right to withdraw (CDC art. 49) is exercised on the order's own page. */
export const RETURNS_HTML =
  '<p>Você tem até 7 dias corridos após o recebimento para desistir da compra, conforme o Código de Defesa do Consumidor (art. 49), sem precisar dar motivo.</p>' +
  '<p>Entre em <a href="/minha-conta/pedidos">Minha conta › Meus pedidos</a>, abra o pedido e use o botão <strong>Desistir da compra</strong>: a desistência fica registrada na hora e você recebe a confirmação por e-mail. Devolvemos o valor pago pelo mesmo meio de pagamento, e nossa equipe combina com você a volta do produto.</p>';

/** Each page's address, title and text as the installation brings it. */
export const EXAMPLE_PAGES = [
  {
    slug: 'quem-somos',
    title: 'Quem somos',
    html: '<p>A Casa & Metais nasceu em Campinas em 1998 como uma loja de bairro de materiais hidráulicos. Hoje atendemos todo o Brasil com mais de mil itens para banheiro, cozinha e área gourmet.</p>',
  },
  {
    slug: 'politica-de-privacidade',
    title: 'Política de privacidade',
    html: PRIVACY_HTML,
  },
  {
    slug: 'trocas-e-devolucoes',
    title: 'Trocas e devoluções',
    html: RETURNS_HTML,
  },
  {
    slug: 'formas-de-pagamento',
    title: 'Formas de pagamento',
    html: '<p>Estas são as formas de pagamento que aceitamos hoje, com o desconto e as condições de cada uma:</p>{formas-de-pagamento}<p>O desconto aparece no resumo do pedido antes de você confirmar. O prazo de entrega começa a contar depois que o pagamento é confirmado.</p>',
  },
  {
    slug: 'entrega',
    title: 'Prazos de entrega',
    html: '<p>Entregamos em todo o Brasil. O prazo é informado no carrinho a partir do seu CEP e começa a contar após a confirmação do pagamento.</p>',
  },
  {
    slug: 'avalie-a-loja',
    title: 'Avalie a loja',
    html: '<p>Sua opinião ajuda outros clientes e ajuda a gente a melhorar. Depois que seu pedido é entregue, enviamos um e-mail com um convite para avaliar a compra e o atendimento: é só abrir o link e responder, leva um minuto.</p><p>Cada convite vale para uma avaliação. Não recebeu o seu? Confira a caixa de spam ou fale com a <a href="/pagina/central-de-atendimento">central de atendimento</a>.</p>',
  },
];
