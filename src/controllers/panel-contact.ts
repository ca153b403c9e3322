import { saveContact, staffContact } from '#/api/staff-contact.ts';
import { ApiError } from '#/api/core.ts';
import { HOURS_MAX, SOCIAL_KEYS } from '#/contract/contact.ts';
import type { ContactAnswer } from '#/contract/contact.ts';
import type { Answer, FormOutcome, Notice } from './answer.ts';
import { redirect, refusal, refusalLine } from './answer.ts';
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

/** The platform's refusal of `horarios.{n}.{field}` or `redes.{network}`, said under that field of the form. */
function inPlace(error: ApiError, rowOf: number[]): ApiError {
  const fields: Record<string, string> = {};
  for (const [key, message] of Object.entries(error.fields)) {
    const hour = /^horarios\.(\d+)\.(dias|horario)$/.exec(key);
    const row = hour ? rowOf[Number(hour[1])] : undefined;
    const name = hour && row !== undefined ? `${hour[2] ?? ''}-${String(row)}` : key.replace(/^redes\./, '');
    fields[name === 'horarios' ? 'dias-0' : name] = message;
  }
  return new ApiError(error.status, error.endpoint, error.mensagem, fields);
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
      const refused = inPlace(refusal(error), rowOf);
      const notice = { text: refusalLine(refused), error: true };
      const form = { values: fields, errors: refused.fields, notice, status: refused.status };
      return { status: refused.status, view: { frame, content: { contato, form, linhas: rows, notice } } };
    }
  });
}
