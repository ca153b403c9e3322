/** The inline script that records a `generate_lead` event on a form's answer page (GA4 shape). */
export const leadScript = (source: string): string =>
  `(window.dataLayer=window.dataLayer||[]).push(${JSON.stringify({
    event: 'generate_lead',
    lead_source: source,
    currency: 'BRL',
    value: 0,
  })});`;
