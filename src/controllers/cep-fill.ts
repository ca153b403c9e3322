import { lookupCep } from '#/api/address.ts';
import { ApiError } from '#/api/core.ts';
import type { Client } from '#/api/core.ts';
import { formatCep } from '#/contract/address.ts';
import { CEP_ACTION } from '#/lib/form-actions.ts';
import { submitFields } from './answer.ts';
import type { Notice } from './answer.ts';
import type { Fields } from './fields.ts';

/**
 * The address forms' "Buscar endereço" button, for a browser without JavaScript (with it, an inline
 * script does the same as the CEP is typed: CEP_FILL): the form comes back with street, district, city
 * and state filled from the CEP, nothing saved, and the focus on the first field left to the shopper.
 */

export type CepFill = {
  values: Fields;
  errors: Readonly<Record<string, string>>;
  /** What the status line under the CEP says. */
  status: string;
  /** The field that takes the focus. */
  focus: string;
};

export const CEP_UNREACHABLE = 'Não conseguimos consultar o CEP agora. Preencha o endereço abaixo.';

/** The posted form filled from its CEP, or undefined when the form was posted to be saved. */
export async function fillFromCep(client: Client, values: Fields): Promise<CepFill | undefined> {
  if (values['acao'] !== CEP_ACTION) return undefined;
  try {
    const found = await lookupCep(client, values['cep'] ?? '');
    const next: Fields = { ...values, cep: formatCep(found.cep) };
    for (const key of ['logradouro', 'bairro', 'cidade', 'uf'] as const)
      if (found[key]) next[key] = found[key];
    const place = [found.logradouro, found.bairro, found.cidade && `${found.cidade}/${found.uf}`]
      .filter(Boolean)
      .join(', ');
    return {
      values: next,
      errors: {},
      status: `Endereço encontrado: ${place || found.uf}. ${found.logradouro ? 'Informe o número.' : 'Complete a rua e o bairro.'}`,
      focus: found.logradouro ? 'numero' : 'logradouro',
    };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const mensagem = error.status >= 500 || error.status === 429 ? CEP_UNREACHABLE : error.mensagem;
    return { values, errors: { cep: mensagem }, status: '', focus: 'cep' };
  }
}

/** What an address form's post gave: the form filled from its CEP, or saved, or refused field by field. */
export type AddressPost = {
  values: Fields;
  errors: Readonly<Record<string, string>>;
  notice?: Notice | undefined;
  status?: number | undefined;
  /** The lookup's line under the CEP and the field to focus, when 'Buscar' was pressed. */
  fill?: CepFill | undefined;
};

/** An address form's post (sign-up, account, address book): 'Buscar' fills it, any other button saves it. */
export async function postAddressForm(
  client: Client,
  posted: Fields,
  save: (fields: Fields) => Promise<{ mensagem: string }>,
): Promise<AddressPost> {
  const fill = await fillFromCep(client, posted);
  if (fill) return { values: fill.values, errors: fill.errors, fill };
  return submitFields(posted, save);
}
