import {
  changePageState,
  createPage,
  previewPage,
  savePage,
  staffPage,
  staffPages,
} from '#/api/staff-pages.ts';
import { PAGE_TEXT_MAX } from '#/contract/pages.ts';
import type { PageDetail, PageSummary } from '#/contract/pages.ts';
import type { Answer, FormOutcome, Notice } from './answer.ts';
import { redirect, refusal, refusalLine } from './answer.ts';
import { fieldsOf } from './fields.ts';
import type { Fields } from './fields.ts';
import { panelPage } from './panel.ts';
import type { PanelPage } from './panel.ts';
import type { Visit } from './visit.ts';

/** A form's state: as saved, or as typed when refused. */
type FormView = FormOutcome | { values: Fields; errors: Record<string, never> };

export type PagesView = { paginas: PageSummary[]; form: FormView; notice: Notice | undefined };

export type PageEditView = {
  detalhe: PageDetail;
  form: FormView;
  /** The text as the store would show it, when the editor asked for a preview (not saved). */
  previa: string | undefined;
  notice: Notice | undefined;
};

/** The posted fields, the page's text read on its own: it may be longer than any other field. */
async function posted(request: Request): Promise<Fields | undefined> {
  if (request.method !== 'POST') return undefined;
  const form = await request.formData().catch(() => undefined);
  const fields = fieldsOf(form);
  const text = form?.get('conteudo');
  if (typeof text === 'string') fields['conteudo'] = text.slice(0, PAGE_TEXT_MAX + 1);
  return fields;
}

const textOf = (f: Fields) => ({
  titulo: f['titulo'] ?? '',
  conteudo: f['conteudo'] ?? '',
  seoTitulo: f['seoTitulo'] ?? '',
  seoDescricao: f['seoDescricao'] ?? '',
});

const saveAction = (f: Fields) => (f['acao'] === 'publicar' ? 'publicar' : 'rascunho');

/**
 * `/painel/paginas` (owners and `conteudo`): the store's institutional pages, each with its state, and a
 * new one (created as a draft or published), after which the editor opens.
 */
export async function panelPagesPage(visit: Visit): Promise<Answer<PanelPage<PagesView>>> {
  return panelPage(visit, ['conteudo'], async (frame) => {
    const fields = await posted(visit.request);
    let form: FormView = { values: { titulo: '', slug: '', conteudo: '' }, errors: {} };
    let notice: Notice | undefined;
    let status: number | undefined;
    if (fields) {
      try {
        const created = await createPage(frame.client, {
          ...textOf(fields),
          slug: fields['slug'] ?? '',
          acao: saveAction(fields),
        });
        const aviso = created.pagina.publicada ? 'publicada' : 'criada';
        return redirect(`/painel/paginas/${String(created.pagina.id)}?aviso=${aviso}`);
      } catch (error) {
        const refused = refusal(error);
        status = refused.status;
        notice = { text: refusalLine(refused), error: true };
        form = { values: fields, errors: refused.fields, notice, status };
      }
    }
    const { paginas } = await staffPages(frame.client);
    return { status, view: { frame, content: { paginas, form, notice } } };
  });
}

const DONE: Partial<Record<string, string>> = {
  criada: 'Página criada como rascunho: ela só aparece na loja depois de publicada.',
  publicada: 'Página publicada: a loja já mostra esta versão.',
  rascunho: 'Rascunho salvo. A loja continua mostrando a versão publicada.',
  'tirar-do-ar': 'Página tirada do ar: o endereço responde "não encontrada" até ser publicada de novo.',
  'descartar-rascunho': 'Rascunho descartado. O formulário mostra a versão publicada.',
};

/** The editor's fields: the draft when there is one, else what is published. */
const valuesOf = ({ rascunho, pagina }: PageDetail): Fields => {
  const { titulo, conteudo, seoTitulo, seoDescricao } = rascunho ?? pagina;
  return { titulo, conteudo, seoTitulo, seoDescricao };
};

/**
 * `/painel/paginas/{id}` (owners and `conteudo`): one page's editor. Preview (nothing saved), save a draft
 * (the store keeps the published version), publish; take it off the store or throw the draft away; who
 * changed it and when.
 */
export async function panelPageEditor(
  visit: Visit,
  param: string | undefined,
): Promise<Answer<PanelPage<PageEditView | null>>> {
  return panelPage<PageEditView | null>(visit, ['conteudo'], async (frame) => {
    if (!/^[1-9]\d{0,8}$/.test(param ?? '')) return { status: 404, view: { frame, content: null } };
    const id = Number(param);
    let detalhe: PageDetail;
    try {
      detalhe = await staffPage(frame.client, id);
    } catch (error) {
      if (refusal(error).status === 404) return { status: 404, view: { frame, content: null } };
      throw error;
    }
    const fields = await posted(visit.request);
    if (!fields) {
      const aviso = DONE[visit.url.searchParams.get('aviso') ?? ''];
      const notice = aviso ? { text: aviso, error: false } : undefined;
      const form = { values: valuesOf(detalhe), errors: {} };
      return { view: { frame, content: { detalhe, form, previa: undefined, notice } } };
    }
    const acao = fields['acao'] ?? '';
    try {
      if (acao === 'previa') {
        const { conteudo } = await previewPage(frame.client, fields['conteudo'] ?? '');
        const form = { values: fields, errors: {} };
        const notice = {
          text: 'Pré-visualização abaixo do formulário: nada foi salvo ainda.',
          error: false,
        };
        return { view: { frame, content: { detalhe, form, previa: conteudo, notice } } };
      }
      if (acao === 'tirar-do-ar' || acao === 'descartar-rascunho')
        await changePageState(frame.client, id, acao);
      else await savePage(frame.client, id, { ...textOf(fields), acao: saveAction(fields) });
      const done = acao === 'tirar-do-ar' || acao === 'descartar-rascunho' ? acao : saveAction(fields);
      return redirect(`/painel/paginas/${String(id)}?aviso=${done === 'publicar' ? 'publicada' : done}`);
    } catch (error) {
      const refused = refusal(error);
      const notice = { text: refusalLine(refused), error: true };
      const form = { values: fields, errors: refused.fields, notice, status: refused.status };
      return {
        status: refused.status,
        view: { frame, content: { detalhe, form, previa: undefined, notice } },
      };
    }
  });
}
