import type { ImagemProduto } from '#/contract/product.ts';

export const IMAGE_SIZES = { zoom: 1200, big: 800, medium: 400, small: 120 } as const;
export type ImageSize = keyof typeof IMAGE_SIZES;
/** Views drawn per variant: front and three-quarter. */
export const VIEWS = 2;

const sizes = (base: string, ext: string) => ({
  zoom: `${base}-zoom.${ext}`,
  big: `${base}-big.${ext}`,
  medium: `${base}-medium.${ext}`,
  small: `${base}-small.${ext}`,
});

/** Gallery entries of one variant, in the contract's WebP + JPEG pair. */
export function variantImages(
  origin: string,
  productId: number,
  variantId: number,
  label: string,
): ImagemProduto[] {
  return Array.from({ length: VIEWS }, (_, view) => {
    const base = `${origin}/arquivos/produtos/${productId}/${variantId}-${view}`;
    return {
      id: variantId * 10 + view,
      idAtributoValor: variantId,
      descricao: label,
      label,
      arquivos: sizes(base, 'webp'),
      arquivosOriginais: sizes(base, 'jpg'),
    };
  });
}

/** Gallery entries of a product's uploaded photos, in the team's order (the same for every finish). */
export function photoImages(
  origin: string,
  productId: number,
  photos: readonly string[],
  variantId: number,
  label: string,
): ImagemProduto[] {
  return photos.map((photo, i) => {
    const base = `${origin}/arquivos/fotos/${productId}/${photo}`;
    return {
      id: -(productId * 100 + i + 1),
      idAtributoValor: variantId,
      descricao: label,
      label,
      arquivos: sizes(base, 'webp'),
      arquivosOriginais: sizes(base, 'jpg'),
    };
  });
}

/** What a product shows of one finish: its photos when the team uploaded some, else that finish's drawings. */
export const productImages = (
  origin: string,
  product: { id: number; photos: readonly string[] },
  variantId: number,
  label: string,
): ImagemProduto[] =>
  product.photos.length > 0
    ? photoImages(origin, product.id, product.photos, variantId, label)
    : variantImages(origin, product.id, variantId, label);

export const brandImage = (origin: string, slug: string) => ({
  imagem: `${origin}/arquivos/marcas/${slug}.webp`,
  imagemOriginal: `${origin}/arquivos/marcas/${slug}.png`,
});

export const badgeImage = (origin: string, id: number) => ({
  imagem: `${origin}/arquivos/selos/${id}.webp`,
  imagemOriginal: `${origin}/arquivos/selos/${id}.png`,
});

/** A banner's image: the team's own (its id in the name, so a new one is a new address), or the drawing. */
export const bannerImage = (
  origin: string,
  id: number,
  device: 'desktop' | 'mobile',
  own: string | null = null,
) => {
  const name = own ? `${String(id)}-${device}-${own}` : `${String(id)}-${device}`;
  return {
    imagem: `${origin}/arquivos/banners/${name}.webp`,
    imagemOriginal: `${origin}/arquivos/banners/${name}.jpg`,
  };
};
