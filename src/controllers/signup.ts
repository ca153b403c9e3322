import { confirmSignup, register } from '#/api/account.ts';
import type { Answer, Notice } from './answer.ts';
import { fieldRefusal, redirect } from './answer.ts';
import { postAddressForm } from './cep-fill.ts';
import type { AddressPost } from './cep-fill.ts';
import { postedFields, safeBack } from './fields.ts';
import type { Fields } from './fields.ts';
import { keepIssuedSession, loginFor, visitorClient } from './visit.ts';
import type { Visit } from './visit.ts';

export type Signup = {
  form: AddressPost;
  company: boolean;
  login: string;
  /** The second step: the code e-mailed to `email`, sent back with the challenge. */
  code?: { desafio: string; email: string; notice: Notice; error?: string | undefined } | undefined;
};

/**
 * Sign-up for people (CPF) and companies (CNPJ). Every field is checked by the platform, with a message
 * per field; on success the new customer is logged in and goes on (to `retorno`).
 */
export async function signupPage(visit: Visit): Promise<Answer<Signup>> {
  const back = safeBack(visit.url.searchParams.get('retorno'), '/minha-conta/');
  const fields = await postedFields(visit.request);
  const login = loginFor(back);
  let form: AddressPost = { values: { pessoa: 'F' }, errors: {} };
  if (fields?.['desafio'] !== undefined) return confirmStep(visit, fields, back, login);
  if (fields) {
    const client = visitorClient(visit);
    let desafio = '';
    form = await postAddressForm(client, fields, async (posted) => {
      const answer = await register(client, { ...posted, optin: posted['optin'] === 'on' });
      desafio = answer.desafio ?? '';
      return answer;
    });
    // Sent (to a new address or, with the same words, to one that has an account): the code step.
    if (form.notice && !form.notice.error && desafio)
      return {
        view: {
          form,
          company: false,
          login,
          code: { desafio, email: fields['email'] ?? '', notice: form.notice },
        },
      };
  }
  return {
    status: form.status,
    view: { form, company: form.values['pessoa'] === 'J', login },
  };
}

/** The code step: right, the new customer is logged in and goes on; wrong, the step again with why. */
async function confirmStep(
  visit: Visit,
  fields: Fields,
  back: string,
  login: string,
): Promise<Answer<Signup>> {
  const client = visitorClient(visit);
  const desafio = fields['desafio'] ?? '';
  const email = fields['email'] ?? '';
  try {
    await confirmSignup(client, desafio, fields['codigo'] ?? '');
    keepIssuedSession(visit, client);
    return redirect(back);
  } catch (error) {
    const { status, why } = fieldRefusal(error, 'codigo');
    return {
      status,
      view: {
        form: { values: { pessoa: 'F' }, errors: {} },
        company: false,
        login,
        code: { desafio, email, notice: { text: why, error: true }, error: why },
      },
    };
  }
}
