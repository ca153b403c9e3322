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
