import { changeTaxonomy, staffTaxonomy } from '#/api/staff.ts';
import type { Taxonomia } from '#/contract/staff-taxonomy.ts';
import type { Answer, FormOutcome, Notice } from './answer.ts';
import { redirect, refusal, refusalLine } from './answer.ts';
import { postedFields } from './fields.ts';
import type { Fields } from './fields.ts';
import { panelPage } from './panel.ts';
import type { PanelPage } from './panel.ts';
import type { Visit } from './visit.ts';

export const TAXONOMY_PATH = '/painel/catalogo';

export type TaxonomyView = {
  taxonomia: Taxonomia;
  notice: Notice | undefined;
  /** The "new brand" and "new category" forms as typed when refused. */
  brandForm: FormOutcome | undefined;
  categoryForm: FormOutcome | undefined;
  finishForm: FormOutcome | undefined;
};

const idOf = (f: Fields) => (/^\d{1,9}$/.test(f['id'] ?? '') ? (f['id'] ?? '') : '0');
const slugOf = (f: Fields) => (/^[a-z0-9-]{1,80}$/.test(f['slug'] ?? '') ? (f['slug'] ?? '') : '-');

/** What each form posts, as the staff API takes it: the path under `taxonomy/`, the method and the body. */
const ACTIONS: Record<string, (f: Fields) => ['post' | 'put', string, Record<string, unknown>]> = {
  'novo-acabamento': (f) => ['post', 'finishes', { nome: f['nome'] ?? '', cor: f['cor'] ?? '' }],
  'mudar-acabamento': (f) => ['put', `finishes/${slugOf(f)}`, { nome: f['nome'] ?? '', cor: f['cor'] ?? '' }],
  'ocultar-acabamento': (f) => ['put', `finishes/${slugOf(f)}`, { oculto: true }],
  'mostrar-acabamento': (f) => ['put', `finishes/${slugOf(f)}`, { oculto: false }],
  'nova-marca': (f) => ['post', 'brands', { nome: f['nome'] ?? '' }],
  'renomear-marca': (f) => ['put', `brands/${idOf(f)}`, { nome: f['nome'] ?? '' }],
  'ocultar-marca': (f) => ['put', `brands/${idOf(f)}`, { oculta: true }],
  'mostrar-marca': (f) => ['put', `brands/${idOf(f)}`, { oculta: false }],
  'nova-categoria': (f) => [
    'post',
    'categories',
    { nome: f['nome'] ?? '', ...(f['pai'] ? { pai: f['pai'] } : {}) },
  ],
  'renomear-categoria': (f) => ['put', `categories/${idOf(f)}`, { nome: f['nome'] ?? '' }],
  'ocultar-categoria': (f) => ['put', `categories/${idOf(f)}`, { oculta: true }],
  'mostrar-categoria': (f) => ['put', `categories/${idOf(f)}`, { oculta: false }],
};

/**
 * `/painel/catalogo` (owners and the catalogue's members): brands and the category tree, each with how many
 * products it holds; create, rename, hide and show again. What the platform refuses is said under the form.
 */
export async function panelTaxonomyPage(visit: Visit): Promise<Answer<PanelPage<TaxonomyView>>> {
  return panelPage<TaxonomyView>(visit, ['catalogo'], async (frame) => {
    const fields = await postedFields(visit.request);
    let notice: Notice | undefined;
    let brandForm: FormOutcome | undefined;
    let categoryForm: FormOutcome | undefined;
    let finishForm: FormOutcome | undefined;
    let status: number | undefined;
    const action = ACTIONS[fields?.['acao'] ?? ''];
    if (fields && !action) {
      notice = { text: 'Ação inválida. Atualize a página e tente de novo.', error: true };
      status = 400;
    } else if (fields && action)
      try {
        const { mensagem } = await changeTaxonomy(frame.client, ...action(fields));
        return redirect(`${TAXONOMY_PATH}?feito=${encodeURIComponent(mensagem.slice(0, 200))}`);
      } catch (error) {
        const refused = refusal(error);
        status = refused.status;
        const said: FormOutcome = {
          values: fields,
          errors: refused.fields,
          status,
          notice: { text: refusalLine(refused), error: true },
        };
        if (fields['acao'] === 'nova-marca') brandForm = said;
        else if (fields['acao'] === 'nova-categoria') categoryForm = said;
        else if (fields['acao'] === 'novo-acabamento') finishForm = said;
        else notice = said.notice;
      }
    else {
      // What was just done, said by the platform; only its own words come back through the address.
      const done = visit.url.searchParams.get('feito');
      if (
        done &&
        /^(Marca|Categoria|Acabamento) "[^"<>]{1,80}" (criad[ao]|salv[ao]|ocult[ao])( em \/[a-z0-9/-]{1,200})?\.$/.test(
          done,
        )
      )
        notice = { text: done, error: false };
    }
    const taxonomia = await staffTaxonomy(frame.client);
    return { status, view: { frame, content: { taxonomia, notice, brandForm, categoryForm, finishForm } } };
  });
}
