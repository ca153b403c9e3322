// One concern: the settings the owner changes in the panel, read from and written to where the store keeps
// them (the `configuracoes` row the storefront serves, the team's own row, the promo bar's menu), with what
// the environment fixes over them.
import { eq, sql } from 'drizzle-orm';
import type { MenuItem } from '#/contract/store.ts';
import { pixKeyOf } from '#/contract/store-config.ts';
import type { StoreConfig, StoreConfigAnswer, StoreConfigField } from '#/contract/store-config.ts';
import type { InvoiceMoment, TaxRegime } from '#/contract/invoices.ts';
import { formatDocument } from '#/contract/documents.ts';
import { escapeHtml } from '#/lib/escape-html.ts';
import { plainText } from '#/server/catalog/page.ts';
import { loadSettings, pixRefusal } from '#/server/content/settings.ts';
import type { SettingsEnv, StoreSettings } from '#/server/content/settings.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';

/** The settings row of what only the team reads (never served to the storefront). */
const TEAM_KEY = 'equipe';
/** The menu whose first entry is the promo bar (components/layout/PromoBar.astro). */
const PROMO_MENU = 'pitchbar-topo-home';

type TeamSettings = {
  emailsPedidos: string[];
  carrinhoHoras: number | null;
  regime: TaxRegime;
  nfeQuando: InvoiceMoment;
  /** Since when NF-e are issued at payment (ISO): orders paid before the owner chose it are left alone. */
  nfeDesde: string | null;
};

async function teamSettings(db: Db): Promise<TeamSettings> {
  const [row] = await db.select().from(t.settings).where(eq(t.settings.key, TEAM_KEY));
  const stored = row?.value as Partial<TeamSettings> | undefined;
  return {
    emailsPedidos: stored?.emailsPedidos ?? [],
    carrinhoHoras: stored?.carrinhoHoras ?? null,
    regime: stored?.regime ?? '1',
    nfeQuando: stored?.nfeQuando ?? 'botao',
    nfeDesde: stored?.nfeDesde ?? null,
  };
}

/** The store's tax regime, and since when NF-e are issued at payment (null: by the button only). */
export async function invoiceSettings(db: Db): Promise<{ regime: TaxRegime; automaticSince: Date | null }> {
  const team = await teamSettings(db);
  return {
    regime: team.regime,
    automaticSince: team.nfeQuando === 'pagamento' && team.nfeDesde ? new Date(team.nfeDesde) : null,
  };
}

/** After how many hours a consenting customer is reminded of a cart left with items; null: never. */
export async function cartReminderHours(db: Db): Promise<number | null> {
  return (await teamSettings(db)).carrinhoHoras;
}

/** The addresses the owner chose to hear of orders; empty when they chose none (then: the team). */
export async function orderNoticeAddresses(db: Db): Promise<string[]> {
  return (await teamSettings(db)).emailsPedidos;
}

/** The promo bar's text as a person types it (the stored label may carry `<strong>`). */
const plain = (html: string) => plainText(html, 1000);

async function promoMenu(db: Db): Promise<MenuItem[]> {
  const [row] = await db.select().from(t.menus).where(eq(t.menus.hash, PROMO_MENU));
  return (row?.items as MenuItem[] | undefined) ?? [];
}

/** The fields an environment variable fixes, with its name. */
export function fixedFields(env: SettingsEnv): StoreConfigAnswer['fixadas'] {
  return env.pixKey ? { pixChave: 'PIX_KEY' } : {};
}

function configOf(settings: StoreSettings, team: TeamSettings, promo: MenuItem[]): StoreConfig {
  const site = settings.dadosSite;
  const { pix } = settings.pagamentos;
  const free = settings.checkout.alertaFreteGratis;
  return {
    nomeLoja: settings.nomeLoja,
    razaoSocial: site.razaoSocial,
    cnpj: site.cnpj,
    inscricaoEstadual: site.inscricaoEstadual ?? '',
    endereco: site.endereco,
    telefone: site.telefone,
    whatsapp: site.whatsapp,
    emailAtendimento: settings.emailContato.email,
    pixChave: pix.chave,
    pixCidade: pix.cidade,
    pixDesconto: pix.desconto,
    minutosPagamento: pix.minutosPagamento,
    freteGratisAPartirDe: free.usarValorFixo ? free.valorFixo : null,
    barraPromocional: plain(promo[0]?.label ?? ''),
    seoTitulo: settings.seo.title,
    seoDescricao: settings.seo.description,
    diasPreparo: settings.checkout.diasPreparo ?? 0,
    lembreteCarrinhoHoras: team.carrinhoHoras,
    remessaCep: (site.remessa?.cep ?? '').replace(/^(\d{5})(\d{3})$/, '$1-$2'),
    remessaLogradouro: site.remessa?.logradouro ?? '',
    remessaNumero: site.remessa?.numero ?? '',
    remessaComplemento: site.remessa?.complemento ?? '',
    remessaBairro: site.remessa?.bairro ?? '',
    remessaCidade: site.remessa?.cidade ?? '',
    remessaUf: (site.remessa?.uf ?? 'SP') as StoreConfig['remessaUf'],
    regimeTributario: team.regime,
    emitirNfe: team.nfeQuando,
    emailsEquipe: team.emailsPedidos,
  };
}

