import { describe, expect, test } from 'vitest';
import { filterRequests, staffRequestQuerySchema } from '#/contract/rights.ts';
import type { StaffRequests } from '#/contract/rights.ts';

/** Solicitações on the list shape: the kind, whether it waits for the store, an order or a customer. */

const withdrawal = (
  pedido: number,
  situacao: StaffRequests['desistencias'][number]['situacao'],
  cliente: string,
) => ({
  pedido,
  cliente,
  email: `${cliente.toLowerCase().replace(/\s/g, '.')}@exemplo.com.br`,
  total: 100,
  pagamento: 'pix',
  motivo: '',
  pedidaEm: '2026-11-20T12:00:00.000Z',
  prazo: '2026-11-30T12:00:00.000Z',
  situacao,
  situacaoLabel: situacao,
  devolucao: 'banco' as const,
  enviado: true,
  estoqueDevolvido: false,
});
const list: StaffRequests = {
  desistencias: [withdrawal(1042, 'recebida', 'Ana Lima'), withdrawal(1043, 'concluida', 'Bruno Reis')],
  exclusoes: [
    {
      id: 7,
      cliente: 'Carla Souza',
      email: 'carla@exemplo.com.br',
      pedidaEm: '2026-11-21T12:00:00.000Z',
      prazo: '2026-12-06T12:00:00.000Z',
      situacao: 'aberta',
      decididaEm: null,
      motivo: '',
      pedidosEmAndamento: 0,
    },
  ],
};
const filtered = (query: Record<string, string>) =>
  filterRequests(list, staffRequestQuerySchema.parse(query));

describe('the requests list', () => {
  test('filters by kind, by what waits for the store, and by an order number, name or e-mail', () => {
    expect(filtered({}).desistencias).toHaveLength(2);
    expect(filtered({ tipo: 'exclusoes' })).toEqual({ desistencias: [], exclusoes: list.exclusoes });
    expect(filtered({ situacao: 'abertas' }).desistencias.map((d) => d.pedido)).toEqual([1042]);
    expect(filtered({ situacao: 'encerradas' })).toMatchObject({ exclusoes: [] });
    expect(filtered({ q: '1043' }).desistencias.map((d) => d.pedido)).toEqual([1043]);
    expect(filtered({ q: 'CARLA@' })).toEqual({ desistencias: [], exclusoes: list.exclusoes });
  });

  test('a filter it does not know is refused', () => {
    for (const query of [{ tipo: 'todas' }, { situacao: 'aberta' }, { q: 'x'.repeat(101) }])
      expect(staffRequestQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
  });
});
