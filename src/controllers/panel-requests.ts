import { decideDeletion, staffRequests, stepWithdrawal } from '#/api/rights.ts';
import type { StaffRequests } from '#/contract/rights.ts';
import type { Answer, Notice } from './answer.ts';
import { redirect, refusal } from './answer.ts';
import { byAction, postedFields } from './fields.ts';
import { panelPage } from './panel.ts';
import type { PanelPage } from './panel.ts';
import { withMail } from '#/lib/mail-said.ts';
import type { Visit } from './visit.ts';

export const REQUESTS_PATH = '/painel/solicitacoes';

export type RequestsView = StaffRequests & { notice: Notice | undefined };

/** What each step tells the member once done (the page comes back with `feito`). */
const DONE: Record<string, [string, string | undefined]> = {
  devolver_agora: ['Devolução registrada: a situação dela está abaixo.', 'O cliente é avisado por e-mail.'],
  aguardar_produto: [
    'Combinado: o valor volta quando o produto chegar. Volte aqui quando ele chegar.',
    undefined,
  ],
  produto_recebido: [
    'Produto recebido e devolução registrada: a situação dela está abaixo.',
    'O cliente é avisado por e-mail.',
  ],
  aprovar: [
    'Conta excluída: os dados pessoais foram apagados e os pedidos ficaram guardados.',
    'O cliente é avisado por e-mail.',
  ],
  recusar: ['Pedido de exclusão recusado.', 'O cliente é avisado por e-mail, com o motivo.'],
};

/** The notice after step `done`, its e-mail told as the store's mail really went. */
const doneText = (done: string, envia: boolean): string | undefined => {
  const said = Object.hasOwn(DONE, done) ? DONE[done] : undefined;
  if (!said) return undefined;
  return said[1] ? withMail(envia, said[0], said[1]) : said[0];
};

/**
 * `/painel/solicitacoes` (owners and `pedidos`): what the shoppers asked under the law, with deadlines. A
 * withdrawal is ended with a refund (at once, or once the goods are back); an account deletion is approved or
 * refused by an owner (the staff API decides who may).
 */
export function panelRequestsPage(visit: Visit): Promise<Answer<PanelPage<RequestsView>>> {
  return panelPage<RequestsView>(visit, ['pedidos'], async (frame) => {
    const fields = await postedFields(visit.request);
    let notice: Notice | undefined;
    let status: number | undefined;
    if (fields) {
      const acao = fields['acao'] ?? '';
      try {
        await byAction(
          fields,
          {
            aprovar: (f) => decideDeletion(frame.client, f['id'] ?? '', 'aprovar', ''),
            recusar: (f) => decideDeletion(frame.client, f['id'] ?? '', 'recusar', f['motivo'] ?? ''),
          },
          (f) => stepWithdrawal(frame.client, f['pedido'] ?? '', acao, f['estoque'] === 'sim'),
        );
        return redirect(`${REQUESTS_PATH}?feito=${encodeURIComponent(acao)}`);
      } catch (error) {
        const refused = refusal(error);
        notice = { text: refused.fields['motivo'] ?? refused.mensagem, error: true };
        status = refused.status;
      }
    } else {
      const done = doneText(visit.url.searchParams.get('feito') ?? '', frame.me.enviaEmail);
      if (done) notice = { text: done, error: false };
    }
    const list = await staffRequests(frame.client);
    return { status, view: { frame, content: { ...list, notice } } };
  });
}
