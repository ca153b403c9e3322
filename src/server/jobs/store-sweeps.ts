// One concern: the store's sweeps as the queue runs them (jobs/sweeps.ts), each reading the providers in force
// when its time comes (the panel may switch one on or off meanwhile) and saying what it did in Portuguese.
import type { Database } from '#/server/db/client.ts';
import type { Integrations } from '#/server/integrations/hub.ts';
import { invoiceSettings } from '#/server/staff/store-config.ts';
import { sweepInvoices } from '#/server/invoices/sweep.ts';
import { followParcels } from '#/server/carriers/tracking.ts';
import type { Mailer } from '#/server/mail/mailer.ts';
import type { TellOrder } from '#/server/orders/notices.ts';
import { sweepMercadoPago } from '#/server/payments/mercadopago/sweep.ts';
import { sweepPixCharges } from '#/server/payments/sweep.ts';
import { purgeExpired, runOrderRound } from '#/server/housekeeping.ts';
import type { Sweep } from './sweeps.ts';

const MINUTE = 60_000;

/** `counts` said as "3 pagas, 1 com falha" with `labels`, leaving out the zeros and the unlabelled. */
export function countsSaid(
  counts: Readonly<Record<string, number>>,
  labels: Readonly<Record<string, string>>,
) {
  return Object.entries(labels)
    .filter(([key]) => (counts[key] ?? 0) > 0)
    .map(([key, label]) => `${String(counts[key])} ${label}`)
    .join(', ');
}

/** Every sweep of the store, on `database`, through the providers `integrations` has in force. */
export function storeSweeps(deps: {
  database: Database;
  integrations: Integrations;
  mailer: Mailer;
  /** Where e-mailed links point (SITE_URL). */
  origin: string;
  /** The key that signs the way out of offers in a cart reminder. */
  key: () => Promise<string>;
  /** Orders' notices as jobs written with each move (jobs/order-notices.ts). */
  tell?: TellOrder | undefined;
}): Sweep[] {
  const { database, integrations, mailer, origin, tell } = deps;
  const db = database.db;
  const live = integrations.current;
  return [
    {
      name: 'rotina-pedidos',
      title:
        'Pedidos: lembra a equipe e os clientes, cancela os não pagos no prazo e avisa quem espera um produto voltar',
      cron: '* * * * *',
      everyMs: MINUTE,
      run: () => runOrderRound({ db, mailer, origin, key: deps.key }),
    },
    {
      name: 'varredura-pix',
      title: 'Pix (API do banco): lê de novo as cobranças abertas e processa devoluções',
      cron: '* * * * *',
      everyMs: MINUTE,
      run: async () => {
        const pix = live().pix;
        if (!pix) return undefined;
        const report = await sweepPixCharges({ db, api: pix.api, mailer, origin, tell });
        return report
          ? countsSaid(report, {
              paid: 'pagas',
              refunded: 'devolvidas',
              removed: 'removidas',
              takenBack: 'contestadas',
              refundsWorked: 'devoluções processadas',
              failed: 'com falha',
            })
          : '';
      },
    },
    {
      name: 'varredura-mercadopago',
      title: 'Mercado Pago: pergunta pelos pedidos ainda à espera dele',
      cron: '*/10 * * * *',
      everyMs: 10 * MINUTE,
      run: async () => {
        const mercadoPago = live().mercadoPago;
        if (!mercadoPago) return undefined;
        const report = await sweepMercadoPago(
          { db, mp: mercadoPago.mp, mailer, origin, tell },
          10 * MINUTE - 5000,
        );
        return report
          ? countsSaid(report, {
              moved: 'pedidos atualizados',
              refundsWorked: 'devoluções',
              failed: 'com falha',
            })
          : '';
      },
    },
    {
      name: 'varredura-nfe',
      title: 'NF-e: lê as notas em processamento e emite as devidas no pagamento',
      cron: '* * * * *',
      everyMs: MINUTE,
      run: async () => {
        const invoicing = live().invoicing;
        if (!invoicing) return undefined;
        const ctx = { db, provider: invoicing.provider, mailer, origin };
        const report = await sweepInvoices(ctx, (await invoiceSettings(db)).automaticSince);
        return countsSaid(report, { issued: 'emitidas', read: 'lidas' });
      },
    },
    {
      name: 'rastreio',
      title: 'Rastreio: lê na transportadora os pacotes a caminho',
      cron: '*/15 * * * *',
      everyMs: 15 * MINUTE,
      run: async () => {
        const shipping = live().shipping;
        if (!shipping) return undefined;
        const moved = await followParcels({ db, provider: shipping, mailer, origin, tell });
        return moved ? `${String(moved)} pedidos atualizados pela transportadora` : '';
      },
    },
    {
      name: 'limpeza',
      title: 'Limpeza: apaga sessões, códigos, links e mensagens vencidos',
      cron: '7 * * * *',
      everyMs: 60 * MINUTE,
      run: async () => {
        const purged = await purgeExpired(database);
        return purged
          ? countsSaid(purged, {
              sessions: 'sessões',
              cartLines: 'itens de carrinho',
              idempotencyKeys: 'respostas guardadas',
              resetLinks: 'links de senha',
              outbox: 'mensagens da caixa de saída',
              mailMessages: 'mensagens enviadas antigas',
              staffSessions: 'sessões da equipe',
              catalogImports: 'planilhas',
              signupCodes: 'códigos de cadastro',
              loginCodes: 'códigos de entrada',
              bannerImages: 'imagens de banner',
            })
          : '';
      },
    },
  ];
}
