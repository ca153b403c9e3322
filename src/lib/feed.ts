import type { Feed, FeedItem } from '#/contract/feed.ts';

/**
 * The catalogue as Google Merchant Center reads it: RSS 2.0 with the `g:` namespace (Google Merchant Center
 * Help, "Product data specification"); Meta's catalogue reads the same file.
 */

/** Text as XML holds it: escaped, and without the control characters XML 1.0 forbids. */
const esc = (s: string) =>
  s
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** "1299.90 BRL", as the specification writes a price. */
const money = (n: number) => `${n.toFixed(2)} BRL`;

function item(i: FeedItem): string {
  const tags: [string, string][] = [
    ['g:id', i.id],
    ['g:item_group_id', i.grupo],
    ['title', i.titulo],
    ['description', i.descricao],
    ['link', i.link],
    ['g:image_link', i.imagem],
    ['g:availability', i.disponivel ? 'in_stock' : 'out_of_stock'],
    ['g:price', money(i.preco)],
    ...(i.precoPromocional === null
      ? []
      : ([['g:sale_price', money(i.precoPromocional)]] as [string, string][])),
    ['g:brand', i.marca],
    ...(i.gtin
      ? ([['g:gtin', i.gtin]] as [string, string][])
      : ([['g:identifier_exists', 'no']] as [string, string][])),
    ['g:condition', 'new'],
    ['g:product_type', i.categoria],
    ...(i.pesoGramas === null
      ? []
      : ([['g:shipping_weight', `${String(i.pesoGramas)} g`]] as [string, string][])),
  ];
  const installment = i.parcelas
    ? `<g:installment><g:months>${String(i.parcelas.meses)}</g:months><g:amount>${money(i.parcelas.valor)}</g:amount></g:installment>`
    : '';
  return `<item>${tags.map(([tag, value]) => `<${tag}>${esc(value)}</${tag}>`).join('')}${installment}</item>`;
}

export function googleFeedXml(feed: Feed): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">
<channel>
<title>${esc(feed.loja.nome)}</title>
<link>${esc(feed.loja.url)}</link>
<description>${esc(feed.loja.descricao)}</description>
${feed.itens.map(item).join('\n')}
</channel>
</rss>
`;
}
