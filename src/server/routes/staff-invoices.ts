import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { invoiceAttachSchema, invoiceCancelSchema, invoiceCorrectionSchema } from '#/contract/invoices.ts';
import { attachInvoice, keptXml } from '#/server/invoices/attach.ts';
import { isOrderNumber } from '#/contract/order.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { badRequest, notFound } from '#/server/errors.ts';
import { cancelInvoice, correctInvoice } from '#/server/invoices/amend.ts';
import { invoicingOf, issueInvoice, refreshInvoice, tellBuyerOnce } from '#/server/invoices/invoices.ts';
import type { InvoiceContext } from '#/server/invoices/invoices.ts';
import { allow } from '#/server/middleware.ts';
import { recordChange } from '#/server/staff/audit.ts';
import type { Context } from 'hono';

/**
 * An order's NF-e (`/v2/admin/orders/{numero}/invoice`: owners and the `pedidos` role): issue it through the
 * invoicing provider, read it again, cancel it, send a correction letter. Each change is in the record. The
 * provider is called outside any transaction: a slow one holds no row.
 */
export const staffInvoices = new Hono<PlatformEnv>();
staffInvoices.use(allow('pedidos'));

const refusal =
  (fallback: string) => (result: { success: boolean; error?: { issues: { message: string }[] } }) => {
    if (!result.success) throw badRequest(result.error?.issues[0]?.message ?? fallback);
  };

const orderNumber = (value: string) => {
  if (!isOrderNumber(value)) throw notFound('Pedido não encontrado.');
  return Number(value);
};

const contextOf = (c: Context<PlatformEnv>): InvoiceContext => {
  const { db, invoiceProvider, mailer } = c.get('config');
  return { db, provider: invoiceProvider, mailer, origin: c.get('origin') };
};

/** `GET …/invoice`: the NF-e, whether it may be issued now, and what it lacks. */
staffInvoices.get('/:numero/invoice', async (c) => {
  const numero = orderNumber(c.req.param('numero'));
  return c.json(await invoicingOf(contextOf(c), numero));
});

/**
 * `POST …/invoice`: issue it (once per order; a refused one again). With `{xml}`: attach the authorised XML of
 * an NF-e issued elsewhere (an ERP), checked against the order.
 */
staffInvoices.post('/:numero/invoice', async (c) => {
  const numero = orderNumber(c.req.param('numero'));
  const ctx = contextOf(c);
  const body: unknown = await c.req.json().catch(() => ({}));
  if (body && typeof body === 'object' && 'xml' in body) {
    const parsed = invoiceAttachSchema.safeParse(body);
    if (!parsed.success)
      throw badRequest(parsed.error.issues[0]?.message ?? 'Envie o XML autorizado da NF-e.');
    const read = await attachInvoice(ctx.db, numero, parsed.data.xml, c.get('actor'));
    await recordChange(ctx.db, {
      actor: c.get('actor'),
      action: 'pedido.nfe.anexar',
      entity: 'pedido',
      entityId: String(numero),
      before: null,
      after: {
        nfe: 'Anexada (ERP)',
        numero: read.number,
        chave: read.key,
        assinatura: `Conferida com o certificado da nota (${read.signedBy}); a cadeia ICP-Brasil não é verificada pela loja`,
      },
    });
    await tellBuyerOnce(ctx, numero);
    return c.json(await invoicingOf(ctx, numero));
  }
  const answer = await issueInvoice(ctx, numero, c.get('actor'));
  await recordChange(ctx.db, {
    actor: c.get('actor'),
    action: 'pedido.nfe.emitir',
    entity: 'pedido',
    entityId: String(numero),
    before: null,
    after: {
      nfe: answer.nota?.situacaoLabel ?? '',
      numero: answer.nota?.numero ?? '',
      motivo: answer.nota?.motivo ?? '',
    },
  });
  // A refusal by the SEFAZ is an answer, not an error: the NF-e says `recusada` and why.
  return c.json(answer);
});

/** `GET …/invoice/xml`: the XML the store keeps of an NF-e attached from an ERP. */
staffInvoices.get('/:numero/invoice/xml', async (c) => {
  const xml = await keptXml(c.get('config').db, orderNumber(c.req.param('numero')));
  if (!xml) throw notFound('Nota fiscal não encontrada.');
  return c.json({ xml });
});

/** `POST …/invoice/refresh`: read it again at the provider now. */
staffInvoices.post('/:numero/invoice/refresh', async (c) => {
  const numero = orderNumber(c.req.param('numero'));
  const ctx = contextOf(c);
  await refreshInvoice(ctx, numero);
  return c.json(await invoicingOf(ctx, numero));
});

/** `POST …/invoice/cancel` `{justificativa}`: cancel it within 24 hours of its authorisation. */
staffInvoices.post(
  '/:numero/invoice/cancel',
  zValidator('json', invoiceCancelSchema, refusal('Informe a justificativa.')),
  async (c) => {
    const numero = orderNumber(c.req.param('numero'));
    const ctx = contextOf(c);
    const { justificativa } = c.req.valid('json');
    await cancelInvoice(ctx, numero, justificativa);
    await recordChange(ctx.db, {
      actor: c.get('actor'),
      action: 'pedido.nfe.cancelar',
      entity: 'pedido',
      entityId: String(numero),
      before: { nfe: 'Autorizada' },
      after: { nfe: 'Cancelada', justificativa },
    });
    return c.json(await invoicingOf(ctx, numero));
  },
);

/** `POST …/invoice/correction` `{correcao}`: a correction letter (the last one sent is the one in force). */
staffInvoices.post(
  '/:numero/invoice/correction',
  zValidator('json', invoiceCorrectionSchema, refusal('Informe a correção.')),
  async (c) => {
    const numero = orderNumber(c.req.param('numero'));
    const ctx = contextOf(c);
    const { correcao } = c.req.valid('json');
    const sequence = await correctInvoice(ctx, numero, correcao);
    await recordChange(ctx.db, {
      actor: c.get('actor'),
      action: 'pedido.nfe.correcao',
      entity: 'pedido',
      entityId: String(numero),
      before: null,
      after: { cartaCorrecao: sequence, correcao },
    });
    return c.json(await invoicingOf(ctx, numero));
  },
);
