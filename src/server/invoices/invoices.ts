// One concern: an order's NF-e through the store's invoicing provider: issued once, read until the SEFAZ
// decides, cancelled or corrected on the team's word, and told to the buyer once it is authorised.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { CANCEL_WINDOW_HOURS, INVOICE_STATE_LABELS } from '#/contract/invoices.ts';
import type { Faturamento, InvoiceState, NotaFiscalEquipe } from '#/contract/invoices.ts';
import { inTransaction } from '#/server/db/client.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { PlatformError } from '#/server/errors.ts';
import { notifyInvoice } from './mail.ts';
import type { Mailer } from '#/server/mail/mailer.ts';
import { ProviderError } from '#/server/payments/http.ts';
import { invoiceDraft } from './draft.ts';
import type { InvoiceOutcome, InvoiceProvider } from './provider.ts';

export type InvoiceContext = {
  db: Db;
  provider: InvoiceProvider | undefined;
  mailer: Mailer;
  origin: string;
};

type InvoiceRow = typeof t.invoices.$inferSelect;

/** The statuses of an order that has been paid: only those are invoiced. */
export const PAID = ['paid', 'shipped', 'delivered'];

export const CANCEL_WINDOW_MS = CANCEL_WINDOW_HOURS * 3600_000;

export async function invoiceRow(db: Db, number: number): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(t.invoices).where(eq(t.invoices.orderNumber, number));
  return row;
}

const teamView = (row: InvoiceRow, now = Date.now()): NotaFiscalEquipe => {
  const status = row.status as InvoiceState;
  const until = row.authorizedAt ? row.authorizedAt.getTime() + CANCEL_WINDOW_MS : 0;
  return {
    situacao: status,
    situacaoLabel: INVOICE_STATE_LABELS[status],
    provedor: row.provider,
    numero: row.number,
    serie: row.series,
    chave: row.accessKey,
    danfe: row.danfeUrl,
    xml: row.xmlUrl ? row.xmlUrl : row.xml ? `/painel/pedidos/${String(row.orderNumber)}/nfe.xml` : '',
    ...(row.authorizedAt ? { emitidaEm: row.authorizedAt.toISOString() } : {}),
    motivo: row.reason,
    ...(row.correctionNumber > 0
      ? { cartaCorrecao: { numero: row.correctionNumber, pdf: row.correctionPdfUrl } }
      : {}),
    ...(status === 'autorizada' && row.provider !== 'erp' && until > now
      ? { cancelavelAte: new Date(until).toISOString() }
      : {}),
  };
};

/** What the team's order page says of invoicing it. */
export async function invoicing(
  db: Db,
  provider: InvoiceProvider | undefined,
  number: number,
  status: string,
): Promise<Faturamento> {
  const row = await invoiceRow(db, number);
  const open = PAID.includes(status) && (!row || row.status === 'recusada');
  const replaceable =
    PAID.includes(status) && (!row || row.status === 'recusada' || row.status === 'cancelada');
  const draft = open && provider ? await invoiceDraft(db, number) : undefined;
  const pendencias = draft && 'missing' in draft ? draft.missing : [];
  return {
    ...(row ? { nota: teamView(row) } : {}),
    provedor: provider !== undefined,
    podeEmitir: open && provider !== undefined && pendencias.length === 0,
    podeAnexar: replaceable,
    pendencias,
  };
}

/** What the order page says of invoicing order `number` (404 when there is no such order). */
export async function invoicingOf(ctx: InvoiceContext, number: number): Promise<Faturamento> {
  const status = await orderStatus(ctx.db, number);
  if (status === undefined) throw new PlatformError(404, 'not_found', 'Pedido não encontrado.');
  return invoicing(ctx.db, ctx.provider, number, status);
}

