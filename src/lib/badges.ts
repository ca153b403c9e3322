import type { Selo } from '#/contract/product.ts';

/** Spec: the text badge with id 23 is not shown as text. */
export const HIDDEN_TEXT_BADGE = 23;

/** Badges to show: those with an image, and text badges other than HIDDEN_TEXT_BADGE. */
export const visibleBadges = (selos: readonly Selo[]): Selo[] =>
  selos.filter((s) => s.imagem !== '' || (s.tipo === 'texto' && s.id !== HIDDEN_TEXT_BADGE));
