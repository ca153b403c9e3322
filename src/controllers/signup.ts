import { register } from '#/api/account.ts';
import type { Answer } from './answer.ts';
import { redirect } from './answer.ts';
import { postAddressForm } from './cep-fill.ts';
import type { AddressPost } from './cep-fill.ts';
import { postedFields, safeBack } from './fields.ts';
import { keepIssuedSession, loginFor, visitorClient } from './visit.ts';
import type { Visit } from './visit.ts';

export type Signup = { form: AddressPost; company: boolean; login: string };

/**
 * Sign-up for people (CPF) and companies (CNPJ). Every field is checked by the platform, with a message
 * per field; on success the new customer is logged in and goes on (to `retorno`).
 */
export async function signupPage(visit: Visit): Promise<Answer<Signup>> {
  const back = safeBack(visit.url.searchParams.get('retorno'), '/minha-conta/');
  const fields = await postedFields(visit.request);
  let form: AddressPost = { values: { pessoa: 'F' }, errors: {} };
  if (fields) {
    const client = visitorClient(visit);
    form = await postAddressForm(client, fields, (posted) =>
      register(client, { ...posted, optin: posted['optin'] === 'on' }),
    );
    if (form.notice && !form.notice.error) {
      keepIssuedSession(visit, client);
      return redirect(back);
    }
  }
  return {
    status: form.status,
    view: { form, company: form.values['pessoa'] === 'J', login: loginFor(back) },
  };
}
