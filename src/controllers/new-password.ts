import { resetPassword } from '#/api/account.ts';
import { createClient } from '#/api/http.ts';
import type { Answer, Notice } from './answer.ts';
import { refusal } from './answer.ts';
import { postedFields } from './fields.ts';
import type { Visit } from './visit.ts';

export type NewPassword = {
  done: boolean;
  notice: Notice | undefined;
  errors: Readonly<Record<string, string>>;
};

/** A new password from the recovery link (`?token=`): each link works once, for an hour. */
export async function newPasswordPage(visit: Visit): Promise<Answer<NewPassword>> {
  const token = visit.url.searchParams.get('token') ?? '';
  const fields = await postedFields(visit.request);
  if (!fields) return { view: { done: false, notice: undefined, errors: {} } };
  try {
    const { mensagem } = await resetPassword(createClient(visit.url.origin), token, fields['senha'] ?? '');
    return { view: { done: true, notice: { text: mensagem, error: false }, errors: {} } };
  } catch (error) {
    const refused = refusal(error);
    // A password problem is shown at the field; anything else (a spent link) above the form.
    const notice = refused.fields['senha'] ? undefined : { text: refused.mensagem, error: true };
    return { status: refused.status, view: { done: false, notice, errors: refused.fields } };
  }
}
