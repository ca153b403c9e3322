// One concern: the seed's example company (config/store-settings.ts), which a store must never keep as its
// own: the owner's settings refuse it field by field, and the panel's setup list names what is still it.
import type { StoreConfig, StoreConfigField } from '#/contract/store-config.ts';
import { pixKeyOf } from '#/contract/store-config.ts';
import { digits, documentKey } from '#/contract/documents.ts';
import { STORE_SETTINGS } from '#/server/config/store-settings.ts';

const seed = STORE_SETTINGS.dadosSite;
const from = { logradouro: '', numero: '', cep: '', ...seed.remessa };
const words = (value: string) => value.toLowerCase().replace(/\s+/g, ' ').trim();

/** Each field that can still hold the seed's example, how to tell, and what the owner reads under it. */
const EXAMPLES: { field: StoreConfigField; isExample: (config: StoreConfig) => boolean; message: string }[] =
  [
    {
      field: 'razaoSocial',
      isExample: (c) => words(c.razaoSocial) === words(seed.razaoSocial),
      message: 'Esta é a razão social de exemplo da instalação. Informe a da sua empresa.',
    },
    {
      field: 'cnpj',
      isExample: (c) => documentKey(c.cnpj) === documentKey(seed.cnpj),
      message: 'Este é o CNPJ de exemplo da instalação. Informe o CNPJ da sua empresa.',
    },
    {
      field: 'endereco',
      isExample: (c) => words(c.endereco) === words(seed.endereco),
      message: 'Este é o endereço de exemplo da instalação. Informe o da sua empresa.',
    },
    {
      field: 'telefone',
      isExample: (c) => digits(c.telefone).endsWith(digits(seed.telefone)),
      message: 'Este é o telefone de exemplo da instalação. Informe o da loja.',
    },
    {
      field: 'whatsapp',
      isExample: (c) => digits(c.whatsapp).endsWith(digits(seed.whatsapp).slice(2)),
      message: 'Este é o WhatsApp de exemplo da instalação. Informe o da loja.',
    },
    {
      field: 'emailAtendimento',
      isExample: (c) => words(c.emailAtendimento) === STORE_SETTINGS.emailContato.email,
      message: 'Este é o e-mail de exemplo da instalação. Informe um e-mail que a loja lê.',
    },
    {
      field: 'pixChave',
      isExample: (c) => pixKeyOf(c.pixChave)?.key === STORE_SETTINGS.pagamentos.pix.chave,
      message:
        'Esta é a chave Pix de exemplo da instalação: o Pix iria para a conta de outra pessoa. Informe a chave da loja.',
    },
    {
      // The city the payer's bank shows next to the store's name: the example's, while the store ships from
      // another city, is the example's left behind (a store in that city keeps it, rightly).
      field: 'pixCidade',
      isExample: (c) =>
        words(c.pixCidade) === words(STORE_SETTINGS.pagamentos.pix.cidade) &&
        words(c.remessaCidade) !== words(STORE_SETTINGS.pagamentos.pix.cidade),
      message:
        'Esta é a cidade da loja de exemplo da instalação. Informe a cidade da conta Pix da loja (a que o banco do cliente mostra).',
    },
    {
      field: 'remessaLogradouro',
      isExample: (c) =>
        words(c.remessaLogradouro) === words(from.logradouro) &&
        words(c.remessaNumero) === words(from.numero) &&
        digits(c.remessaCep) === from.cep,
      message: 'Este é o endereço de exemplo da instalação. Informe de onde saem as encomendas da loja.',
    },
  ];

/** The fields of `config` that still hold the seed's example, each with what the owner reads. */
export function exampleFields(
  config: StoreConfig,
  fixed: Partial<Record<StoreConfigField, string>> = {},
): Partial<Record<StoreConfigField, string>> {
  const found: Partial<Record<StoreConfigField, string>> = {};
  for (const { field, isExample, message } of EXAMPLES)
    if (fixed[field] === undefined && isExample(config)) found[field] = message;
  return found;
}
