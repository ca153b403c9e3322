import { addAddress, getAddresses, removeAddress } from '#/api/account.ts';
import { ACCOUNT_ADDRESS, MAX_ADDRESSES } from '#/contract/account.ts';
import type { Endereco } from '#/contract/account.ts';
import type { User } from '#/contract/user.ts';
import type { Answer } from './answer.ts';
import { redirect, refusal } from './answer.ts';
import { postAddressForm } from './cep-fill.ts';
import type { AddressPost } from './cep-fill.ts';
import { byAction, postedFields } from './fields.ts';
import { requireLogin, visitorClient } from './visit.ts';
import type { Visit } from './visit.ts';

export type AddressBook = {
  user: User;
  enderecos: Endereco[];
  /** The address chosen for this order (its id, as the checkout's URL carries it). */
  current: string;
  /** No room for another address. */
  full: boolean;
  /** The new-address form as posted, filled or refused; the line above the list. */
  form: AddressPost;
};

/**
 * Where the order goes: the customer's addresses (the account's first), 'Remover' for the added ones, and
 * a new one (its CEP fills the rest), saved and chosen at once. The choice travels in the checkout's URL
 * (`?endereco=id`); the platform checks the address is the customer's when the order is placed.
 */
export async function addressBookPage(visit: Visit): Promise<Answer<AddressBook>> {
  const client = visitorClient(visit);
  const login = await requireLogin(client, visit);
  if ('redirect' in login) return login;
  let form: AddressPost = { values: {}, errors: {} };
  let saved: Endereco | undefined;
  const fields = await postedFields(visit.request);
  if (fields)
    form = await byAction<AddressPost>(
      fields,
      {
        remover: async ({ id }) => {
          try {
            return {
              values: {},
              errors: {},
              notice: { text: (await removeAddress(client, Number(id))).mensagem, error: false },
            };
          } catch (error) {
            // Removed already (another tab), or not this customer's: said, nothing changes.
            const refused = refusal(error);
            return {
              values: {},
              errors: {},
              status: refused.status,
              notice: { text: refused.mensagem, error: true },
            };
          }
        },
      },
      (posted) =>
        postAddressForm(client, posted, async (address) => {
          const answer = await addAddress(client, address);
          saved = answer.endereco;
          return answer;
        }),
    );
  if (saved) return redirect(`/checkout/pagamento?endereco=${String(saved.id)}`);
  const enderecos = await getAddresses(client);
  return {
    status: form.status,
    view: {
      user: login.user,
      enderecos,
      current: visit.url.searchParams.get('endereco') ?? String(ACCOUNT_ADDRESS),
      full: enderecos.length > MAX_ADDRESSES,
      form,
    },
  };
}
