// One concern: the owner's setup list, what the store still has of the seed's example company or lacks to
// sell as its own, each item with the panel page where it is changed (contract/setup.ts).
import { and, asc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { INTEGRATION_IDS, INTEGRATIONS } from '#/contract/integrations.ts';
import type { Setup, SetupItem } from '#/contract/setup.ts';
import type { StoreConfigField } from '#/contract/store-config.ts';
import { loadSettings, logoInForce } from '#/server/content/settings.ts';
import type { SettingsEnv } from '#/server/content/settings.ts';
import { STORE_SETTINGS } from '#/server/config/store-settings.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { EXAMPLE_PAGES } from '#/server/config/example-pages.ts';
import type { Integrations } from '#/server/integrations/hub.ts';
import type { Mailer } from '#/server/mail/mailer.ts';
import { mailDelivers } from '#/server/mail/mailer.ts';
import { exampleProfiles } from './contact.ts';
import { exampleFields } from './placeholders.ts';
import { readStoreConfig } from './store-config.ts';

const SETTINGS = '/painel/configuracoes';

/** Each item of the list and the settings fields whose example it is about. */
const FROM_SETTINGS: { id: string; titulo: string; fields: StoreConfigField[]; todo: string }[] = [
  {
    id: 'pix',
    titulo: 'Chave Pix da loja',
    fields: ['pixChave', 'pixCidade'],
    todo: 'A chave Pix (ou a cidade do recebedor) ainda é a de exemplo: informe as da conta da loja.',
  },
  {
    id: 'empresa',
    titulo: 'Dados da empresa',
    fields: ['razaoSocial', 'cnpj', 'endereco'],
    todo: 'A razão social, o CNPJ ou o endereço do rodapé ainda são os de exemplo.',
  },
  {
    id: 'atendimento',
    titulo: 'Contatos de atendimento',
    fields: ['telefone', 'whatsapp', 'emailAtendimento'],
    todo: 'O telefone, o WhatsApp ou o e-mail que os clientes veem ainda são os de exemplo.',
  },
  {
    id: 'remessa',
    titulo: 'Endereço de envio',
    fields: ['remessaLogradouro'],
    todo: 'As encomendas ainda sairiam do endereço de exemplo (etiquetas e cálculo de frete).',
  },
];

/** The owner's setup list as the store is now. */
export async function setupList(
  db: Db,
  env: SettingsEnv & { mailer: Mailer; integrations?: Integrations | undefined },
): Promise<Setup> {
  const answer = await readStoreConfig(db, env);
  const examples = exampleFields(answer.configuracao, answer.fixadas);
  const itens: SetupItem[] = FROM_SETTINGS.map(({ id, titulo, fields, todo }) => {
    const left = fields.filter((f) => examples[f] !== undefined);
    return {
      id,
      titulo,
      detalhe: left.length > 0 ? todo : 'Feito.',
      href: `${SETTINGS}#f-${left[0] ?? fields[0] ?? ''}`,
      feito: left.length === 0,
    };
  });
  const shown = logoInForce(await loadSettings(db));
  const ownLogo = shown !== STORE_SETTINGS.logo;
  itens.push({
    id: 'logo',
    titulo: 'Logo',
    detalhe: ownLogo
      ? 'Feito.'
      : 'O topo da loja ainda mostra o logo de exemplo da instalação: envie o seu (ou mude o nome da loja, que aparece no lugar).',
    href: `${SETTINGS}#h-logo`,
    feito: ownLogo,
  });
  itens.push(await pagesItem(db), await bannersItem(db));
  const settings = await loadSettings(db);
  const ownTable = settings.checkout.tabelaFrete !== undefined;
  itens.push({
    id: 'frete',
    titulo: 'Tabela de frete',
    detalhe: ownTable
      ? 'Feito.'
      : 'O frete por região ainda é o da instalação: confira os valores, os prazos e o frete grátis de cada região.',
    href: '/painel/frete',
    feito: ownTable,
  });
  const profiles = exampleProfiles(settings);
  itens.push({
    id: 'redes',
    titulo: 'Redes sociais',
    detalhe:
      profiles.length > 0
        ? `O rodapé ainda leva aos perfis da loja de exemplo: ${profiles.join(', ')}. Informe os da loja ou tire-os.`
        : 'Feito.',
    href: '/painel/contato#h-redes',
    feito: profiles.length === 0,
  });
  const mail = mailDelivers(env.mailer);
  itens.push({
    id: 'email',
    titulo: 'Envio de e-mail',
    detalhe: mail
      ? 'Feito.'
      : 'A loja ainda não envia e-mail: códigos, pedidos e avisos ficam na caixa de saída até o SMTP ser configurado em Integrações.',
    href: '/painel/integracoes#integracao-smtp',
    feito: mail,
  });
  // A provider set up in the panel that is off, or whose last "Testar conexão" failed.
  const testFailed = new Set(
    (
      await db
        .select({ provider: t.integrations.provider })
        .from(t.integrations)
        .where(eq(t.integrations.testOk, false))
    ).map((row) => row.provider),
  );
  const failing = INTEGRATION_IDS.filter((id) => {
    const state = env.integrations?.state(id);
    return state?.origem === 'painel' && (!state.ligada || testFailed.has(id));
  });
  itens.push({
    id: 'integracoes',
    titulo: 'Integrações',
    detalhe:
      failing.length > 0
        ? `Configuradas no painel e com problema (desligadas, ou o último teste falhou): ${failing.map((id) => INTEGRATIONS[id].nome).join(', ')}.`
        : 'Feito: cada provedor configurado está ligado (use “Testar conexão” para conferir).',
    href: failing[0] ? `/painel/integracoes#integracao-${failing[0]}` : '/painel/integracoes',
    feito: failing.length === 0,
  });
  return { itens, pendentes: itens.filter((i) => !i.feito).length };
}

/** The pages that speak for the company (its story, its privacy and returns terms): the owner's own words. */
const COMPANY_PAGES = ['quem-somos', 'politica-de-privacidade', 'trocas-e-devolucoes'];

/** Done when none of the company's pages still shows the example's text. */
async function pagesItem(db: Db): Promise<SetupItem> {
  const rows = await db
    .select()
    .from(t.pages)
    .where(inArray(t.pages.slug, COMPANY_PAGES))
    .orderBy(asc(t.pages.title));
  const example = rows.filter(
    (row) => row.published && row.html === EXAMPLE_PAGES.find((p) => p.slug === row.slug)?.html,
  );
  return {
    id: 'paginas',
    titulo: 'Páginas da empresa',
    detalhe:
      example.length > 0
        ? `Ainda com o texto de exemplo: ${example.map((row) => row.title).join(', ')}.`
        : 'Feito.',
    href: example[0] ? `/painel/paginas/${String(example[0].id)}` : '/painel/paginas',
    feito: example.length === 0,
  };
}

/**
 * Done when the store shows no banner as the installation made it: each shown one was changed, given the
 * owner's images, or switched off (a new store's come from the example: "Semana do Banheiro"...).
 */
async function bannersItem(db: Db): Promise<SetupItem> {
  const example = await db
    .select({ id: t.banners.id, title: t.banners.title })
    .from(t.banners)
    .where(
      and(
        eq(t.banners.active, true),
        or(isNull(t.banners.endsAt), gt(t.banners.endsAt, new Date())),
        isNull(t.banners.updatedAt),
        isNull(t.banners.desktopImage),
        isNull(t.banners.mobileImage),
      ),
    )
    .orderBy(asc(t.banners.id));
  return {
    id: 'banners',
    titulo: 'Banners',
    detalhe:
      example.length > 0
        ? `A loja ainda mostra ${String(example.length)} ${example.length === 1 ? 'banner' : 'banners'} de exemplo, como “${example[0]?.title ?? ''}”: troque as imagens e os textos, ou desligue-os.`
        : 'Feito.',
    href: example[0] ? `/painel/banners/${String(example[0].id)}` : '/painel/banners',
    feito: example.length === 0,
  };
}