/** Write what the provider said; answers whether the NF-e became authorised by this write. */
async function record(db: Db, number: number, outcome: InvoiceOutcome): Promise<boolean> {
  const authorised = outcome.status === 'autorizada';
  const [was] = await db
    .select({ status: t.invoices.status })
    .from(t.invoices)
    .where(eq(t.invoices.orderNumber, number));
  await db
    .update(t.invoices)
    .set({
      status: outcome.status,
      ...(outcome.number ? { number: outcome.number } : {}),
      ...(outcome.series ? { series: outcome.series } : {}),
      ...(outcome.accessKey ? { accessKey: outcome.accessKey } : {}),
      ...(outcome.danfeUrl ? { danfeUrl: outcome.danfeUrl } : {}),
      ...(outcome.xmlUrl ? { xmlUrl: outcome.xmlUrl } : {}),
      reason: outcome.reason ?? '',
      ...(authorised ? { authorizedAt: sql`coalesce(${t.invoices.authorizedAt}, now())` } : {}),
      updatedAt: new Date(),
    })
    .where(eq(t.invoices.orderNumber, number));
  return authorised && was?.status !== 'autorizada';
}

/**
 * E-mail the buyer the authorised NF-e, once whoever gets here (a click, the webhook, the sweep): the claim,
 * the order's history line and the message are written in one transaction, so a stop between them leaves
 * neither a claim with no message nor a message twice.
 */
export async function tellBuyerOnce(ctx: InvoiceContext, number: number): Promise<void> {
  await inTransaction(ctx.db, async (tx) => {
    const [claimed] = await tx
      .update(t.invoices)
      .set({ buyerToldAt: new Date() })
      .where(
        and(
          eq(t.invoices.orderNumber, number),
          eq(t.invoices.status, 'autorizada'),
          isNull(t.invoices.buyerToldAt),
        ),
      )
      .returning();
    if (!claimed) return;
    await tx.insert(t.orderEvents).values({
      orderNumber: number,
      status: (await orderStatus(tx, number)) ?? 'paid',
      actor: `nfe:${claimed.provider}`,
      note: `NF-e ${claimed.number} série ${claimed.series} autorizada`,
    });
    await notifyInvoice(tx, ctx.mailer, ctx.origin, number, {
      numero: claimed.number,
      serie: claimed.series,
      chave: claimed.accessKey,
      danfe: claimed.danfeUrl,
      xml: claimed.xmlUrl ? claimed.xmlUrl : `${ctx.origin}/minha-conta/pedidos/${String(number)}/nfe.xml`,
    });
  });
}

/** The order's status as the server names it (undefined: no such order). */
export async function orderStatus(db: Db, number: number): Promise<string | undefined> {
  const [row] = await db
    .select({ status: t.orders.status })
    .from(t.orders)
    .where(eq(t.orders.number, number));
  return row?.status;
}

export const conflict = (message: string) => new PlatformError(409, 'invoice_refused', message);

/** Why a provider could not be asked, for the team (nothing secret). */
export const unreachable = (error: ProviderError) =>
  error.code === 'timeout'
    ? 'A Focus NFe não respondeu a tempo.'
    : error.code === 'unreachable'
      ? 'A Focus NFe está fora do ar ou inacessível.'
      : error.code === 'lost'
        ? 'A conexão com a Focus NFe caiu antes da resposta: ela pode ter recebido a nota.'
        : error.code === 'invalid_answer'
          ? 'A Focus NFe respondeu algo fora do padrão.'
          : `A Focus NFe respondeu com erro (${error.message}).`;

/**
 * What the provider holds for order `number` before it is sent again: its note when it has one that stands
 * (in process, authorised, cancelled), undefined when it has none or the SEFAZ refused it (to be sent again).
 */
async function heldAt(provider: InvoiceProvider, number: number): Promise<InvoiceOutcome | undefined> {
  try {
    const held = await provider.read(String(number));
    return held.status === 'recusada' ? undefined : held;
  } catch (error) {
    if (error instanceof ProviderError && error.status === 404) return undefined;
    throw error;
  }
}

/**
 * Issue order `number`'s NF-e. Paid orders only; at most one per order, whoever asks at the same time (the
 * row is claimed before the provider is called, and `ref` is the order's number at the provider). A refused
 * one may be sent again. A provider that cannot be reached leaves nothing issued, and says so.
 */
