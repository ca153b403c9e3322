import { ApiError } from '#/api/http.ts';
import {
  removeIntegration,
  saveIntegration,
  staffIntegrations,
  testIntegration,
} from '#/api/staff-integrations.ts';
import { fieldsOf as integrationFields, isIntegrationId, PEM_MAX } from '#/contract/integrations.ts';
import type { IntegrationId, IntegrationState } from '#/contract/integrations.ts';
import type { Answer, Notice } from './answer.ts';
import { redirect, refusal, refusalLine } from './answer.ts';
import { fieldName } from '#/lib/integration-form.ts';
import type { PostedIntegration } from '#/lib/integration-form.ts';
import { fieldsOf } from './fields.ts';
import { panelPage } from './panel.ts';
import type { PanelPage } from './panel.ts';
import type { Visit } from './visit.ts';

const PATH = '/painel/integracoes';

export type IntegrationsView = {
  integracoes: IntegrationState[];
  /** The page's one notice, said next to the provider it is about (or on top). */
  notice: (Notice & { id?: IntegrationId | undefined }) | undefined;
  posted: PostedIntegration | undefined;
};

const DONE: Partial<Record<string, string>> = {
  salvo: 'Salvo. A loja já usa estes dados; use “Testar conexão” para conferir com o provedor.',
  removido: 'Dados apagados do painel: o provedor está desligado (a menos que o ambiente o defina).',
};

/** What the form sent for a provider, as the staff API takes it: PEM files read as text. */
async function saveBody(id: IntegrationId, form: FormData) {
  const campos: Record<string, string> = {};
  const apagar: string[] = [];
  for (const [campo, spec] of Object.entries(integrationFields(id))) {
    const name = fieldName(id, campo);
    if (form.get(`${name}-apagar`) === 'sim') apagar.push(campo);
    const value = form.get(name);
    if (spec.tipo === 'pem') {
      if (value instanceof File && value.size > 0) {
        if (value.size > PEM_MAX)
          throw new ApiError(400, 'integracao', 'Arquivo grande demais (16 KB no máximo).', {
            [`campos.${campo}`]: 'Arquivo grande demais (16 KB no máximo).',
          });
        campos[campo] = await value.text();
      }
    } else if (typeof value === 'string') campos[campo] = value;
  }
  return { campos, apagar };
}

/** The staff API's refusals (`campos.{field}`) as the page's field names. */
const pageErrors = (id: IntegrationId, fields: Readonly<Record<string, string>>) =>
  Object.fromEntries(
    Object.entries(fields).map(([key, text]) => [fieldName(id, key.replace(/^campos\./, '')), text]),
  );

/**
 * `/painel/integracoes` (owners): e-mail, the PSP's API Pix, Mercado Pago, Focus NFe and Melhor Envio; for each,
 * whether it is on and where from (the environment wins), its settings (secrets written, never shown back;
 * certificates sent as files) and "Testar conexão", which calls the provider and says its answer.
 */
export async function panelIntegrationsPage(visit: Visit): Promise<Answer<PanelPage<IntegrationsView>>> {
  return panelPage<IntegrationsView>(visit, ['dono'], async (frame) => {
    const form =
      visit.request.method === 'POST' ? await visit.request.formData().catch(() => undefined) : undefined;
    const fields = form && fieldsOf(form);
    const id = fields?.['integracao'] ?? '';
    if (form && fields && isIntegrationId(id)) {
      const action = fields['acao'];
      try {
        if (action === 'testar') {
          const outcome = await testIntegration(frame.client, id);
          const integracoes = (await staffIntegrations(frame.client)).integracoes;
          const notice = { text: outcome.mensagem, error: !outcome.ok, id };
          return { view: { frame, content: { integracoes, notice, posted: undefined } } };
        }
        if (action === 'remover') {
          if (fields['confirmar'] !== 'sim')
            throw new ApiError(400, 'integracao', 'Marque “Sim, apagar os dados guardados” para apagar.', {
              confirmar: 'Marque para confirmar.',
            });
          await removeIntegration(frame.client, id);
          return redirect(`${PATH}?feito=removido#integracao-${id}`);
        }
        await saveIntegration(frame.client, id, await saveBody(id, form));
        return redirect(`${PATH}?feito=salvo#integracao-${id}`);
      } catch (error) {
        const refused = refusal(error);
        const integracoes = (await staffIntegrations(frame.client)).integracoes;
        const notice = { text: refusalLine(refused), error: true, id };
        const posted = { id, values: fields, errors: pageErrors(id, refused.fields) };
        return { status: refused.status, view: { frame, content: { integracoes, notice, posted } } };
      }
    }
    const integracoes = (await staffIntegrations(frame.client)).integracoes;
    const done = DONE[visit.url.searchParams.get('feito') ?? ''];
    const notice = done ? { text: done, error: false } : undefined;
    return { view: { frame, content: { integracoes, notice, posted: undefined } } };
  });
}
