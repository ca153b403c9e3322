import { saveContact, staffContact } from '#/api/staff-contact.ts';
import { HOURS_MAX, SOCIAL_KEYS } from '#/contract/contact.ts';
import type { ContactAnswer } from '#/contract/contact.ts';
import type { Answer, FormOutcome, Notice } from './answer.ts';
import { redirect, refusal, refusalInRows, refusalLine, rowsByIndex } from './answer.ts';
import { postedFields } from './fields.ts';
import type { Fields } from './fields.ts';
import { panelPage } from './panel.ts';
import type { PanelPage } from './panel.ts';
import type { Visit } from './visit.ts';

type FormView = FormOutcome | { values: Fields; errors: Record<string, never> };

export type ContactView = {
  contato: ContactAnswer;
  form: FormView;
  /** Rows of hours the form shows: those stored and empty ones to add, up to HOURS_MAX. */
  linhas: number;
  notice: Notice | undefined;
};

const valuesOf = (c: ContactAnswer): Fields => ({
  ...Object.fromEntries(
    c.horarios.flatMap((h, row) => [
      [`dias-${String(row)}`, h.dias],
      [`horario-${String(row)}`, h.horario],
    ]),
  ),
  ...c.redes,
});

/** The form's rows and fields as the staff API takes them (empty rows left out), and each sent row's place. */
function contactOf(fields: Fields, rows: number) {
  const filled = Array.from({ length: rows }, (_, row) => row).filter(
    (row) => `${fields[`dias-${String(row)}`] ?? ''}${fields[`horario-${String(row)}`] ?? ''}`.trim() !== '',
  );
  return {
    contact: {
      horarios: filled.map((row) => ({
        dias: fields[`dias-${String(row)}`] ?? '',
        horario: fields[`horario-${String(row)}`] ?? '',
      })),
      redes: Object.fromEntries(SOCIAL_KEYS.map((k) => [k, fields[k] ?? ''])),
    },
    rowOf: filled,
  };
}

/**
 * `/painel/contato` (owners and `conteudo`): the store's opening hours (the footer, the service page, when a
 * Pix paid by key is confirmed) and its social networks (the footer, the search engines' `sameAs`).
 */
export async function panelContactPage(visit: Visit): Promise<Answer<PanelPage<ContactView>>> {
  return panelPage(visit, ['conteudo'], async (frame) => {
    const contato = await staffContact(frame.client);
    const linhas = Math.min(contato.horarios.length + 2, HOURS_MAX);
    const fields = await postedFields(visit.request);
    if (!fields) {
      const notice =
        visit.url.searchParams.get('aviso') === 'salvo'
          ? { text: 'Salvo. A loja já mostra os horários e as redes novos.', error: false }
          : undefined;
      return {
        view: {
          frame,
          content: { contato, form: { values: valuesOf(contato), errors: {} }, linhas, notice },
        },
      };
    }
    const rows = Math.min(Number(fields['linhas'] ?? 0) || linhas, HOURS_MAX);
    const { contact, rowOf } = contactOf(fields, rows);
    try {
      await saveContact(frame.client, contact);
      return redirect('/painel/contato?aviso=salvo');
    } catch (error) {
      // A profile's refusal goes under its network's field; "no hours at all", under the first row.
      const refused = refusalInRows(refusal(error), 'horarios', rowsByIndex(rowOf), (key) =>
        key === 'horarios' ? 'dias-0' : key.replace(/^redes\./, ''),
      );
      const notice = { text: refusalLine(refused), error: true };
      const form = { values: fields, errors: refused.fields, notice, status: refused.status };
      return { status: refused.status, view: { frame, content: { contato, form, linhas: rows, notice } } };
    }
  });
}
