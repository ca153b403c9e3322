import { confirmSecondFactor, disableSecondFactor, staffMe, startSecondFactor } from '#/api/staff.ts';
import { qrSvg } from '#/lib/pix-qr.ts';
import type { Answer, Notice } from './answer.ts';
import { refusal } from './answer.ts';
import { byAction, postedFields } from './fields.ts';
import { panelPage } from './panel.ts';
import type { PanelFrame, PanelPage } from './panel.ts';
import type { Visit } from './visit.ts';

/** What the account page shows: enrolment in progress (the QR code), recovery codes just made, a notice. */
export type AccountView = {
  enrolment: { segredo: string; qrSvg: string } | undefined;
  recovery: string[] | undefined;
  notice: Notice | undefined;
};

async function enrolment(frame: PanelFrame): Promise<AccountView['enrolment']> {
  const { segredo, uri } = await startSecondFactor(frame.client);
  return { segredo, qrSvg: await qrSvg(uri) };
}

/**
 * `/painel/conta` (every member): the second factor. `iniciar` shows a QR code for the app, `confirmar`
 * takes its first code and shows ten recovery codes once, `desativar` takes a code and turns it off.
 */
export async function panelAccountPage(visit: Visit): Promise<Answer<PanelPage<AccountView>>> {
  return panelPage(visit, [], async (frame) => {
    const view: AccountView = { enrolment: undefined, recovery: undefined, notice: undefined };
    const fields = await postedFields(visit.request);
    if (!fields) return { view: { frame, content: view } };
    let status: number | undefined;
    try {
      await byAction<undefined>(
        fields,
        {
          iniciar: async () => {
            view.enrolment = await enrolment(frame);
            return undefined;
          },
          confirmar: async ({ codigo = '' }) => {
            const { codigosRecuperacao } = await confirmSecondFactor(frame.client, codigo);
            view.recovery = codigosRecuperacao;
            view.notice = { text: 'Verificação em duas etapas ligada.', error: false };
            return undefined;
          },
          desativar: async ({ codigo = '' }) => {
            const { mensagem } = await disableSecondFactor(frame.client, codigo);
            view.notice = { text: mensagem, error: false };
            return undefined;
          },
        },
        () => {
          view.notice = { text: 'Ação inválida. Atualize a página.', error: true };
          status = 400;
          return Promise.resolve(undefined);
        },
      );
    } catch (error) {
      const refused = refusal(error);
      view.notice = { text: refused.mensagem, error: true };
      status = refused.status;
      // A wrong first code: the same QR code again, to try the next code.
      if (fields['acao'] === 'confirmar') view.enrolment = await enrolment(frame);
    }
    // What the page says of the member (the second factor) may have changed: read it again.
    const me = await staffMe(frame.client);
    return { status, view: { frame: { ...frame, me }, content: view } };
  });
}
