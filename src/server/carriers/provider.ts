// One concern: the seam a shipping provider fills (Melhor Envio first: melhorenvio/), in the store's own words.

/** An address a parcel leaves from or goes to. */
export type ParcelAddress = {
  name: string;
  phone: string;
  email: string;
  /** CPF or CNPJ (letters allowed in a new CNPJ). */
  document: string;
  stateRegistration: string;
  street: string;
  number: string;
  complement: string;
  district: string;
  city: string;
  uf: string;
  cep: string;
};

/** One finish as a carrier sees it: its packed box and weight, its value (for insurance), how many. */
export type ParcelItem = {
  id: string;
  name: string;
  quantity: number;
  unitPrice: number;
  weightGrams: number;
  heightCm: number;
  widthCm: number;
  lengthCm: number;
};

/** A box as the carrier packs it. */
export type ParcelBox = { heightCm: number; widthCm: number; lengthCm: number; weightKg: number };

/** A carrier's service quoted for a parcel: what it costs, how long it takes, the boxes it packs. */
export type CarrierQuote = {
  serviceId: string;
  carrier: string;
  service: string;
  price: number;
  days: number;
  boxes: ParcelBox[];
};

/** A label bought: the provider's id of the shipment, and the tracking code once the carrier gives one. */
export type Label = { shipmentId: string; price: number; tracking: string };

/** Where a shipment is, as the provider tells it. */
export type ShipmentState = {
  status: 'aguardando' | 'postado' | 'entregue' | 'cancelado' | 'nao_entregue';
  /** Paid for (out of the cart), and its label made: what a purchase whose answer was lost already did. */
  paid: boolean;
  generated: boolean;
  tracking: string;
  postedAt?: Date | undefined;
  deliveredAt?: Date | undefined;
};

/**
 * A shipping provider (a freight platform or a carrier's own API). Failures to reach it throw a
 * `ProviderError` (payments/http.ts); a refusal of what was sent is an error with the provider's words.
 */
export type ShippingProvider = {
  readonly name: string;
  /** "Testar conexão": an authenticated call that changes nothing; what it learnt, to show (the account). */
  probe?: () => Promise<string | undefined>;
  /** The services that carry these items between two CEPs (those that refuse them are left out). */
  quote: (from: string, to: string, items: ParcelItem[]) => Promise<CarrierQuote[]>;
  /** Put a shipment in the provider's cart (nothing is paid yet): its id there. */
  addToCart: (shipment: {
    quote: CarrierQuote;
    from: ParcelAddress;
    to: ParcelAddress;
    items: ParcelItem[];
    invoiceKey: string;
    reference: string;
  }) => Promise<{ shipmentId: string; price: number }>;
  /** Pay for it from the account's balance. */
  checkout: (shipmentId: string) => Promise<void>;
  /** Have the carrier's label made (after paying). */
  generate: (shipmentId: string) => Promise<void>;
  /** Cancel a label bought and not posted (its price goes back to the balance): whether the provider did. */
  cancel: (shipmentId: string, reason: string) => Promise<boolean>;
  /** The label's PDF address to print. */
  print: (shipmentId: string) => Promise<string>;
  /** Where each shipment is now. */
  track: (shipmentIds: string[]) => Promise<Map<string, ShipmentState>>;
};
