// One concern: the customer's own side of their personal data (LGPD art. 18): what consents they gave, taking
// each back in one click, and a copy of everything the store keeps about them.
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { cityLine, streetLine } from '#/contract/address.ts';
import type { DataExport, Privacidade } from '#/contract/rights.ts';
import { STATUS_LABELS } from '#/contract/order.ts';
import type { Customer } from '#/server/accounts/customers.ts';
import { withdrawConsent } from '#/server/cart/abandoned.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { notFound } from '#/server/errors.ts';
import { toSituacao } from '#/server/orders/status.ts';

/** The customer's consents now, and their deletion request still open or last refused. */
export async function privacyOf(db: Db, customer: Customer): Promise<Privacidade> {
  const [[subscription], waits, [deletion]] = await Promise.all([
    db
      .select({ since: t.newsletterSubscribers.createdAt })
      .from(t.newsletterSubscribers)
      .where(eq(t.newsletterSubscribers.email, customer.email)),
    db
      .select({ id: t.stockRequests.id, name: t.products.name, since: t.stockRequests.createdAt })
      .from(t.stockRequests)
      .leftJoin(t.products, eq(t.products.id, t.stockRequests.productId))
      .where(and(eq(t.stockRequests.email, customer.email), isNull(t.stockRequests.notifiedAt)))
      .orderBy(asc(t.stockRequests.id)),
    db
      .select()
      .from(t.deletionRequests)
      .where(eq(t.deletionRequests.customerId, customer.id))
      .orderBy(desc(t.deletionRequests.id))
      .limit(1),
  ]);
  return {
    consentimentos: {
      ofertas: customer.optin,
      newsletter: subscription ? subscription.since.toISOString() : null,
      avisos: waits.map((w) => ({ id: w.id, produto: w.name ?? 'Produto', desde: w.since.toISOString() })),
    },
    exclusao:
      deletion && deletion.status !== 'concluida'
        ? {
            em: deletion.requestedAt.toISOString(),
            prazo: deletion.dueAt.toISOString(),
            situacao: deletion.status === 'recusada' ? 'recusada' : 'aberta',
            motivo: deletion.reason,
          }
        : null,
  };
}

