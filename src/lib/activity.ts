import type { Entidade } from '#/contract/activity.ts';

/** What each kind of change is called in the panel. */
export const ENTITY_LABELS: Record<Entidade, string> = {
  pedido: 'Pedidos',
  cupom: 'Cupons',
  estoque: 'Estoque',
  avaliacao: 'Avaliações',
  membro: 'Equipe',
  produto: 'Produtos',
  mensagem: 'Mensagens',
  configuracao: 'Configurações',
  marca: 'Marcas',
  categoria: 'Categorias',
  acabamento: 'Acabamentos',
  cliente: 'Clientes',
  retirada: 'Retirada',
  pagina: 'Página',
  banner: 'Banner',
  menu: 'Menu',
  popup: 'Aviso',
  vitrine: 'Vitrines',
};

/**
 * A message's id in the activity as the team reads it: the inbox's `formulario-12` is "Formulário nº 12", a
 * sent e-mail's UUID is "E-mail", each with the panel page that lists it.
 */
export function messageEntry(id: string): { href: string; text: string } {
  const [, source, rest = ''] = /^(formulario|avaliacao|newsletter|resposta-pronta)-(.+)$/.exec(id) ?? [];
  const page = `/painel/mensagens/${encodeURIComponent(id)}`;
  if (source === 'formulario') return { href: page, text: `Formulário nº ${rest}` };
  if (source === 'avaliacao') return { href: page, text: `Avaliação da loja nº ${rest}` };
  if (source === 'newsletter') return { href: '/painel/mensagens', text: `Newsletter: ${rest}` };
  if (source === 'resposta-pronta')
    return { href: '/painel/mensagens/respostas-prontas', text: `Resposta pronta nº ${rest}` };
  return { href: '/painel/envios', text: 'E-mail da loja' };
}
