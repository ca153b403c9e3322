import { getUser, updateProfile } from '#/api/account.ts';
import type { User } from '#/contract/user.ts';
import type { Answer } from './answer.ts';
import { redirect } from './answer.ts';
import { postAddressForm } from './cep-fill.ts';
import type { AddressPost } from './cep-fill.ts';
import { postedFields, safeBack } from './fields.ts';
import type { Fields } from './fields.ts';
import { requireLogin, visitorClient } from './visit.ts';
import type { Visit } from './visit.ts';

export type Account = { user: User; form: AddressPost };

/**
 * The customer's account: profile and address, editable here. Sent here from the checkout to change the
 * address (`retorno`), the customer goes back to finish the order once it is saved.
 */
export async function accountPage(visit: Visit): Promise<Answer<Account>> {
  const client = visitorClient(visit);
  const login = await requireLogin(client, visit);
  if ('redirect' in login) return login;
  const fields = await postedFields(visit.request);
  if (!fields) return { view: { user: login.user, form: { values: profileValues(login.user), errors: {} } } };
  const form = await postAddressForm(client, fields, (posted) =>
    updateProfile(client, { ...posted, optin: posted['optin'] === 'on' }),
  );
  if (form.fill || form.notice?.error) return { status: form.status, view: { user: login.user, form } };
  const back = visit.url.searchParams.get('retorno');
  if (back) return redirect(safeBack(back, '/minha-conta/'));
  // Saved: the form shows what the platform now keeps.
  const user = await getUser(client);
  return { view: { user, form: { ...form, values: profileValues(user) } } };
}

/** The form's fields as the account has them now. */
function profileValues(user: User): Fields {
  const address = user.endereco.principal;
  return {
    nomeRazao: user.nomeRazao,
    celular: user.celular,
    cep: user.endereco.cep,
    logradouro: address.logradouro ?? '',
    numero: address.numero ?? '',
    complemento: address.complemento ?? '',
    bairro: address.bairro ?? '',
    cidade: address.cidade,
    uf: address.uf,
    optin: user.optin ? 'on' : '',
    inscricaoEstadual: user.inscricaoEstadual ?? '',
  };
}
