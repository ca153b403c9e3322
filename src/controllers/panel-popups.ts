import { createPopup, removePopup, savePopup, staffPopups } from '#/api/staff-popups.ts';
import type { PopupAdmin, PopupList } from '#/contract/popups.ts';
import type { Answer, FormOutcome, Notice } from './answer.ts';
import { redirect, refusal, refusalLine } from './answer.ts';
import { postedFields } from './fields.ts';
import type { Fields } from './fields.ts';
import { panelPage } from './panel.ts';
import type { PanelPage } from './panel.ts';
import type { Visit } from './visit.ts';

type FormView = FormOutcome | { values: Fields; errors: Record<string, never> };

export type PopupsView = {
  lista: PopupList;
  /** Each popup's form by its id ('novo': the new one's): as stored, or as typed when refused. */
  forms: Record<string, FormView>;
  notice: Notice | undefined;
};

export const popupValues = (p: PopupAdmin): Fields => ({
  nome: p.nome,
  nivel: p.nivel,
  tipo: p.tipo,
  conteudo: p.conteudo,
  link: p.link,
  tempo: String(p.tempo),
  ativo: p.ativo ? 'on' : '',
});

const BLANK: Fields = {
  nome: '',
  nivel: 'home',
  tipo: 'html',
  conteudo: '',
  link: '',
  tempo: '8',
  ativo: 'on',
};

/** The form's fields as the staff API takes them (the seconds read as typed, else sent to be refused). */
const popupOf = (f: Fields) => ({
  nome: f['nome'] ?? '',
  nivel: f['nivel'] ?? '',
  tipo: f['tipo'] ?? '',
  conteudo: f['conteudo'] ?? '',
  link: f['link'] ?? '',
  tempo: /^\d{1,3}$/.test((f['tempo'] ?? '').trim()) ? Number(f['tempo']) : (f['tempo'] ?? ''),
  ativo: f['ativo'] === 'on',
});

const DONE: Partial<Record<string, string>> = {
  criado: 'Aviso criado. Cada cliente o vê uma vez, na página escolhida.',
  salvo: 'Aviso salvo.',
  removido: 'Aviso removido.',
};

/**
 * `/painel/avisos` (owners and `conteudo`): the store's popups, each in its own form (name, page, kind, text,
 * link, seconds, on or off; save or remove), and a new one.
 */
export async function panelPopupsPage(visit: Visit): Promise<Answer<PanelPage<PopupsView>>> {
  return panelPage(visit, ['conteudo'], async (frame) => {
    const lista = await staffPopups(frame.client);
    const forms: Record<string, FormView> = { novo: { values: BLANK, errors: {} } };
    for (const p of lista.popups) forms[String(p.id)] = { values: popupValues(p), errors: {} };
    const fields = await postedFields(visit.request);
    if (!fields) {
      const aviso = DONE[visit.url.searchParams.get('aviso') ?? ''];
      const notice: Notice | undefined = aviso ? { text: aviso, error: false } : undefined;
      return { view: { frame, content: { lista, forms, notice } } };
    }
    const id = fields['id'] ?? '';
    const known = lista.popups.some((p) => String(p.id) === id);
    try {
      if (known && fields['acao'] === 'remover') {
        await removePopup(frame.client, Number(id));
        return redirect('/painel/avisos?aviso=removido');
      }
      if (known) {
        await savePopup(frame.client, Number(id), popupOf(fields));
        return redirect(`/painel/avisos?aviso=salvo#aviso-${id}`);
      }
      await createPopup(frame.client, popupOf(fields));
      return redirect('/painel/avisos?aviso=criado');
    } catch (error) {
      const refused = refusal(error);
      const notice = { text: refusalLine(refused), error: true };
      forms[known ? id : 'novo'] = { values: fields, errors: refused.fields, notice, status: refused.status };
      return { status: refused.status, view: { frame, content: { lista, forms, notice } } };
    }
  });
}
