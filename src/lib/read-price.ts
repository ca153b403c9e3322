/**
 * A price element's text as `formatBRL` (lib/money.ts) writes it ('Por R$ 1.234,56' → 1234.56); 0 without a
 * price. For analytics reading a card's price back from the page; a module of its own, so the islands that
 * need it do not carry the money formatting the drawers load later.
 */
export const parseBRL = (text: string): number => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));
