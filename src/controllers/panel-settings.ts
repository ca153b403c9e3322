import { ApiError } from '#/api/http.ts';
import type { Client } from '#/api/http.ts';
import { removeStoreLogo, saveStaffSettings, sendStoreLogo, staffSettings } from '#/api/staff.ts';
import { LOGO_MAX_BYTES, LOGO_TOO_LARGE } from '#/contract/store-config.ts';
import type { StoreConfig, StoreConfigAnswer } from '#/contract/store-config.ts';
import type { Answer, FormOutcome, Notice } from './answer.ts';
import { redirect, refusal, refusalLine } from './answer.ts';
import { fieldsOf } from './fields.ts';
import type { Fields } from './fields.ts';
import { typedNumber } from './panel-coupons.ts';
import { panelPage } from './panel.ts';
import type { PanelPage } from './panel.ts';
import type { Visit } from './visit.ts';

export const SETTINGS_PATH = '/painel/configuracoes';

export type SettingsView = {
  /** The settings as stored, what the environment fixes, whether Pix is on. */
  current: StoreConfigAnswer;
  /** What the form shows: the stored settings, or what was typed and refused. */
  form: FormOutcome | { values: Fields; errors: Record<string, never> };
  notice: Notice | undefined;
};

/** A number as the form shows it: 599.9 → "599,90", 10 → "10". */
const typed = (n: number, cents = false) => (cents ? n.toFixed(2) : String(n)).replace('.', ',');

/** The settings as the form's fields. */
function fieldsFrom(config: StoreConfig): Fields {
  return {
    ...config,
    pixDesconto: typed(config.pixDesconto),
    minutosPagamento: String(config.minutosPagamento),
    diasPreparo: String(config.diasPreparo),
    freteGratisAPartirDe:
      config.freteGratisAPartirDe === null ? '' : typed(config.freteGratisAPartirDe, true),
    lembreteCarrinhoHoras: config.lembreteCarrinhoHoras === null ? '' : String(config.lembreteCarrinhoHoras),
    emailsEquipe: config.emailsEquipe.join('\n'),
  };
}

/**
 * The form's fields as the staff API takes them: numbers read as people type them ("599,90"), the team's
 * addresses one per line (or comma), a field the environment fixes as it is stored (the form cannot send it).
 */
function configFrom(f: Fields, current: StoreConfigAnswer): Record<string, unknown> {
  const text = (name: keyof StoreConfig) => f[name] ?? '';
  return {
    nomeLoja: text('nomeLoja'),
    razaoSocial: text('razaoSocial'),
    cnpj: text('cnpj'),
    inscricaoEstadual: text('inscricaoEstadual'),
    endereco: text('endereco'),
    telefone: text('telefone'),
    whatsapp: text('whatsapp'),
    emailAtendimento: text('emailAtendimento'),
    pixChave: current.fixadas.pixChave ? current.configuracao.pixChave : text('pixChave'),
    pixCidade: text('pixCidade'),
    pixDesconto: typedNumber(f['pixDesconto']) ?? '',
    minutosPagamento: typedNumber(f['minutosPagamento']) ?? '',
    diasPreparo: typedNumber(f['diasPreparo']) ?? '',
    freteGratisAPartirDe: typedNumber(f['freteGratisAPartirDe']) ?? null,
    barraPromocional: text('barraPromocional'),
    seoTitulo: text('seoTitulo'),
    seoDescricao: text('seoDescricao'),
    lembreteCarrinhoHoras: typedNumber(f['lembreteCarrinhoHoras']) ?? null,
    remessaCep: text('remessaCep'),
    remessaLogradouro: text('remessaLogradouro'),
    remessaNumero: text('remessaNumero'),
    remessaComplemento: text('remessaComplemento'),
    remessaBairro: text('remessaBairro'),
    remessaCidade: text('remessaCidade'),
    remessaUf: text('remessaUf'),
    regimeTributario: text('regimeTributario'),
    emitirNfe: text('emitirNfe'),
    emailsEquipe: text('emailsEquipe')
      .split(/[\n,;]+/)
      .map((e) => e.trim())
      .filter(Boolean),
  };
}

/**
 * `/painel/configuracoes` (owners): who the store is, how it is reached, its Pix, free shipping, the promo
 * bar and who hears of orders. The platform checks every field and keeps the record; a refusal comes back
 * under each field, with what was typed.
 */
export async function panelSettingsPage(visit: Visit): Promise<Answer<PanelPage<SettingsView>>> {
  return panelPage<SettingsView>(visit, ['dono'], async (frame) => {
    const posted =
      visit.request.method === 'POST' ? await visit.request.formData().catch(() => undefined) : undefined;
    const fields = posted && fieldsOf(posted);
    const logoAction = fields?.['acao'];
    if (posted && (logoAction === 'logo-enviar' || logoAction === 'logo-remover'))
      try {
        await logo(frame.client, logoAction, posted);
        return redirect(`${SETTINGS_PATH}?feito=${logoAction}#h-logo`);
      } catch (error) {
        const refused = refusal(error);
        const current = await staffSettings(frame.client);
        const notice = { text: refusalLine(refused), error: true };
        const form = { values: fieldsFrom(current.configuracao), errors: {} };
        return { status: refused.status, view: { frame, content: { current, form, notice } } };
      }
    const current = await staffSettings(frame.client);
    let form: FormOutcome | undefined;
    let status: number | undefined;
    if (fields)
      try {
        await saveStaffSettings(frame.client, configFrom(fields, current));
        return redirect(`${SETTINGS_PATH}?feito=salvo`);
      } catch (error) {
        const refused = refusal(error);
        status = refused.status;
        form = {
          values: fields,
          errors: refused.fields,
          status,
          notice: { text: refusalLine(refused), error: true },
        };
      }
    const done = DONE[visit.url.searchParams.get('feito') ?? ''];
    const notice: Notice | undefined = !form && done ? { text: done, error: false } : undefined;
    return {
      status,
      view: {
        frame,
        content: { current, form: form ?? { values: fieldsFrom(current.configuracao), errors: {} }, notice },
      },
    };
  });
}

const DONE: Partial<Record<string, string>> = {
  salvo: 'Configurações salvas. A loja passa a usá-las em alguns segundos.',
  'logo-enviar': 'Logo enviado: a loja já mostra o novo logo no topo e na aba do navegador.',
  'logo-remover': 'Logo removido: a loja volta a mostrar o nome no topo.',
};

/** The logo's two buttons: send the chosen file, or go back to none. */
async function logo(client: Client, action: 'logo-enviar' | 'logo-remover', form: FormData): Promise<void> {
  if (action === 'logo-remover') {
    await removeStoreLogo(client);
    return;
  }
  const file = form.get('logo');
  if (!(file instanceof File) || file.size === 0)
    throw new ApiError(400, 'logo', 'Escolha o arquivo do logo (PNG, JPEG ou WebP).');
  if (file.size > LOGO_MAX_BYTES) throw new ApiError(400, 'logo', LOGO_TOO_LARGE);
  await sendStoreLogo(client, {
    type: file.type || 'application/octet-stream',
    bytes: new Uint8Array(await file.arrayBuffer()),
  });
}
