/**
 * The store's first finishes (the platform's "acabamento" attribute) and the product families it draws: what
 * the seed makes products from. The finishes the store sells live in the `finishes` table (the migration that
 * made it wrote these seven; the team keeps them in /painel/catalogo), which serving code reads.
 */

export type Kind =
  'torneira' | 'misturador' | 'cuba' | 'filtro' | 'chuveiro' | 'acessorio' | 'ralo' | 'tanque';

export type Finish = { slug: string; label: string; color: string; priceFactor: number };
export const FINISHES: Finish[] = [
  { slug: 'cromado', label: 'Cromado', color: '#c8ced6', priceFactor: 1 },
  { slug: 'preto-fosco', label: 'Preto Fosco', color: '#1f2125', priceFactor: 1.18 },
  { slug: 'dourado-escovado', label: 'Dourado Escovado', color: '#c9a24a', priceFactor: 1.35 },
  { slug: 'inox-escovado', label: 'Inox Escovado', color: '#a7adb4', priceFactor: 1.1 },
  { slug: 'grafite', label: 'Grafite', color: '#4a4f57', priceFactor: 1.22 },
  { slug: 'rose-gold', label: 'Rose Gold', color: '#d4a18f', priceFactor: 1.4 },
  { slug: 'branco', label: 'Branco', color: '#f4f4f2', priceFactor: 1 },
];
