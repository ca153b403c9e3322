import { createFirstOwner, firstOwnerOpen } from '#/api/staff.ts';
import type { Answer, FormOutcome } from './answer.ts';
import { redirect, refusal, refusalLine } from './answer.ts';
import { postedFields } from './fields.ts';
import { PANEL_LOGIN, panelClient } from './panel.ts';
import type { Visit } from './visit.ts';

/** The first owner's page: its key, the form as typed (never the passwords), and whether the address is spent. */
export type FirstOwnerView = { chave: string; form: FormOutcome | undefined; gone: boolean };

/**
 * `/painel/primeiro-dono?chave=…`: the address the server prints at start while the store has no owner. The
 * form makes the owner with their password; then the panel's login. A spent or unknown address says so before
 * anything is typed.
 */
export async function panelFirstOwnerPage(visit: Visit): Promise<Answer<FirstOwnerView>> {
  const fields = await postedFields(visit.request);
  const chave = (fields?.['chave'] ?? visit.url.searchParams.get('chave') ?? '').slice(0, 100);
  const client = panelClient(visit);
  if (!fields) {
    const open = chave ? await firstOwnerOpen(client, chave).catch(() => undefined) : undefined;
    return { view: { chave, form: undefined, gone: !chave || open?.valido === false } };
  }
  const { nome = '', email = '', senha = '', confirmacao = '' } = fields;
  const values = { nome, email };
  const refuse = (errors: Record<string, string>, text: string, status = 400): Answer<FirstOwnerView> => ({
    status,
    view: { chave, gone: false, form: { values, errors, status, notice: { text, error: true } } },
  });
  if (senha !== confirmacao)
    return refuse({ confirmacao: 'As duas senhas não são iguais.' }, 'As duas senhas não são iguais.');
  try {
    await createFirstOwner(client, { chave, nome, email, senha });
    return redirect(`${PANEL_LOGIN}?aviso=dono`);
  } catch (error) {
    const refused = refusal(error);
    if (refused.status === 409) return { status: 409, view: { chave, form: undefined, gone: true } };
    return refuse(refused.fields, refusalLine(refused), refused.status);
  }
}
