// Melhor Envio on loopback, for the tests: its API as https://docs.melhorenvio.com.br/reference documents it
// ("Cálculo de fretes", "Inserir fretes no carrinho", "Compra de fretes", "Geração de etiquetas", "Impressão de
// etiquetas", "Cancelamento de etiquetas", "Rastreio de envios", "Refresh token"): a Bearer token that can expire and be renewed, a
// `User-Agent` naming the application and a contact e-mail on every call, and the label PDFs. What the store
// sends is checked with src/server/carriers/melhorenvio/spec.ts; mismatches, and a second label paid for the
// same order, are kept in `violations` for the test to assert empty.
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJson, sendJson, serveOnLoopback } from './loopback.ts';
import {
  calculateRequestSchema,
  cancelRequestSchema,
  cartRequestSchema,
  ordersRequestSchema,
  printRequestSchema,
  refreshRequestSchema,
} from '#/server/carriers/melhorenvio/spec.ts';
import type { CartRequest } from '#/server/carriers/melhorenvio/spec.ts';

export type FakeMelhorEnvio = Awaited<ReturnType<typeof startFakeMelhorEnvio>>;

type Shipment = {
  id: string;
  cart: CartRequest;
  status: 'pending' | 'released' | 'generated' | 'posted' | 'delivered' | 'canceled';
  tracking: string | null;
  postedAt: string | null;
  deliveredAt: string | null;
};

/** The services it quotes: a cheap slow one and a dear fast one, priced by weight. */
const SERVICES = [
  { id: 1, name: 'PAC', company: { id: 1, name: 'Correios' }, base: 18.4, perKg: 2.1, days: 7 },
  { id: 2, name: 'SEDEX', company: { id: 1, name: 'Correios' }, base: 29.9, perKg: 4.4, days: 2 },
  { id: 3, name: '.Package', company: { id: 2, name: 'Jadlog' }, base: 0, perKg: 0, days: 0 },
];

