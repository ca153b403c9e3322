/** The inline script that records a `generate_lead` event on a form's answer page (GA4 shape). */
export const leadScript = (source: string): string =>
  `(window.dataLayer=window.dataLayer||[]).push(${JSON.stringify({
    event: 'generate_lead',
    lead_source: source,
    currency: 'BRL',
    value: 0,
  })});`;

/** The inline script that records a shipping quote being seen (`view_shipping`, spec section 1). */
export const shippingViewScript = (context: 'produto' | 'carrinho', uf: string, options: number): string =>
  `(window.dataLayer=window.dataLayer||[]).push(${JSON.stringify({
    event: 'view_shipping',
    shipping_context: context,
    shipping_region: uf,
    shipping_options: options,
  })});`;