export async function issueInvoice(ctx: InvoiceContext, number: number, actor: string): Promise<Faturamento> {
  const { db, provider } = ctx;
  const status = await orderStatus(db, number);
  if (status === undefined) throw new PlatformError(404, 'not_found', 'Pedido não encontrado.');
  if (!provider)
    throw conflict(
      'Nenhum emissor de NF-e configurado (FOCUSNFE_TOKEN). Emita no seu ERP e anexe o XML ao pedido.',
    );
  if (!PAID.includes(status))
    throw conflict(`O pedido ${String(number)} ainda não foi pago: a NF-e sai depois do pagamento.`);
  const made = await invoiceDraft(db, number);
  if (!made) throw new PlatformError(404, 'not_found', 'Pedido não encontrado.');
  if ('missing' in made) throw conflict(`Para emitir a NF-e falta: ${made.missing.join(' ')}`);
  const claimed = await db
    .insert(t.invoices)
    .values({ orderNumber: number, provider: provider.name, status: 'processando', actor })
    .onConflictDoUpdate({
      target: t.invoices.orderNumber,
      set: { status: 'processando', reason: '', actor, updatedAt: new Date() },
      setWhere: eq(t.invoices.status, 'recusada'),
    })
    .returning({ n: t.invoices.orderNumber, again: sql<boolean>`${t.invoices.createdAt} < now()` });
  if (claimed.length === 0) {
    const row = await invoiceRow(db, number);
    throw conflict(
      `A NF-e deste pedido já foi pedida: está "${INVOICE_STATE_LABELS[(row?.status ?? 'processando') as InvoiceState]}".`,
    );
  }
  let outcome: InvoiceOutcome;
  try {
    // Sent before (refused, or an answer lost on the way): what the provider holds for this ref is adopted,
    // never sent again; only a ref it does not know, or one the SEFAZ refused, is sent.
    const held = claimed[0]?.again ? await heldAt(provider, number) : undefined;
    outcome = held ?? (await provider.issue(String(number), made.draft));
    // Most NF-e are decided in seconds: read it once now, the webhook and the sweep do the rest.
    if (outcome.status === 'processando') outcome = await provider.read(String(number)).catch(() => outcome);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    // Never reached (proven: no connection was made): nothing was sent now, and it may be asked again (what an
    // earlier send left is read first). Otherwise the provider may have it: it stays in process and is read again.
    outcome =
      error.code === 'unreachable'
        ? { status: 'recusada', reason: `${unreachable(error)} A nota não foi enviada; tente de novo.` }
        : { status: 'processando', reason: `${unreachable(error)} A loja consulta de novo em seguida.` };
  }
  await record(db, number, outcome);
  if (outcome.status === 'autorizada') await tellBuyerOnce(ctx, number);
  return invoicing(db, provider, number, status);
}

/**
 * Read order `number`'s NF-e again at the provider (the team's button, the provider's notice, the sweep).
 * A note the provider never received is marked refused, to be sent again.
 */
export async function refreshInvoice(ctx: InvoiceContext, number: number): Promise<InvoiceState | undefined> {
  const { db, provider } = ctx;
  const row = await invoiceRow(db, number);
  if (!row || row.provider !== provider?.name) return row?.status as InvoiceState | undefined;
  if (row.status !== 'processando') return row.status as InvoiceState;
  let outcome: InvoiceOutcome;
  try {
    outcome = await provider.read(String(number));
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.status === 404)
      outcome = {
        status: 'recusada',
        reason: 'A Focus NFe não recebeu esta nota: nada foi emitido; emita de novo.',
      };
    else {
      await db
        .update(t.invoices)
        .set({ reason: unreachable(error), updatedAt: new Date() })
        .where(eq(t.invoices.orderNumber, number));
      return 'processando';
    }
  }
  await record(db, number, outcome);
  if (outcome.status === 'autorizada') await tellBuyerOnce(ctx, number);
  return outcome.status;
}
