import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import {
  COUPONS_PER_PAGE,
  couponCodeSchema,
  couponCreateSchema,
  couponState,
  couponUpdateSchema,
  staffCouponQuerySchema,
} from '#/contract/coupon.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { notFound, refuseByField } from '#/server/errors.ts';
import { couponOptions, createCoupon, listCoupons, updateCoupon } from '#/server/promotions/staff.ts';
import { historyOf, recorded } from '#/server/staff/audit.ts';

/**
 * The store's team manages coupons (`/v2/admin/coupons`, behind ADMIN_TOKEN; see middleware.ts): list,
 * create, change and switch off (`PUT {"ativo": false}`); a coupon with uses is never deleted.
 */
export const staffCoupons = new Hono<PlatformEnv>();

/**
 * A coupon refused field by field (400 with `erros`: each field's first problem, the restriction's under
 * `marcas`, `categorias`…), so the panel says each under its own field, not one at a time.
 */
const refusal = (fallback: string) =>
  refuseByField(fallback, ([first, second]) => (first === 'restricao' ? second : first));

staffCoupons.get(
  '/',
  zValidator('query', staffCouponQuerySchema, refuseByField('Filtro inválido.')),
  async (c) => {
    const { db } = c.get('config');
    const query = c.req.valid('query');
    const [all, opcoes] = await Promise.all([listCoupons(db), couponOptions(db)]);
    const now = Date.now();
    const text = query.q?.toLowerCase();
    const matching = all.filter(
      (cupom) =>
        (!query.codigo || cupom.codigo === query.codigo.toUpperCase()) &&
        (!query.situacao || couponState(cupom, now) === query.situacao) &&
        (!text || cupom.codigo.toLowerCase().includes(text) || cupom.descricao.toLowerCase().includes(text)),
    );
    const start = (query.pagina - 1) * COUPONS_PER_PAGE;
    const one = query.codigo ? matching[0] : undefined;
    return c.json({
      ...(one ? { historico: await historyOf(db, [{ entity: 'cupom', ids: [one.codigo] }], 30) } : {}),
      cupons: matching.slice(start, start + COUPONS_PER_PAGE),
      opcoes,
      total: matching.length,
      pagina: query.pagina,
      paginas: Math.max(1, Math.ceil(matching.length / COUPONS_PER_PAGE)),
    });
  },
);

staffCoupons.post('/', zValidator('json', couponCreateSchema, refusal('Cupom inválido.')), async (c) => {
  const { db } = c.get('config');
  const cupom = await recorded(
    db,
    (tx) => createCoupon(tx, c.req.valid('json')),
    (made) => ({
      actor: c.get('actor'),
      action: 'cupom.criar',
      entity: 'cupom',
      entityId: made.codigo,
      before: null,
      after: made,
    }),
  );
  return c.json({ cupom }, 201);
});

staffCoupons.put(
  '/:code',
  zValidator('json', couponUpdateSchema, refusal('Alteração inválida.')),
  async (c) => {
    const code = couponCodeSchema.safeParse(c.req.param('code'));
    if (!code.success) throw notFound('Cupom não encontrado.');
    const { db } = c.get('config');
    const { after } = await recorded(
      db,
      (tx) => updateCoupon(tx, code.data, c.req.valid('json')),
      (change) => ({
        actor: c.get('actor'),
        action: 'cupom.alterar',
        entity: 'cupom',
        entityId: change.after.codigo,
        before: change.before,
        after: change.after,
      }),
    );
    return c.json({ cupom: after });
  },
);
