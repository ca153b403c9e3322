import { useEffect, useState } from 'react';
import { validQuantity } from '#/contract/cart-rules.ts';
import type { CartItem } from '#/contract/cart.ts';
import { cashPrice, quantityText, shortName } from '#/lib/cart-view.ts';
import { formatBRL } from '#/lib/money.ts';
import { changeQuantity, removeItem } from '#/stores/cart-lines.ts';
import { Icon } from '#/islands/shared/Icon.tsx';
import * as icons from '#/lib/icons.ts';

/** One cart line: picture, name, finish, prices, quantity (minus, typing, plus) and remove. */
export function CartLine({
  item,
  busy,
  nameLimit,
  cash,
}: {
  item: CartItem;
  busy: boolean;
  nameLimit: number;
  /** The cash methods as the cart names them ('no Pix'); empty when none is offered. */
  cash: string;
}) {
  const [text, setText] = useState(String(item.quantidade));
  useEffect(() => {
    setText(String(item.quantidade));
  }, [item.quantidade]);
  const commit = () => {
    const quantity = Number(text);
    if (text === '' || !validQuantity(quantity)) setText(String(item.quantidade));
    else void changeQuantity(item, quantity);
  };
  const attribute = item.atributos.simples;
  const label = shortName(item.nome, nameLimit);
  return (
    <li className="sc-line">
      <img src={item.imagem || '/sem-imagem.svg'} alt="" width="72" height="72" loading="lazy" />
      <div className="sc-line__body">
        <a className="sc-line__name" href={item.url} title={label === item.nome ? undefined : item.nome}>
          {label}
        </a>
        {attribute && (
          <p className="sc-line__attr">
            {attribute.atributo.label}: {attribute.atributoValor.label}
          </p>
        )}
        <p className="sc-line__prices">
          {item.precos.precoDe > item.precos.precoPor && (
            <s>
              <span className="sr-only">De </span>
              {formatBRL(item.precos.precoDe)}
            </s>
          )}{' '}
          <strong>
            <span className="sr-only">Por </span>
            {formatBRL(item.precos.precoPor)}
          </strong>
          {cash && item.precos.descontoVista > 0 && (
            <span className="sc-line__cash">
              {formatBRL(cashPrice(item.precos.precoPor, item.precos.descontoVista))} {cash}
            </span>
          )}
        </p>
        <div className="sc-line__row">
          <div className="qty" role="group" aria-label={`Quantidade de ${item.nome}`}>
            <button
              type="button"
              className="icon-btn"
              aria-label="Diminuir quantidade"
              disabled={busy || item.quantidade <= 1}
              onClick={() => void changeQuantity(item, item.quantidade - 1)}
            >
              <Icon drawing={icons.minus} size={18} />
            </button>
            <input
              type="tel"
              inputMode="numeric"
              pattern="[0-9]*"
              aria-label="Quantidade"
              value={text}
              disabled={busy}
              onChange={(event) => {
                setText(quantityText(event.target.value));
              }}
              onBlur={commit}
              onKeyDown={(event) => {
                if (event.key === 'Enter') commit();
              }}
            />
            <button
              type="button"
              className="icon-btn"
              aria-label="Aumentar quantidade"
              disabled={busy || item.quantidade >= item.estoque}
              onClick={() => void changeQuantity(item, item.quantidade + 1)}
            >
              <Icon drawing={icons.plus} size={18} />
            </button>
          </div>
          <button
            type="button"
            className="icon-btn"
            aria-label={`Remover ${item.nome}`}
            disabled={busy}
            onClick={() => void removeItem(item)}
          >
            <Icon drawing={icons.trash} size={20} />
          </button>
        </div>
      </div>
    </li>
  );
}
