import { useState } from 'react';
import type { Upsell, UpsellItem } from '#/contract/cart.ts';
import { formatBRL } from '#/lib/money.ts';
import { addOffer } from '#/stores/cart-lines.ts';
import { Icon } from '#/islands/shared/Icon.tsx';
import * as icons from '#/lib/icons.ts';

type Offer = Upsell['upsellDisponiveis'][number];

/** One offer: its finish choice ('Escolher' until chosen, automatic with one value, fixed when locked). */
function OfferCard({ item, button, busy }: { item: UpsellItem; button: string; busy: boolean }) {
  const values = item.atributosSimples.valores;
  const [chosen, setChosen] = useState(item.idAtributoSimplesSelecionado);
  const [missing, setMissing] = useState(false);
  const value = values.find((v) => v.idAtributoValor === chosen);
  const selectId = `upsell-${String(item.idProduto)}`;
  const add = () => {
    if (!value) {
      setMissing(true);
      return;
    }
    void addOffer(value.carrinho);
  };
  return (
    <li className="up-card">
      <img src={item.imagem || '/sem-imagem.svg'} alt="" width="96" height="96" loading="lazy" />
      <a className="up-card__name" href={item.url}>
        {item.nome}
      </a>
      <p className="up-card__prices">
        {item.precoDe > item.precoPor && <s>{formatBRL(item.precoDe)}</s>}{' '}
        <strong>{formatBRL(item.precoPor)}</strong>
        {item.desconto.porcentagemDesconto > 0 && (
          <span className="up-card__off">-{item.desconto.porcentagemDesconto}%</span>
        )}
      </p>
      {item.travarAtributoSimples || values.length === 1 ? (
        <p className="up-card__attr">
          {item.atributosSimples.nome}: {value?.label}
        </p>
      ) : (
        <>
          <label className="sr-only" htmlFor={selectId}>
            {item.atributosSimples.nome} de {item.nome}
          </label>
          <select
            id={selectId}
            value={chosen}
            aria-invalid={missing || undefined}
            onChange={(event) => {
              setChosen(Number(event.target.value));
              setMissing(false);
            }}
          >
            <option value={0}>Escolher</option>
            {values.map((v) => (
              <option key={v.idAtributoValor} value={v.idAtributoValor}>
                {v.label}
              </option>
            ))}
          </select>
          {missing && (
            <p className="up-card__error" role="alert">
              Escolha o {item.atributosSimples.nome.toLowerCase()}.
            </p>
          )}
        </>
      )}
      <button type="button" className="btn up-card__add" disabled={busy} onClick={add}>
        {button}
      </button>
    </li>
  );
}

/** 'Ofertas Especiais para você': a swipeable row of offers, closable with its X. */
export function UpsellRow({
  offers,
  busy,
  onClose,
}: {
  offers: Offer[];
  busy: boolean;
  onClose: () => void;
}) {
  const items = offers.flatMap((offer) => offer.itens.map((item) => ({ item, button: offer.textoBotao })));
  if (items.length === 0) return null;
  return (
    <section className="upsell" aria-labelledby="upsell-title">
      <div className="upsell__head">
        <h3 id="upsell-title">Ofertas Especiais para você</h3>
        <button type="button" className="icon-btn" aria-label="Fechar ofertas" onClick={onClose}>
          <Icon drawing={icons.close} size={18} />
        </button>
      </div>
      <ul className="upsell__track">
        {items.map(({ item, button }) => (
          <OfferCard key={item.idProduto} item={item} button={button} busy={busy} />
        ))}
      </ul>
    </section>
  );
}
