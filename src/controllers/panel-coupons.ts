import { createCoupon, staffCoupons, updateCoupon } from '#/api/staff.ts';
import type { CouponAdmin, CouponOptions } from '#/contract/coupon.ts';
import type { Answer, FormOutcome, Notice } from './answer.ts';
import { redirect, refusal, refusalLine } from './answer.ts';
import { byAction, fieldsOf } from './fields.ts';
import type { Fields } from './fields.ts';
import { panelPage } from './panel.ts';
import type { PanelPage } from './panel.ts';
import type { Visit } from './visit.ts';

const DONE: Partial<Record<string, string>> = { criado: 'criado', ligado: 'ligado', desligado: 'desligado' };

export type CouponsView = {
  cupons: CouponAdmin[];
  opcoes: CouponOptions;
  form: FormOutcome | undefined;
  notice: Notice | undefined;
};

/** "10", "10,5", "1.234,56" or "1234.56" → a number; anything else is sent as it is for the platform to refuse. */
export function typedNumber(value: string | undefined): number | string | undefined {
  const text = (value ?? '').trim();
  if (text === '') return undefined;
  const plain = text.includes(',') ? text.replace(/\./g, '').replace(',', '.') : text;
  return /^\d+(\.\d+)?$/.test(plain) ? Number(plain) : text;
}

/** A date field (aaaa-mm-dd) as the start or the end of that day in Brasília, or null when empty. */
const day = (value: string | undefined, end: boolean): string | null =>
  value ? `${value}T${end ? '23:59:59' : '00:00:00'}-03:00` : null;

const whole = (value: string | undefined): number | string | null => typedNumber(value) ?? null;

/** The new-coupon form's fields as the staff API takes them (the platform checks each, in Portuguese). */
function couponOf(f: Fields): Record<string, unknown> {
  return {
    codigo: f['codigo'] ?? '',
    descricao: f['descricao'] ?? '',
    tipo: f['tipo'] ?? '',
    valor: f['tipo'] === 'frete-gratis' ? 0 : (typedNumber(f['valor']) ?? 0),
    inicio: day(f['inicio'], false),
    fim: day(f['fim'], true),
    valorMinimo: typedNumber(f['valorMinimo']) ?? 0,
    primeiraCompra: f['primeiraCompra'] === 'on',
    usosPorCliente: whole(f['usosPorCliente']),
    usosMaximos: whole(f['usosMaximos']),
    restricao: restrictionOf(f),
  };
}

/** The names the restriction's checkboxes post. */
export const RESTRICTION_FIELDS = ['categorias', 'marcas', 'acabamentos'] as const;

function restrictionFields(form: FormData): Fields {
  const fields: Fields = {};
  for (const name of RESTRICTION_FIELDS) {
    const values = form
      .getAll(name)
      .filter((v): v is string => typeof v === 'string' && /^[\w-]{1,40}$/.test(v))
      .slice(0, 100);
    if (values.length > 0) fields[name] = values.join(',');
  }
  return fields;
}

/** The ticked categories, brands and finishes as the staff API takes them (ids as numbers). */
function restrictionOf(f: Fields): Record<string, (string | number)[]> {
  const list = (name: string) => (f[name] ? (f[name] ?? '').split(',') : []);
  const ids = (name: string) => list(name).map((v) => (/^\d{1,9}$/.test(v) ? Number(v) : v));
  const restriction: Record<string, (string | number)[]> = {};
  if (list('categorias').length > 0) restriction['categorias'] = ids('categorias');
  if (list('marcas').length > 0) restriction['marcas'] = ids('marcas');
  if (list('acabamentos').length > 0) restriction['acabamentos'] = list('acabamentos');
  return restriction;
}

/**
 * `/painel/cupons` (`catalogo` and owners): every coupon with its uses so far; create one; switch one off
 * or on. What a coupon may be is the platform's to check: a refusal comes back under the form.
 */
export async function panelCouponsPage(visit: Visit): Promise<Answer<PanelPage<CouponsView>>> {
  return panelPage<CouponsView>(visit, ['catalogo'], async (frame) => {
    const posted =
      visit.request.method === 'POST' ? await visit.request.formData().catch(() => undefined) : undefined;
    // The restriction's checkboxes post one value each; kept joined by commas, to tick them again on a refusal.
    const fields = posted && { ...fieldsOf(posted), ...restrictionFields(posted) };
    let form: FormOutcome | undefined;
    let notice: Notice | undefined;
    let status: number | undefined;
    if (fields)
      try {
        return await byAction<Answer<PanelPage<CouponsView>>>(
          fields,
          {
            ligar: async ({ codigo = '' }) => {
              await updateCoupon(frame.client, codigo, { ativo: true });
              return redirect(`/painel/cupons?feito=ligado&codigo=${encodeURIComponent(codigo)}`);
            },
            desligar: async ({ codigo = '' }) => {
              await updateCoupon(frame.client, codigo, { ativo: false });
              return redirect(`/painel/cupons?feito=desligado&codigo=${encodeURIComponent(codigo)}`);
            },
          },
          async (f) => {
            const { cupom } = await createCoupon(frame.client, couponOf(f));
            return redirect(`/painel/cupons?feito=criado&codigo=${encodeURIComponent(cupom.codigo)}`);
          },
        );
      } catch (error) {
        const refused = refusal(error);
        status = refused.status;
        const text = refusalLine(refused);
        if (fields['acao'] === 'ligar' || fields['acao'] === 'desligar') notice = { text, error: true };
        else form = { values: fields, errors: refused.fields, status, notice: { text, error: true } };
      }
    else {
      const done = visit.url.searchParams.get('feito');
      const codigo = (visit.url.searchParams.get('codigo') ?? '').slice(0, 40);
      const said = DONE[done ?? ''];
      if (said && codigo) notice = { text: `Cupom ${codigo} ${said}.`, error: false };
    }
    const { cupons, opcoes } = await staffCoupons(frame.client);
    return { status, view: { frame, content: { cupons, opcoes, form, notice } } };
  });
}
