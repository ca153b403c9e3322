import {
  setStaffPassword,
  staffLinkOpen,
  staffLogin,
  staffLogout,
  staffMe,
  staffSecondStep,
} from '#/api/staff.ts';
import { ApiError } from '#/api/http.ts';
import { STAFF_COOKIE } from '#/contract/staff.ts';
import type { Answer, FormOutcome } from './answer.ts';
import { redirect, refusal, refusalLine } from './answer.ts';
import { postedFields } from './fields.ts';
import { PANEL_HOME, PANEL_LOGIN, panelBack, panelClient, panelCookieOptions } from './panel.ts';
import type { Visit } from './visit.ts';

/**
 * The panel's login page: the form, and the line it shows (a refusal, a password just set, a logout);
 * `challenge` when the password was right and the member's second factor is asked for next.
 */
export type PanelLogin = {
  form: FormOutcome | undefined;
  back: string;
  notice: string | undefined;
  challenge?: string | undefined;
};

const NOTICES: Record<string, string> = {
  senha: 'Senha definida. Entre com o seu e-mail e a nova senha.',
  dono: 'Pronto: a loja tem um dono. Entre com o seu e-mail e a senha que acabou de criar.',
  saiu: 'Você saiu do painel.',
  todos: 'Você saiu do painel em todos os aparelhos.',
};

/** `/painel/entrar`: someone already in goes on; a right password keeps the session in the panel's cookie. */
export async function panelLoginPage(visit: Visit): Promise<Answer<PanelLogin>> {
  const back = panelBack(visit.url.searchParams.get('retorno'));
  const fields = await postedFields(visit.request);
  const notice = NOTICES[visit.url.searchParams.get('aviso') ?? ''];
  if (!fields) {
    const inside = visit.cookies.has(STAFF_COOKIE)
      ? await staffMe(panelClient(visit)).catch((error: unknown) => {
          refusal(error);
          return undefined;
        })
      : undefined;
    if (inside) return redirect(back, 302);
    return { view: { form: undefined, back, notice } };
  }
  const { email = '', senha = '', desafio = '', codigo = '' } = fields;
  const client = panelClient(visit);
  try {
    const answer =
      fields['acao'] === 'codigo'
        ? await staffSecondStep(client, desafio, codigo)
        : await staffLogin(client, email, senha);
    if ('desafio' in answer)
      return { view: { form: undefined, back, notice: undefined, challenge: answer.desafio } };
    visit.cookies.set(STAFF_COOKIE, answer.token, panelCookieOptions(visit.url));
    return redirect(back);
  } catch (error) {
    const refused = refusal(error);
    // A wrong code keeps the second step (while its challenge lasts); the password is never written back.
    const again = fields['acao'] === 'codigo' && refused.code === 'totp_invalid' ? desafio : undefined;
    return {
      status: refused.status,
      view: {
        back,
        notice: undefined,
        challenge: again,
        form: {
          values: { email },
          errors: refused.fields,
          status: refused.status,
          notice: { text: refusalLine(refused), error: true },
        },
      },
    };
  }
}

/** `/painel/senha?token=`: choose a password through a one-time link, then log in. */
export type PanelPassword = {
  token: string;
  form: FormOutcome | undefined;
  /** The link was used already, or expired: no form to fill in for nothing. */
  gone?: boolean;
};

export async function panelPasswordPage(visit: Visit): Promise<Answer<PanelPassword>> {
  const fields = await postedFields(visit.request);
  const token = (fields?.['token'] ?? visit.url.searchParams.get('token') ?? '').slice(0, 100);
  if (!fields) {
    const open = token ? await staffLinkOpen(panelClient(visit), token).catch(() => undefined) : undefined;
    // A platform that cannot say shows the form; the post then says what is wrong.
    return { view: { token, form: undefined, gone: open?.valido === false } };
  }
  const { senha = '', confirmacao = '' } = fields;
  const refuse = (errors: Record<string, string>, text: string, status = 400): Answer<PanelPassword> => ({
    status,
    view: { token, form: { values: {}, errors, status, notice: { text, error: true } } },
  });
  if (senha !== confirmacao)
    return refuse({ confirmacao: 'As duas senhas não são iguais.' }, 'As duas senhas não são iguais.');
  try {
    await setStaffPassword(panelClient(visit), token, senha);
    return redirect(`${PANEL_LOGIN}?aviso=senha`);
  } catch (error) {
    const refused = refusal(error);
    return refuse(refused.fields, refusalLine(refused), refused.status);
  }
}

/** `/painel/sair` (a POST): end this session, or every session of the member (`acao=todos`). */
export async function panelLogout(visit: Visit): Promise<{ redirect: string }> {
  const fields = await postedFields(visit.request);
  if (!fields) return redirect(PANEL_HOME, 302);
  const everywhere = fields['acao'] === 'todos';
  try {
    await staffLogout(panelClient(visit), everywhere);
  } catch (error) {
    // Whatever the platform says (a session already ended), this browser forgets it below.
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
  }
  visit.cookies.delete(STAFF_COOKIE, panelCookieOptions(visit.url));
  return redirect(`${PANEL_LOGIN}?aviso=${everywhere ? 'todos' : 'saiu'}`);
}
