import { saveShippingTable, staffShippingTable } from '#/api/staff-shipping-table.ts';
import { REGION_KEYS } from '#/contract/shipping-table.ts';
import type { RegionRow, ShippingTableAnswer } from '#/contract/shipping-table.ts';
import type { Answer, FormOutcome, Notice } from './answer.ts';
import { redirect, refusal, refusalInRows, refusalLine } from './answer.ts';
import { postedFields } from './fields.ts';
import type { Fields } from './fields.ts';
import { typedNumber } from './panel-coupons.ts';
import { panelPage } from './panel.ts';
import type { PanelPage } from './panel.ts';
import type { Visit } from './visit.ts';

type FormView = FormOutcome | { values: Fields; errors: Record<string, never> };

export type ShippingView = { tabela: ShippingTableAnswer; form: FormView; notice: Notice | undefined };

/** The table's cells, in the order the form shows them. */
export const SHIPPING_FIELDS = [
  'primeiroItem',
  'itemAdicional',
  'kgIncluidos',
  'porKgAdicional',
  'dias',
  'gratisAPartirDe',
] as const satisfies readonly (keyof RegionRow)[];

const typed = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace('.', ','));

const valuesOf = (t: ShippingTableAnswer): Fields =>
  Object.fromEntries(
    REGION_KEYS.flatMap((r) => SHIPPING_FIELDS.map((f) => [`${f}-${r}`, typed(t.regioes[r][f])])),
  );

/** The form's cells as the staff API takes them: numbers read as typed ("24,90"), the rest sent to be refused. */
const tableOf = (fields: Fields) => ({
  regioes: Object.fromEntries(
    REGION_KEYS.map((r) => [
      r,
      Object.fromEntries(SHIPPING_FIELDS.map((f) => [f, typedNumber(fields[`${f}-${r}`]) ?? null])),
    ]),
  ),
});

/**
 * `/painel/frete` (owners): the store's own shipping table by region, what "Econômica" costs and takes when no
 * carrier is on or answers: the first item, each further item, each kg over what the price includes, the
 * working days, and from what value it is free.
 */
export async function panelShippingPage(visit: Visit): Promise<Answer<PanelPage<ShippingView>>> {
  return panelPage(visit, ['dono'], async (frame) => {
    const tabela = await staffShippingTable(frame.client);
    const fields = await postedFields(visit.request);
    if (!fields) {
      const notice =
        visit.url.searchParams.get('aviso') === 'salvo'
          ? { text: 'Tabela salva: as cotações da loja já usam os valores novos.', error: false }
          : undefined;
      return { view: { frame, content: { tabela, form: { values: valuesOf(tabela), errors: {} }, notice } } };
    }
    try {
      await saveShippingTable(frame.client, tableOf(fields));
      return redirect('/painel/frete?aviso=salvo');
    } catch (error) {
      const refused = refusalInRows(refusal(error), 'regioes', (region) => region);
      const notice = { text: refusalLine(refused, 'Confira os valores marcados na tabela.'), error: true };
      const form = { values: fields, errors: refused.fields, notice, status: refused.status };
      return { status: refused.status, view: { frame, content: { tabela, form, notice } } };
    }
  });
}