/** Take one consent back; answers what to tell the customer (a consent already withdrawn says so, changing nothing). */
export async function withdrawOne(
  db: Db,
  customer: Customer,
  consent: 'ofertas' | 'newsletter' | 'aviso',
  id?: number,
): Promise<string> {
  if (consent === 'ofertas')
    return (await withdrawConsent(db, customer.id))
      ? 'Pronto: você não recebe mais ofertas e novidades por e-mail.'
      : 'Você já não recebia ofertas por e-mail.';
  if (consent === 'newsletter') {
    const gone = await db
      .delete(t.newsletterSubscribers)
      .where(eq(t.newsletterSubscribers.email, customer.email))
      .returning({ email: t.newsletterSubscribers.email });
    return gone.length > 0
      ? 'Pronto: seu e-mail saiu da newsletter.'
      : 'Seu e-mail já não estava na newsletter.';
  }
  if (id === undefined) throw notFound('Aviso não encontrado.');
  const gone = await db
    .delete(t.stockRequests)
    .where(and(eq(t.stockRequests.id, id), eq(t.stockRequests.email, customer.email)))
    .returning({ id: t.stockRequests.id });
  if (gone.length === 0)
    throw notFound('Aviso não encontrado: talvez o produto já tenha voltado ao estoque.');
  return 'Pronto: não vamos mais avisar você deste produto.';
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Everything the store keeps about the customer, as flat rows by part (the download's JSON and CSVs). */
export async function exportData(db: Db, customer: Customer): Promise<DataExport> {
  const id = customer.id;
  const [addresses, orders, items, reviews, privacy, messages, withdrawals, deletions] = await Promise.all([
    db
      .select()
      .from(t.customerAddresses)
      .where(eq(t.customerAddresses.customerId, id))
      .orderBy(t.customerAddresses.id),
    db.select().from(t.orders).where(eq(t.orders.customerId, id)).orderBy(t.orders.number),
    db
      .select({ item: t.orderItems })
      .from(t.orderItems)
      .innerJoin(t.orders, eq(t.orders.number, t.orderItems.orderNumber))
      .where(eq(t.orders.customerId, id))
      .orderBy(t.orderItems.orderNumber, t.orderItems.position),
    db
      .select({ review: t.productReviews, product: t.products.name })
      .from(t.productReviews)
      .leftJoin(t.products, eq(t.products.id, t.productReviews.productId))
      .where(eq(t.productReviews.customerId, id))
      .orderBy(t.productReviews.id),
    privacyOf(db, customer),
    db
      .select()
      .from(t.formSubmissions)
      .where(eq(t.formSubmissions.email, customer.email))
      .orderBy(t.formSubmissions.id),
    db.select().from(t.withdrawals).where(eq(t.withdrawals.customerId, id)),
    db.select().from(t.deletionRequests).where(eq(t.deletionRequests.customerId, id)),
  ]);
  const a = customer.address;
  const { consentimentos: c } = privacy;
  return {
    geradoEm: new Date().toISOString(),
    perfil: [
      {
        nome: customer.name,
        email: customer.email,
        pessoa: customer.pessoa === 'J' ? 'Jurídica' : 'Física',
        cpfCnpj: customer.document,
        celular: customer.phone,
        sexo: customer.sexo,
        nascimento: customer.birthDate,
        inscricaoEstadual: customer.stateRegistration,
        cep: a.cep ?? '',
        logradouro: a.logradouro ?? '',
        numero: a.numero ?? '',
        complemento: a.complemento ?? '',
        bairro: a.bairro ?? '',
        cidade: a.cidade ?? '',
        uf: a.uf ?? '',
        contaCriadaEm: customer.createdAt.toISOString(),
      },
    ],
    enderecos: addresses.map((r) => ({
      destinatario: r.recipient,
      cep: r.cep,
      logradouro: r.street,
      numero: r.number,
      complemento: r.complement,
      bairro: r.district,
      cidade: r.city,
      uf: r.uf,
      criadoEm: r.createdAt.toISOString(),
    })),
    pedidos: orders.map((o) => ({
      numero: o.number,
      feitoEm: o.placedAt.toISOString(),
      situacao: STATUS_LABELS[toSituacao(o.status)],
      pagamento: o.payment,
      subtotal: o.subtotal,
      descontoPix: o.discount,
      cupom: o.couponCode,
      descontoCupom: o.couponDiscount,
      frete: o.shippingPrice,
      total: o.total,
      destinatario: o.address.nome,
      endereco: `${streetLine(o.address)}, ${cityLine(o.address)}`,
      cep: o.address.cep,
      transportadora: o.carrier,
      rastreio: o.trackingCode,
    })),
    itensDosPedidos: items.map(({ item: i }) => ({
      pedido: i.orderNumber,
      sku: i.sku,
      produto: i.name,
      quantidade: i.quantity,
      precoUnitario: i.unitPrice,
    })),
    avaliacoes: reviews.map(({ review: r, product }) => ({
      produto: product ?? '',
      nomeExibido: r.name,
      nota: r.rating,
      comentario: r.comment,
      recomenda: r.recommends,
      situacao: r.status,
      escritaEm: r.createdAt.toISOString(),
    })),
    consentimentos: [
      { consentimento: 'Ofertas e novidades por e-mail', dado: c.ofertas, desde: null },
      { consentimento: 'Newsletter', dado: c.newsletter !== null, desde: c.newsletter },
      ...c.avisos.map((w) => ({ consentimento: `Avise-me: ${w.produto}`, dado: true, desde: w.desde })),
    ],
    mensagens: messages.map((m) => ({
      tipo: m.kind,
      enviadaEm: m.createdAt.toISOString(),
      conteudo: JSON.stringify(m.data),
      respondidaEm: iso(m.answeredAt),
    })),
    solicitacoes: [
      ...withdrawals.map((w) => ({
        tipo: `Desistência do pedido ${String(w.orderNumber)}`,
        feitaEm: w.requestedAt.toISOString(),
        motivo: w.reason,
        encerradaEm: iso(w.closedAt),
      })),
      ...deletions.map((d) => ({
        tipo: 'Exclusão da conta',
        feitaEm: d.requestedAt.toISOString(),
        motivo: d.reason,
        encerradaEm: iso(d.decidedAt),
      })),
    ],
  };
}
