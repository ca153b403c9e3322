import type { Produto } from '#/contract/product.ts';
import { visibleBadges } from '#/lib/badges.ts';
import { formatBRL } from '#/lib/money.ts';

/** One suggestion: picture (or the placeholder), name, short description, list and cash price, badges. */
export function Suggestion({ product, id, active }: { product: Produto; id: string; active: boolean }) {
  const image = product.midias.imagens[0]?.arquivos.small;
  const badges = visibleBadges(product.selos);
  return (
    <a
      id={id}
      role="option"
      aria-selected={active}
      className={active ? 'sg sg--active' : 'sg'}
      href={product.rota.path ?? '/'}
      tabIndex={-1}
    >
      <img src={image ?? '/sem-imagem.svg'} alt="" width="56" height="56" loading="lazy" />
      <span className="sg__text">
        <span className="sg__name">{product.nome}</span>
        {product.descricoes['curta'] && <span className="sg__desc">{product.descricoes['curta']}</span>}
        <span className="sg__prices">
          {product.precos.de > product.precos.por && <s>{formatBRL(product.precos.de)}</s>}{' '}
          <strong>{formatBRL(product.precos.vista)}</strong> {product.precos.textoVista}
        </span>
        {badges.length > 0 && (
          <span className="sg__badges">
            {badges.map((b) =>
              b.imagem ? (
                <img key={b.id} src={b.imagem} alt={b.label || b.nome} height="16" />
              ) : (
                <span key={b.id} style={{ color: b.cores.texto, background: b.cores.selo }}>
                  {b.label}
                </span>
              ),
            )}
          </span>
        )}
      </span>
    </a>
  );
}
