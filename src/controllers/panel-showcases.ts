import { saveShowcases, staffShowcases } from '#/api/staff-showcases.ts';
import type { ShowcasesAnswer } from '#/contract/showcases.ts';
import type { Answer, FormOutcome, Notice } from './answer.ts';
import { redirect, refusal, refusalInRows, refusalLine, rowsByIndex } from './answer.ts';
import { postedFields } from './fields.ts';
import type { Fields } from './fields.ts';
import { panelPage } from './panel.ts';
import type { PanelPage } from './panel.ts';
import type { Visit } from './visit.ts';

type FormView = FormOutcome | { values: Fields; errors: Record<string, never> };

export type ShowcasesView = { vitrines: ShowcasesAnswer; form: FormView; notice: Notice | undefined };

const valuesOf = (answer: ShowcasesAnswer): Fields =>
  Object.fromEntries(
    answer.vitrines.flatMap((v, row) => [
      [`hash-${String(row)}`, v.hash],
      [`titulo-${String(row)}`, v.titulo],
      [`naInicial-${String(row)}`, v.naInicial ? 'on' : ''],
      [`posicao-${String(row)}`, String(row + 1)],
    ]),
  );

/** The rows in the order of their "Posição" (ties keep the rows' order), and each sent row's place. */
function listOf(fields: Fields, rows: number) {
  const list = Array.from({ length: rows }, (_, row) => {
    const at = (name: string) => fields[`${name}-${String(row)}`] ?? '';
    const place = Number(at('posicao').replace(',', '.'));
    return {
      row,
      place: at('posicao').trim() !== '' && Number.isFinite(place) ? place : row + 1,
      vitrine: { hash: at('hash'), titulo: at('titulo'), naInicial: at('naInicial') === 'on' },
    };
  }).sort((a, b) => a.place - b.place || a.row - b.row);
  return { vitrines: list.map((l) => l.vitrine), rowOf: list.map((l) => l.row) };
}

/**
 * `/painel/vitrines` (owners and `conteudo`): the home's showcases, each with its title, whether it is on the
 * home and its position there.
 */
export async function panelShowcasesPage(visit: Visit): Promise<Answer<PanelPage<ShowcasesView>>> {
  return panelPage(visit, ['conteudo'], async (frame) => {
    const vitrines = await staffShowcases(frame.client);
    const fields = await postedFields(visit.request);
    if (!fields) {
      const notice: Notice | undefined =
        visit.url.searchParams.get('aviso') === 'salvo'
          ? { text: 'Vitrines salvas: a página inicial já mostra a nova ordem.', error: false }
          : undefined;
      return {
        view: { frame, content: { vitrines, form: { values: valuesOf(vitrines), errors: {} }, notice } },
      };
    }
    const { vitrines: list, rowOf } = listOf(fields, vitrines.vitrines.length);
    try {
      await saveShowcases(frame.client, { vitrines: list });
      return redirect('/painel/vitrines?aviso=salvo');
    } catch (error) {
      const refused = refusalInRows(refusal(error), 'vitrines', rowsByIndex(rowOf));
      const notice = { text: refusalLine(refused), error: true };
      const form = { values: fields, errors: refused.fields, notice, status: refused.status };
      return { status: refused.status, view: { frame, content: { vitrines, form, notice } } };
    }
  });
}
