// One concern: quoting, buying, printing and tracking shipments at Melhor Envio with the store's token
// (renewed by its refresh token when it expires), believing only answers that follow its reference (spec.ts).
import type { z } from 'zod';
import type {
  CarrierQuote,
  ParcelAddress,
  ShipmentState,
  ShippingProvider,
} from '#/server/carriers/provider.ts';
import { providerFailure, ProviderError, sendToProvider } from '#/server/payments/http.ts';
import {
  calculateAnswerSchema,
  cancelAnswerSchema,
  cartAnswerSchema,
  checkoutAnswerSchema,
  generateAnswerSchema,
  meSchema,
  printAnswerSchema,
  tokenAnswerSchema,
  trackingAnswerSchema,
  type CartRequest,
} from './spec.ts';

/** Melhor Envio's sandbox (labels with no value, for trying it). Production: https://melhorenvio.com.br. */
export const MELHORENVIO_SANDBOX_URL = 'https://sandbox.melhorenvio.com.br';

/** The access and refresh tokens in force, kept where every instance reads them (the refresh token rotates). */
export type TokenStore = {
  read: () => Promise<{ access: string; refresh: string } | undefined>;
  write: (tokens: { access: string; refresh: string }) => Promise<void>;
};

export type MelhorEnvioOptions = {
  token: string;
  apiUrl?: string | undefined;
  /** OAuth2 application and refresh token: with them an expired access token is renewed. */
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  refreshToken?: string | undefined;
  tokens?: TokenStore | undefined;
  /** "App name (technical contact e-mail)", as the API asks every request to say. */
  userAgent: () => Promise<string>;
  timeoutMs?: number | undefined;
};

/** A quote waits at most this long: a page that shows quotes never hangs on the provider. */
const QUOTE_MS = 2000;

const grams = (g: number) => Math.max(0.01, Math.round(g) / 1000);
const reais = (value: string | number | undefined) => Number(value ?? Number.NaN);

const party = (a: ParcelAddress): CartRequest['from'] => {
  const doc = a.document.toUpperCase().replace(/[^0-9A-Z]/g, '');
  const phone = a.phone.replace(/\D/g, '').replace(/^55(?=\d{10,11}$)/, '');
  return {
    name: a.name.slice(0, 100),
    ...(/^\d{10,11}$/.test(phone) ? { phone } : {}),
    email: a.email,
    ...(doc.length === 14 ? { company_document: doc } : { document: doc }),
    ...(a.stateRegistration && doc.length === 14 ? { state_register: a.stateRegistration } : {}),
    address: a.street.slice(0, 100),
    ...(a.complement ? { complement: a.complement.slice(0, 60) } : {}),
    number: a.number.slice(0, 20),
    district: a.district.slice(0, 60),
    city: a.city.slice(0, 60),
    state_abbr: a.uf,
    country_id: 'BR',
    postal_code: a.cep,
  };
};