/** The settings as the owner sees them, with what PIX_KEY fixes and why Pix is off, if it is. */
export async function readStoreConfig(
  db: Db,
  env: SettingsEnv & { invoiceProvider?: unknown },
): Promise<StoreConfigAnswer> {
  const [settings, team, promo] = await Promise.all([loadSettings(db), teamSettings(db), promoMenu(db)]);
  const configuracao = configOf(settings, team, promo);
  const key = env.pixKey ?? configuracao.pixChave;
  const motivo = !settings.pagamentos.pix.ativo
    ? 'O Pix está desligado nas formas de pagamento da loja.'
    : pixRefusal(key);
  const kind = pixKeyOf(key)?.kind;
  return {
    configuracao,
    fixadas: fixedFields(env),
    pix: { ativo: motivo === undefined, ...(motivo && { motivo }), ...(kind && { tipoChave: kind }) },
    notaFiscal: { provedor: env.invoiceProvider !== undefined },
    logo: { caminho: settings.logo, proprio: settings.logo.startsWith('/arquivos/loja/') },
  };
}

/** A phone as people write it: "+55 19 99876-5432" stays, "19998765432" becomes "(19) 99876-5432". */
const phoneText = (value: string) => {
  const d = value.replace(/\D/g, '');
  const local = d.length > 11 && d.startsWith('55') ? d.slice(2) : d;
  const shaped = local.replace(/^(\d{2})(\d{4,5})(\d{4})$/, '($1) $2-$3');
  return d.length > 11 ? `+55 ${shaped}` : shaped;
};

/**
 * Write the owner's settings (in the caller's transaction) and answer them before and after. A field the
 * environment fixes keeps what is stored; the promo bar keeps its markup while its words do not change.
 */
export async function saveStoreConfig(
  tx: Db,
  input: StoreConfig,
  env: SettingsEnv,
): Promise<{ before: StoreConfig; after: StoreConfig }> {
  // One owner's save at a time: two tabs saving at once must not interleave their rows.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('loja:configuracoes'))`);
  const settings = await loadSettings(tx);
  const team = await teamSettings(tx);
  const promo = await promoMenu(tx);
  const before = configOf(settings, team, promo);
  const fixed = fixedFields(env);
  const pixKey = fixed.pixChave ? before.pixChave : (pixKeyOf(input.pixChave)?.key ?? before.pixChave);
  const next: StoreSettings = {
    ...settings,
    nomeLoja: input.nomeLoja,
    seo: { ...settings.seo, title: input.seoTitulo, description: input.seoDescricao },
    emailContato: { ...settings.emailContato, email: input.emailAtendimento },
    dadosSite: {
      ...settings.dadosSite,
      razaoSocial: input.razaoSocial,
      cnpj: formatDocument(input.cnpj),
      inscricaoEstadual: /^isent[oa]$/i.test(input.inscricaoEstadual) ? 'ISENTO' : input.inscricaoEstadual,
      endereco: input.endereco,
      remessa: {
        cep: input.remessaCep,
        logradouro: input.remessaLogradouro,
        numero: input.remessaNumero,
        complemento: input.remessaComplemento,
        bairro: input.remessaBairro,
        cidade: input.remessaCidade,
        uf: input.remessaUf,
      },
      telefone: phoneText(input.telefone),
      whatsapp: phoneText(input.whatsapp),
    },
    pagamentos: {
      ...settings.pagamentos,
      pix: {
        ...settings.pagamentos.pix,
        chave: pixKey,
        cidade: input.pixCidade,
        desconto: input.pixDesconto,
        minutosPagamento: input.minutosPagamento,
      },
    },
    checkout: {
      ...settings.checkout,
      diasPreparo: input.diasPreparo,
      alertaFreteGratis: {
        ...settings.checkout.alertaFreteGratis,
        usarValorFixo: input.freteGratisAPartirDe !== null,
        valorFixo: input.freteGratisAPartirDe ?? settings.checkout.alertaFreteGratis.valorFixo,
      },
    },
  };
  const emails = [...new Set(input.emailsEquipe)];
  const nextTeam: TeamSettings = {
    emailsPedidos: emails,
    carrinhoHoras: input.lembreteCarrinhoHoras,
    regime: input.regimeTributario,
    nfeQuando: input.emitirNfe,
    // Turning issuing at payment on starts now: orders paid before are the team's to invoice by the button.
    nfeDesde:
      input.emitirNfe === 'pagamento'
        ? team.nfeQuando === 'pagamento' && team.nfeDesde
          ? team.nfeDesde
          : new Date().toISOString()
        : null,
  };
  await tx
    .insert(t.settings)
    .values([
      { key: 'configuracoes', value: next },
      { key: TEAM_KEY, value: nextTeam },
    ])
    .onConflictDoUpdate({ target: t.settings.key, set: { value: sql`excluded.value` } });
  if (input.barraPromocional !== before.barraPromocional) {
    const [first, ...rest] = promo;
    const label = escapeHtml(input.barraPromocional);
    const items: MenuItem[] = first
      ? [{ ...first, label }, ...rest]
      : [
          {
            id: 1,
            label,
            link: '',
            target: '',
            idTipo: 1,
            destaque: false,
            icone: '',
            imagem: '',
            imagemOriginal: '',
            rota: {},
            sub: [],
          },
        ];
    await tx
      .insert(t.menus)
      .values({ hash: PROMO_MENU, name: 'Barra promocional do topo', items })
      .onConflictDoUpdate({ target: t.menus.hash, set: { items } });
  }
  const after = {
    ...configOf(next, nextTeam, []),
    barraPromocional: input.barraPromocional,
  };
  return { before, after };
}

/** The fields that changed, before and after, for the record of changes. */
export function changedFields(before: StoreConfig, after: StoreConfig) {
  const was: Partial<Record<StoreConfigField, unknown>> = {};
  const now: Partial<Record<StoreConfigField, unknown>> = {};
  for (const field of Object.keys(after) as StoreConfigField[])
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) {
      was[field] = before[field];
      now[field] = after[field];
    }
  return Object.keys(now).length > 0 ? { before: was, after: now } : undefined;
}
