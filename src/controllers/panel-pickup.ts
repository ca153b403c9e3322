import { addPickupPoint, removePickupPoint, staffPickupPoints, updatePickupPoint } from '#/api/staff.ts';
import type { PickupPoint, PickupPointInput } from '#/contract/pickup.ts';
import type { Answer, FormOutcome, Notice } from './answer.ts';
import { refusal, refusalLine } from './answer.ts';
import { byAction, postedFields } from './fields.ts';
import type { Fields } from './fields.ts';
import { panelPage } from './panel.ts';
import type { PanelPage } from './panel.ts';
import type { Visit } from './visit.ts';

/** The pickup points page: the points, and the form the owner last sent when it was refused. */
export type PickupView = {
  pontos: PickupPoint[];
  /** The refused form: a point's (`alvo` its id) or the new one's (`novo`), with what was typed. */
  form: (FormOutcome & { alvo: string }) | undefined;
  notice: Notice | undefined;
};

const idOf = (fields: Fields) => (/^\d{1,9}$/.test(fields['id'] ?? '') ? Number(fields['id']) : 0);

/** The form's fields as the staff API takes them (days read as people type them: "2"). */
const inputOf = (f: Fields): PickupPointInput => ({
  nome: f['nome'] ?? '',
  endereco: f['endereco'] ?? '',
  horario: f['horario'] ?? '',
  prazoDias: /^\s*\d{1,3}\s*$/.test(f['prazoDias'] ?? '') ? Number(f['prazoDias']) : Number.NaN,
});

/**
 * `/painel/retirada` (owners): the places a buyer may collect an order. Add one, change one, remove one;
 * the checkout offers them as soon as they are saved.
 */
export async function panelPickupPage(visit: Visit): Promise<Answer<PanelPage<PickupView>>> {
  return panelPage(visit, ['dono'], async (frame) => {
    const fields = await postedFields(visit.request);
    let form: PickupView['form'];
    let notice: Notice | undefined;
    let status: number | undefined;
    if (fields) {
      const alvo = fields['id'] ? String(idOf(fields)) : 'novo';
      try {
        notice = await byAction<Notice>(
          fields,
          {
            remover: async (f) => {
              await removePickupPoint(frame.client, idOf(f));
              return { text: `O ponto "${f['nome'] ?? ''}" foi removido da loja.`, error: false };
            },
            salvar: async (f) => {
              await updatePickupPoint(frame.client, idOf(f), inputOf(f));
              return { text: `O ponto "${f['nome']?.trim() ?? ''}" foi salvo.`, error: false };
            },
          },
          async (f) => {
            await addPickupPoint(frame.client, inputOf(f));
            return {
              text: `O ponto "${f['nome']?.trim() ?? ''}" foi criado e já aparece no checkout.`,
              error: false,
            };
          },
        );
      } catch (error) {
        const refused = refusal(error);
        status = refused.status;
        notice = { text: refusalLine(refused), error: true };
        form = { alvo, values: fields, errors: refused.fields, notice, status };
      }
    }
    const { pontos } = await staffPickupPoints(frame.client);
    return { status, view: { frame, content: { pontos, form, notice } } };
  });
}
