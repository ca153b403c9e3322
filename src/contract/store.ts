import { z } from 'zod';
import { imagemSchema, rotaSchema } from './common.ts';
import { marcaSchema, produtoSchema } from './product.ts';

/** Menu item; children nest under `sub` with the same shape. */
export type MenuItem = {
  id: number;
  label: string;
  link: string;
  target: string;
  idTipo: number;
  destaque: boolean;
  icone: string;
  imagem: string;
  imagemOriginal: string;
  rota: z.infer<typeof rotaSchema> | Record<string, never>;
  sub: MenuItem[];
};
export const menuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    label: z.string(),
    link: z.string(),
    target: z.string(),
    idTipo: z.number().int(),
    destaque: z.boolean(),
    icone: z.string(),
    ...imagemSchema.shape,
    rota: z.union([rotaSchema, z.object({}).strict()]),
    sub: z.array(menuItemSchema),
  }),
);
export const menuSchema = z.object({ hash: z.string(), nome: z.string(), menu: z.array(menuItemSchema) });
export type Menu = z.infer<typeof menuSchema>;

const dimensaoSchema = z.object({
  link: z.string(),
  ...imagemSchema.shape,
  largura: z.number().int(),
  altura: z.number().int(),
});
export const bannerSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  titulo: z.string(),
  target: z.string(),
  ordem: z.number().int(),
  dimensoes: z.object({ desktop: dimensaoSchema, mobile: dimensaoSchema }),
  /** End of the promotion (ISO 8601) for a countdown; '' when the banner has none. */
  fim: z.string(),
});
export type Banner = z.infer<typeof bannerSchema>;
export const bannersSchema = z.object({ banners: z.array(bannerSchema) });
export type Banners = z.infer<typeof bannersSchema>;

export const showcaseSchema = z.object({
  vitrine: z.object({ id: z.number().int(), nivel: z.string(), titulo: z.string(), tagTitulo: z.string() }),
  produtos: z.array(produtoSchema),
});
export type Showcase = z.infer<typeof showcaseSchema>;

/** `GET showcase/home` (our extension): the showcases the team puts on the home, in their order. */
export const homeShowcasesSchema = z.object({
  vitrines: z.array(z.object({ hash: z.string(), titulo: z.string() })),
});

export const popupSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  tipo: z.enum(['imagem', 'html', 'newsletter']),
  ...imagemSchema.shape,
  link: z.string(),
  conteudo: z.string(),
  tempo: z.number().int(),
});
export type Popup = z.infer<typeof popupSchema>;
export const popupsSchema = z.object({ popups: z.array(popupSchema) });

export const brandsSchema = z.object({ marcas: z.array(marcaSchema) });
export type Brands = z.infer<typeof brandsSchema>;