export function createMelhorEnvio(options: MelhorEnvioOptions): ShippingProvider {
  const base = (options.apiUrl ?? MELHORENVIO_SANDBOX_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 5000;
  let renewing: Promise<string> | undefined;

  const access = async () => (await options.tokens?.read())?.access ?? options.token;

  /** Renew the access token once, whoever asks at the same time; the new pair is kept for every instance. */
  const renew = () =>
    (renewing ??= (async () => {
      const refresh = (await options.tokens?.read())?.refresh ?? options.refreshToken;
      if (!refresh || !options.clientId || !options.clientSecret)
        throw new ProviderError('rejected', 401, 'Token do Melhor Envio expirado e sem como renová-lo');
      const res = await sendToProvider({
        url: `${base}/oauth/token`,
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'User-Agent': await options.userAgent(),
        },
        body: JSON.stringify({
          grant_type: 'refresh_token',
          refresh_token: refresh,
          client_id: options.clientId,
          client_secret: options.clientSecret,
        }),
        timeoutMs,
      });
      const parsed = tokenAnswerSchema.safeParse(res.json);
      if (res.status !== 200 || !parsed.success)
        throw new ProviderError('rejected', 401, 'O Melhor Envio não renovou o token');
      await options.tokens?.write({ access: parsed.data.access_token, refresh: parsed.data.refresh_token });
      return parsed.data.access_token;
    })().finally(() => {
      renewing = undefined;
    }));

  async function call<S extends z.ZodType>(
    path: string,
    schema: S,
    body?: unknown,
    ms = timeoutMs,
  ): Promise<z.infer<S>> {
    const what = `POST ${path}`;
    const send = async (token: string) =>
      sendToProvider({
        url: `${base}/api/v2/me${path}`,
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'User-Agent': await options.userAgent(),
        },
        body: JSON.stringify(body ?? {}),
        timeoutMs: ms,
      });
    let res = await send(await access());
    if (res.status === 401) res = await send(await renew());
    if (res.status !== 200 && res.status !== 201) throw providerFailure(what, res.status, res.json);
    const parsed = schema.safeParse(res.json);
    if (!parsed.success) throw new ProviderError('invalid_answer', 502, `${what}: resposta fora do padrão`);
    return parsed.data;
  }

  return {
    name: 'melhorenvio',
    // "Listar informações do usuário" (GET /api/v2/me): the token works, and whose account it opens.
    probe: async () => {
      const send = async (token: string) =>
        sendToProvider({
          url: `${base}/api/v2/me`,
          method: 'GET',
          headers: {
            Authorization: `Bearer ${token}`,
            Accept: 'application/json',
            'User-Agent': await options.userAgent(),
          },
          timeoutMs,
        });
      let res = await send(await access());
      if (res.status === 401) res = await send(await renew());
      if (res.status !== 200) throw providerFailure('GET /api/v2/me', res.status, res.json);
      const me = meSchema.safeParse(res.json);
      if (!me.success)
        throw new ProviderError('invalid_answer', 502, 'GET /api/v2/me: resposta fora do padrão');
      return me.data.email ? `conta ${me.data.email}` : undefined;
    },
    quote: async (from, to, items) => {
      const answer = await call(
        '/shipment/calculate',
        calculateAnswerSchema,
        {
          from: { postal_code: from },
          to: { postal_code: to },
          products: items.map((i) => ({
            id: i.id,
            width: i.widthCm,
            height: i.heightCm,
            length: i.lengthCm,
            weight: grams(i.weightGrams),
            insurance_value: i.unitPrice,
            quantity: i.quantity,
          })),
          options: { receipt: false, own_hand: false },
        },
        QUOTE_MS,
      );
      return answer.flatMap((s): CarrierQuote[] => {
        const price = reais(s.custom_price ?? s.price);
        const days = s.custom_delivery_time ?? s.delivery_time;
        if (s.error || !Number.isFinite(price) || price <= 0 || days === undefined) return [];
        return [
          {
            serviceId: String(s.id),
            carrier: s.company.name,
            service: s.name,
            price: Math.round(price * 100) / 100,
            days,
            boxes: (s.packages ?? []).map((p) => ({
              heightCm: p.dimensions.height,
              widthCm: p.dimensions.width,
              lengthCm: p.dimensions.length,
              weightKg: Number(p.weight),
            })),
          },
        ];
      });
    },
    addToCart: async ({ quote, from, to, items, invoiceKey, reference }) => {
      const insurance = items.reduce((sum, i) => sum + Math.round(i.unitPrice * 100) * i.quantity, 0) / 100;
      const body: CartRequest = {
        service: Number(quote.serviceId),
        from: party(from),
        to: party(to),
        products: items.map((i) => ({ name: i.name, quantity: i.quantity, unitary_value: i.unitPrice })),
        volumes: quote.boxes.map((b) => ({
          height: b.heightCm,
          width: b.widthCm,
          length: b.lengthCm,
          weight: b.weightKg,
        })),
        options: {
          insurance_value: insurance,
          receipt: false,
          own_hand: false,
          reverse: false,
          non_commercial: false,
          invoice: { key: invoiceKey },
          // The shop the label is bought for, as Melhor Envio lists it: the sender's name (the store's).
          platform: from.name,
          tags: [{ tag: `Pedido ${reference}`, url: null }],
        },
      };
      const made = await call('/cart', cartAnswerSchema, body);
      return { shipmentId: made.id, price: reais(made.price) };
    },
    checkout: async (shipmentId) => {
      await call('/shipment/checkout', checkoutAnswerSchema, { orders: [shipmentId] });
    },
    generate: async (shipmentId) => {
      const answer = await call('/shipment/generate', generateAnswerSchema, { orders: [shipmentId] });
      const mine = answer[shipmentId];
      if (mine?.status !== true)
        throw new ProviderError(
          'rejected',
          422,
          `Etiqueta não gerada: ${mine?.message ?? 'sem motivo informado'}`,
        );
    },
    cancel: async (shipmentId, reason) => {
      const answer = await call('/shipment/cancel', cancelAnswerSchema, {
        order: { id: shipmentId, reason_id: '2', description: reason.slice(0, 255) },
      });
      return answer[shipmentId]?.canceled === true;
    },
    print: async (shipmentId) =>
      (await call('/shipment/print', printAnswerSchema, { mode: 'private', orders: [shipmentId] })).url,
    track: async (ids) => {
      const answer = await call('/shipment/tracking', trackingAnswerSchema, { orders: ids });
      const states = new Map<string, ShipmentState>();
      for (const [id, s] of Object.entries(answer))
        states.set(id, {
          status:
            s.status === 'posted'
              ? 'postado'
              : s.status === 'delivered'
                ? 'entregue'
                : s.status === 'canceled'
                  ? 'cancelado'
                  : s.status === 'undelivered'
                    ? 'nao_entregue'
                    : 'aguardando',
          paid: s.status !== 'pending' && s.status !== 'canceled',
          generated: !['pending', 'released', 'canceled'].includes(s.status),
          tracking: s.tracking ?? '',
          ...(s.posted_at ? { postedAt: new Date(s.posted_at) } : {}),
          ...(s.delivered_at ? { deliveredAt: new Date(s.delivered_at) } : {}),
        });
      return states;
    },
  };
}