export async function startFakeMelhorEnvio() {
  const clientId = String(1000 + Math.floor(Math.random() * 9000));
  const clientSecret = randomBytes(12).toString('hex');
  let access = randomBytes(16).toString('hex');
  let refresh = randomBytes(16).toString('hex');
  const shipments = new Map<string, Shipment>();
  const violations: string[] = [];
  const calls: { path: string; status: number }[] = [];
  /** `dropCheckoutAnswer`: the next checkouts are paid, then the connection breaks before the answer. */
  const state = { down: false, delayMs: 0, nonsense: false, failGenerate: false, dropCheckoutAnswer: false };
  let origin = '';

  const check = <T>(
    what: string,
    schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false; error: unknown } },
    body: unknown,
  ): T | undefined => {
    const parsed = schema.safeParse(body);
    if (parsed.success) return parsed.data;
    violations.push(`${what}: ${JSON.stringify(parsed.error)}`.slice(0, 500));
    return undefined;
  };
  const ids = (body: unknown) => check('orders', ordersRequestSchema, body)?.orders ?? [];

  async function handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<number> {
    if (req.method === 'GET' && path.startsWith('/etiquetas/')) {
      res.writeHead(200, { 'Content-Type': 'application/pdf' });
      res.end('%PDF-1.4\n% etiqueta de teste\n%%EOF\n');
      return 200;
    }
    const agent = req.headers['user-agent'] ?? '';
    if (!/^.+ \(.+@.+\)$/.test(agent))
      violations.push(`${path}: User-Agent sem aplicação e e-mail (${agent})`);
    if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    if (state.down) {
      sendJson(res, 500, { message: 'Server Error' });
      return 500;
    }
    if (req.method === 'POST' && path === '/oauth/token') {
      const asked = check('POST /oauth/token', refreshRequestSchema, await readJson(req));
      if (
        asked?.refresh_token !== refresh ||
        asked.client_id !== clientId ||
        asked.client_secret !== clientSecret
      ) {
        sendJson(res, 401, { error: 'invalid_grant', message: 'The refresh token is invalid.' });
        return 401;
      }
      access = randomBytes(16).toString('hex');
      refresh = randomBytes(16).toString('hex');
      sendJson(res, 200, {
        token_type: 'Bearer',
        expires_in: 2_592_000,
        access_token: access,
        refresh_token: refresh,
      });
      return 200;
    }
    if (req.headers.authorization !== `Bearer ${access}`) {
      sendJson(res, 401, { message: 'Unauthenticated.' });
      return 401;
    }
    if (state.nonsense) {
      sendJson(res, 200, { resultado: 'talvez' });
      return 200;
    }
    // "Listar informações do usuário" (GET /api/v2/me): the account the token belongs to.
    if (req.method === 'GET' && path === '/api/v2/me') {
      sendJson(res, 200, {
        id: 'conta-teste',
        firstname: 'Loja',
        lastname: 'de Teste',
        email: 'loja@example.com',
      });
      return 200;
    }
    const body = await readJson(req);
    if (path === '/api/v2/me/shipment/calculate') {
      const asked = check('POST /shipment/calculate', calculateRequestSchema, body);
      if (!asked) {
        sendJson(res, 422, { message: 'The given data was invalid.' });
        return 422;
      }
      const kg = asked.products.reduce((sum, p) => sum + p.weight * p.quantity, 0);
      const box = asked.products[0];
      sendJson(
        res,
        200,
        SERVICES.map((s) =>
          s.base === 0
            ? { id: s.id, name: s.name, company: s.company, error: 'Serviço indisponível para o trecho.' }
            : {
                id: s.id,
                name: s.name,
                company: s.company,
                price: (s.base + s.perKg * kg).toFixed(2),
                custom_price: (s.base + s.perKg * kg).toFixed(2),
                delivery_time: s.days,
                custom_delivery_time: s.days,
                packages: [
                  {
                    dimensions: {
                      height: box?.height ?? 10,
                      width: box?.width ?? 10,
                      length: box?.length ?? 10,
                    },
                    weight: kg.toFixed(2),
                  },
                ],
              },
        ),
      );
      return 200;
    }
    if (path === '/api/v2/me/cart') {
      const cart = check('POST /cart', cartRequestSchema, body);
      if (!cart) {
        sendJson(res, 422, { message: 'The given data was invalid.' });
        return 422;
      }
      const tag = cart.options.tags[0]?.tag ?? '';
      const paidBefore = [...shipments.values()].some(
        (s) => s.cart.options.tags[0]?.tag === tag && s.status !== 'pending' && s.status !== 'canceled',
      );
      if (paidBefore) violations.push(`POST /cart: uma segunda etiqueta para ${tag}`);
      const id = randomUUID();
      shipments.set(id, { id, cart, status: 'pending', tracking: null, postedAt: null, deliveredAt: null });
      const service = SERVICES.find((s) => s.id === cart.service);
      const kg = cart.volumes.reduce((sum, v) => sum + v.weight, 0);
      sendJson(res, 201, {
        id,
        protocol: `ORD-${id.slice(0, 8)}`,
        service_id: cart.service,
        price: ((service?.base ?? 0) + (service?.perKg ?? 0) * kg).toFixed(2),
        status: 'pending',
      });
      return 201;
    }
    if (path === '/api/v2/me/shipment/checkout') {
      for (const id of ids(body)) {
        const s = shipments.get(id);
        if (s?.status !== 'pending') violations.push(`checkout: ${id} não está no carrinho`);
        else s.status = 'released';
      }
      if (state.dropCheckoutAnswer) {
        res.socket?.destroy();
        return 0;
      }
      sendJson(res, 200, { purchase: { id: randomUUID(), status: 'paid' } });
      return 200;
    }
    if (path === '/api/v2/me/shipment/generate') {
      const answer: Record<string, { status: boolean; message: string }> = {};
      for (const id of ids(body)) {
        const s = shipments.get(id);
        if (state.failGenerate || !s || (s.status !== 'released' && s.status !== 'generated'))
          answer[id] = { status: false, message: 'Envio não pago' };
        else {
          s.status = 'generated';
          s.tracking ??= `ME${String(Date.now()).slice(-9)}BR`;
          answer[id] = { status: true, message: 'Envio gerado com sucesso' };
        }
      }
      sendJson(res, 200, answer);
      return 200;
    }
    if (path === '/api/v2/me/shipment/cancel') {
      const asked = check('POST /shipment/cancel', cancelRequestSchema, body);
      const s = asked ? shipments.get(asked.order.id) : undefined;
      if (!asked || !s) {
        sendJson(res, 422, { message: 'Envio não encontrado' });
        return 422;
      }
      // Posted or delivered: the carrier has it, nothing to cancel.
      const canceled = s.status !== 'posted' && s.status !== 'delivered';
      if (canceled) s.status = 'canceled';
      sendJson(res, 200, { [s.id]: { canceled } });
      return 200;
    }
    if (path === '/api/v2/me/shipment/print') {
      const asked = check('POST /shipment/print', printRequestSchema, body);
      sendJson(res, 200, { url: `${origin}/etiquetas/${asked?.orders[0] ?? 'x'}.pdf` });
      return 200;
    }
    if (path === '/api/v2/me/shipment/tracking') {
      const answer: Record<string, unknown> = {};
      for (const id of ids(body)) {
        const s = shipments.get(id);
        if (s)
          answer[id] = {
            id,
            status: s.status,
            tracking: s.tracking,
            posted_at: s.postedAt,
            delivered_at: s.deliveredAt,
          };
      }
      sendJson(res, 200, answer);
      return 200;
    }
    sendJson(res, 404, { message: 'Not Found' });
    return 404;
  }

  const server = await serveOnLoopback((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    handle(req, res, path).then(
      (status) => calls.push({ path, status }),
      (error: unknown) => {
        if (req.destroyed || res.destroyed) return;
        violations.push(`fake failed: ${String(error)}`);
        sendJson(res, 500, { message: 'Server Error' });
      },
    );
  });
  origin = server.origin;
  return {
    apiUrl: origin,
    clientId,
    clientSecret,
    token: () => access,
    refreshToken: () => refresh,
    shipments,
    calls,
    violations,
    state,
    /** The access token stops working (as after its 30 days). */
    expire: () => {
      access = randomBytes(16).toString('hex');
    },
    /** The carrier scans the parcel in, then delivers it. */
    post: (id: string, at = new Date()) => {
      const s = shipments.get(id);
      if (s) Object.assign(s, { status: 'posted', postedAt: at.toISOString() });
    },
    /** The shipment is cancelled at the carrier (by the team at Melhor Envio, or the carrier itself). */
    cancel: (id: string) => {
      const s = shipments.get(id);
      if (s) s.status = 'canceled';
    },
    deliver: (id: string, at = new Date()) => {
      const s = shipments.get(id);
      if (s) Object.assign(s, { status: 'delivered', deliveredAt: at.toISOString() });
    },
    env: () => ({
      MELHORENVIO_TOKEN: access,
      MELHORENVIO_API_URL: origin,
      MELHORENVIO_CLIENT_ID: clientId,
      MELHORENVIO_CLIENT_SECRET: clientSecret,
      MELHORENVIO_REFRESH_TOKEN: refresh,
    }),
    close: server.close,
  };
}
