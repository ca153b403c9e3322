import { describe, expect, test } from 'vitest';
import type { FeedItem } from '#/contract/feed.ts';
import { googleFeedXml } from '#/lib/feed.ts';

/** The feed's XML: prices as the specification writes them, text escaped, optional fields only when known. */
const item = (over: Partial<FeedItem> = {}): FeedItem => ({
  id: 'TQ-1-CR',
  grupo: '1',
  titulo: 'Torneira "Gourmet" <Cromada> & Cia',
  descricao: 'Latão\u0000 cromado',
  link: 'https://loja.test/torneira.html?sku=TQ-1-CR',
  imagem: 'https://loja.test/a.jpg',
  disponivel: true,
  preco: 1299.9,
  precoPromocional: null,
  marca: 'Nobre',
  gtin: '',
  categoria: 'Cozinha > Torneiras',
  pesoGramas: null,
  parcelas: null,
  ...over,
});

describe('googleFeedXml', () => {
  test('escapes text and drops what XML forbids', () => {
    const xml = googleFeedXml({
      loja: { nome: 'Casa & Metais', url: 'https://loja.test', descricao: '' },
      itens: [item()],
    });
    expect(xml).toContain('<title>Torneira &quot;Gourmet&quot; &lt;Cromada&gt; &amp; Cia</title>');
    expect(xml).toContain('<description>Latão cromado</description>');
    expect(xml).toContain('<title>Casa &amp; Metais</title>');
    expect(xml).toContain('<g:price>1299.90 BRL</g:price>');
    expect(xml).toContain('<g:identifier_exists>no</g:identifier_exists>');
    expect(xml).not.toContain('g:sale_price');
    expect(xml).not.toContain('g:installment');
  });

  test('a sale price, a GTIN, a weight and installments when there are', () => {
    const xml = googleFeedXml({
      loja: { nome: 'L', url: 'https://loja.test', descricao: '' },
      itens: [
        item({
          precoPromocional: 999,
          gtin: '7890000000017',
          pesoGramas: 8500,
          parcelas: { meses: 10, valor: 99.9 },
        }),
      ],
    });
    expect(xml).toContain('<g:sale_price>999.00 BRL</g:sale_price>');
    expect(xml).toContain('<g:gtin>7890000000017</g:gtin>');
    expect(xml).not.toContain('identifier_exists');
    expect(xml).toContain('<g:shipping_weight>8500 g</g:shipping_weight>');
    expect(xml).toContain(
      '<g:installment><g:months>10</g:months><g:amount>99.90 BRL</g:amount></g:installment>',
    );
  });
});
