// One concern: a shopper as the platform describes one (`GET checkout/user`).
import type { User } from '#/contract/user.ts';
import { accountAddressOf } from './customers.ts';
import type { Customer } from './customers.ts';

/** An anonymous visitor as the platform describes one (the CEP is the session's, if given). */
export function anonymousUser(cep: string): User {
  return {
    id: 0,
    nomeRazao: '',
    nomeFantasia: '',
    celular: '',
    telefone: '',
    email: '',
    pessoa: '',
    sexo: '',
    nascimento: '',
    revendedor: false,
    logado: false,
    loginFacilitado: false,
    primeiraCompra: true,
    optin: false,
    ativo: false,
    endereco: { cep, principal: { cep, cidade: '', uf: '', pais: 'BR' } },
    pontos: { valorTotal: { quantidade: 0, valorEmMoeda: 0 } },
    representantes: [],
    vendaInterna: { ativo: false, vendedor: '' },
    userHash: {},
  };
}

/** A logged-in customer in the platform's shape. */
export function customerUser(customer: Customer, cep: string): User {
  const address = accountAddressOf(customer);
  const own = customer.address.cep ?? cep;
  return {
    ...anonymousUser(own),
    id: customer.id,
    nomeRazao: customer.name,
    email: customer.email,
    celular: customer.phone,
    pessoa: customer.pessoa === 'J' ? 'J' : 'F',
    sexo: (['m', 'f', 'o', 'i'] as const).find((s) => s === customer.sexo) ?? '',
    nascimento: customer.birthDate,
    inscricaoEstadual: customer.stateRegistration,
    logado: true,
    ativo: true,
    optin: customer.optin,
    endereco: {
      cep: own,
      principal: {
        cep: own,
        cidade: address.cidade,
        uf: address.uf,
        pais: 'BR',
        logradouro: address.logradouro,
        numero: address.numero,
        complemento: address.complemento,
        bairro: address.bairro,
      },
    },
    vendaInterna: { ativo: customer.internalSeller !== '', vendedor: customer.internalSeller },
  };
}
