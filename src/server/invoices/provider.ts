// One concern: the seam an invoicing provider fills (Focus NFe first: focusnfe/), in the store's own words.
import type { InvoiceState, TaxRegime } from '#/contract/invoices.ts';

/** An address as the NF-e writes it. */
export type FiscalAddress = {
  street: string;
  number: string;
  complement: string;
  district: string;
  city: string;
  uf: string;
  cep: string;
};

/** One line of the NF-e: the goods, their fiscal codes, and their share of the discount and the freight. */
export type InvoiceItem = {
  code: string;
  description: string;
  /** 5102 (sale of goods bought for resale, same state) or 6102 (another state). */
  /** 5102 within the state; interstate 6102 to an ICMS contributor, 6108 to a non-contributor. */
  cfop: '5102' | '6102' | '6108';
  ncm: string;
  cest: string;
  /** The GTIN, or '' when the goods have none. */
  gtin: string;
  origin: number;
  quantity: number;
  unitPrice: number;
  gross: number;
  discount: number;
  freight: number;
};

/** An order's NF-e before any provider's format: what the store knows and the law asks. */
export type InvoiceDraft = {
  issuedAt: Date;
  interstate: boolean;
  /** The buyer uses the goods (every person, and a company that is no ICMS contributor). */
  finalConsumer: boolean;
  issuer: { cnpj: string; name: string; stateRegistration: string; regime: TaxRegime };
  buyer: {
    name: string;
    cpf?: string;
    cnpj?: string;
    /** NF-e `indIEDest`: 1 contributor (with its IE), 2 exempt, 9 not a contributor. */
    ieIndicator: 1 | 2 | 9;
    stateRegistration?: string;
    email: string;
    phone: string;
    address: FiscalAddress;
  };
  /** Collected at a pickup point: no carriage. */
  pickup: boolean;
  products: number;
  discount: number;
  freight: number;
  total: number;
  items: InvoiceItem[];
  /** NF-e `tPag`: 03 card, 15 boleto, 17 dynamic Pix, 20 static Pix. */
  payments: { code: '03' | '15' | '17' | '20'; amount: number }[];
};

/** What the provider says of an NF-e now. */
export type InvoiceOutcome = {
  status: InvoiceState;
  number?: string | undefined;
  series?: string | undefined;
  accessKey?: string | undefined;
  danfeUrl?: string | undefined;
  xmlUrl?: string | undefined;
  /** Why it was refused (the SEFAZ's or the provider's words). */
  reason?: string | undefined;
};

/**
 * An invoicing provider: it signs the NF-e with the store's certificate and talks to the SEFAZ. `ref` is the
 * order's number, so asking twice for the same order never issues two NF-e. Failures to reach it throw a
 * `ProviderError` (payments/http.ts); an answer that refuses is an outcome with its reason.
 */
export type InvoiceProvider = {
  readonly name: string;
  /** "Testar conexão": an authenticated call that changes nothing; what it learnt, to show. */
  probe?: () => Promise<string | undefined>;
  issue: (ref: string, draft: InvoiceDraft) => Promise<InvoiceOutcome>;
  read: (ref: string) => Promise<InvoiceOutcome>;
  /** Cancel an authorised NF-e: `cancelada`, or the outcome unchanged with the SEFAZ's reason. */
  cancel: (ref: string, reason: string) => Promise<{ cancelled: boolean; reason: string }>;
  /** A correction letter (carta de correção): its number and PDF, or the SEFAZ's reason for refusing it. */
  correct: (
    ref: string,
    text: string,
  ) => Promise<{ accepted: true; number: number; pdfUrl: string } | { accepted: false; reason: string }>;
};
