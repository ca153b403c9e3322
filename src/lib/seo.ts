import type { Breadcrumb, Seo } from '#/contract/common.ts';
import type { ProdutoDetalhe } from '#/contract/product.ts';
import type { AvaliacaoItem } from '#/contract/review.ts';
import type { Settings } from '#/contract/settings.ts';
import { openingHoursLd } from './opening-hours.ts';

/** schema.org objects for JSON-LD; every URL absolute. */

type Config = Settings['configuracoes'];

export function organizationLd(origin: string, s: Config) {
  return {
    '@context': 'https://schema.org',
    '@type': 'OnlineStore',
    name: s.nomeLoja,
    legalName: s.dadosSite.razaoSocial,
    taxID: s.dadosSite.cnpj,
    url: `${origin}/`,
    ...(s.logo ? { logo: `${origin}${s.logo}` } : {}),
    email: s.emailContato.email,
    telephone: s.dadosSite.telefone,
    address: { '@type': 'PostalAddress', streetAddress: s.dadosSite.endereco, addressCountry: 'BR' },
    sameAs: s.redesSociais.map((r) => r.url),
    openingHoursSpecification: openingHoursLd(s.dadosSite.horarioAtendimento),
  };
}

export function websiteLd(origin: string, s: Config) {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: s.nomeLoja,
    url: `${origin}/`,
    inLanguage: 'pt-BR',
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${origin}/busca?busca={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

/** The breadcrumb without its first entry (Home), as DECO does. */
export function breadcrumbLd(crumbs: Breadcrumb[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs
      .slice(1)
      .map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.label, item: c.url })),
  };
}

const DAY = 86_400_000;

/**
 * A product's schema.org Product: its offer, and (only from approved customer reviews) its
 * AggregateRating and the reviews the page shows.
 */
export function productLd(
  p: ProdutoDetalhe,
  url: string,
  reviews: readonly AvaliacaoItem[] = [],
  now = Date.now(),
) {
  const priceValidUntil = new Date(now + 30 * DAY).toISOString().slice(0, 10);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.nome,
    sku: p.sku,
    ...(p.ean ? { gtin13: p.ean } : {}),
    ...(p.mpn ? { mpn: p.mpn } : {}),
    description: p.descricoes['curta'] ?? p.nome,
    image: p.midias.imagens.slice(0, 4).map((i) => i.arquivosOriginais.big),
    brand: { '@type': 'Brand', name: p.marca.nome },
    category: p.categoria.taxonomia.map((t) => t.nome).join(' > '),
    url,
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'BRL',
      price: p.precos.por.toFixed(2),
      priceValidUntil,
      availability:
        p.status === 'disponivel' ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      shippingDetails: {
        '@type': 'OfferShippingDetails',
        shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'BR' },
        deliveryTime: {
          '@type': 'ShippingDeliveryTime',
          handlingTime: { '@type': 'QuantitativeValue', minValue: 1, maxValue: 2, unitCode: 'DAY' },
          transitTime: { '@type': 'QuantitativeValue', minValue: 2, maxValue: 12, unitCode: 'DAY' },
        },
      },
      hasMerchantReturnPolicy: {
        '@type': 'MerchantReturnPolicy',
        applicableCountry: 'BR',
        returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
        merchantReturnDays: 7,
        returnMethod: 'https://schema.org/ReturnByMail',
        returnFees: 'https://schema.org/FreeReturn',
      },
    },
    ...(p.avaliacao.quantidade > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: p.avaliacao.media.toFixed(1),
            reviewCount: p.avaliacao.quantidade,
            bestRating: 5,
            worstRating: 1,
          },
          review: reviews.map((r) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: r.nome },
            datePublished: r.data.slice(0, 10),
            reviewBody: r.comentario,
            reviewRating: { '@type': 'Rating', ratingValue: r.nota, bestRating: 5, worstRating: 1 },
          })),
        }
      : {}),
  };
}

/**
 * SEO of a page the platform does not describe (cart, brands index, errors): canonical and robots; the layout
 * adds the store's name to the title, as its settings give it.
 */
export function pageSeo(
  origin: string,
  path: string,
  title: string,
  description: string,
  indexar: boolean,
): Seo {
  return {
    title,
    description,
    keywords: '',
    titleSocial: title,
    descriptionSocial: description,
    // No image of its own: the layout shows the store's logo (Default.astro).
    openGraphUrlImagem: '',
    twitterUrlImagem: '',
    canonical: `${origin}${path}`,
    indexar,
  };
}
