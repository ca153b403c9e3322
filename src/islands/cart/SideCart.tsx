import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { formatBRL } from '#/lib/money.ts';
import {
  $cart,
  $cartBusy,
  $cartCount,
  $cartMessages,
  $cartOpen,
  $upsell,
  addItem,
  closeCart,
  COUNT_KEY,
  loadCart,
  openCart,
} from '#/stores/cart.ts';
import { CartLine } from './CartLine.tsx';
import { UpsellRow } from './Upsell.tsx';
import { useDialog } from '#/islands/shared/dialog.ts';
import { Icon } from '#/islands/shared/Icon.tsx';
import { useLateReady } from '#/islands/shared/ready.ts';
import { SafeHtml } from '#/islands/shared/SafeHtml.tsx';
import sideCartCss from './side-cart.css?url';

type Props = {
  /** Departments offered when the cart is empty. */
  departments: { label: string; href: string }[];
  /** Where a line's name is cut (the store's setting produto.limiteNomeCarrinho). */
  nameLimit: number;
};

const number = (value: FormDataEntryValue | null) => (typeof value === 'string' ? Number(value) : NaN);

/** Header count, cart link and 'Comprar' forms belong to the page's HTML; the island takes them over. */
function useCartTriggers(): void {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
        return;
      if (!(event.target instanceof Element) || !event.target.closest('[data-cart-link]')) return;
      event.preventDefault();
      void openCart();
    };
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.matches('[data-buy-form]')) return;
      event.preventDefault();
      const data = new FormData(form);
      const item = {
        idProduto: number(data.get('idProduto')),
        idAtributoSimples: number(data.get('idAtributoSimples')),
        quantidade: number(data.get('quantidade')),
      };
      if (Object.values(item).every(Number.isInteger)) void addItem(item);
      else form.submit();
    };
    document.addEventListener('click', onClick);
    document.addEventListener('submit', onSubmit);
    // A returning visitor's count came from local storage at first paint: check it against the cart.
    if (Number(localStorage.getItem(COUNT_KEY) ?? 0) > 0) void loadCart();
    const onStorage = (event: StorageEvent) => {
      if (event.key === COUNT_KEY) void loadCart();
    };
    addEventListener('storage', onStorage);
    const unpaint = $cartCount.subscribe((count) => {
      if (count === undefined) return;
      for (const badge of document.querySelectorAll<HTMLElement>('[data-cart-count]')) {
        badge.textContent = String(count);
        badge.hidden = false;
      }
    });
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('submit', onSubmit);
      removeEventListener('storage', onStorage);
      unpaint();
    };
  }, []);
}

/** The side cart ('Sacola de compras'): a focus-trapped dialog over the page. */
export default function SideCart({ departments, nameLimit }: Props) {
  const styled = useLateReady(sideCartCss);
  useCartTriggers();
  const open = useStore($cartOpen);
  const cart = useStore($cart);
  const busy = useStore($cartBusy);
  const messages = useStore($cartMessages);
  const offers = useStore($upsell);
  const [offersClosed, setOffersClosed] = useState(false);
  const panel = useDialog(open, closeCart);
  if (!open || !styled) return null;
  const items = cart?.itens ?? [];
  const percent = Math.floor(cart?.subtotal.descontoVista.porcentagem ?? 0);
  return (
    <>
      <button
        type="button"
        className="backdrop"
        tabIndex={-1}
        aria-label="Fechar sacola"
        onClick={closeCart}
      />
      <div
        ref={panel}
        className="drawer drawer--right sc"
        role="dialog"
        aria-modal="true"
        aria-labelledby="sc-title"
        aria-busy={busy}
        tabIndex={-1}
      >
        <header className="sc__head">
          <h2 id="sc-title">Sacola de compras ({cart?.quantidadeItens ?? 0})</h2>
          <button type="button" className="icon-btn" aria-label="Fechar sacola" onClick={closeCart}>
            <Icon name="close" />
          </button>
        </header>
        <div className="sc__messages" aria-live="polite">
          {messages.map((m, i) => (
            <p key={`${m.tipo}-${String(i)}`} className={`sc__msg sc__msg--${m.tipo}`}>
              <SafeHtml html={m.mensagem} />
            </p>
          ))}
        </div>
        <div className="sc__body">
          {busy && <div className="sc__loader" role="progressbar" aria-label="Atualizando a sacola" />}
          {cart && items.length === 0 ? (
            <div className="sc__empty">
              <p>
                <strong>Seu carrinho está vazio</strong>
              </p>
              <p>Que tal navegar pelas nossas categorias?</p>
              <ul>
                {departments.map((d) => (
                  <li key={d.href}>
                    <a href={d.href}>{d.label}</a>
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <ul className="sc__items">
              {items.map((item) => (
                <CartLine
                  key={item.hash.idAtributoSimples}
                  item={item}
                  busy={busy}
                  nameLimit={nameLimit}
                  cash={cart?.subtotal.descontoVista.texto ?? ''}
                />
              ))}
            </ul>
          )}
          {items.length > 0 && !offersClosed && (
            <UpsellRow
              offers={offers}
              busy={busy}
              onClose={() => {
                setOffersClosed(true);
              }}
            />
          )}
        </div>
        {cart && items.length > 0 && (
          <footer className="sc__foot">
            <p className="sc__total">
              <span>Sub-total:</span> <strong>{formatBRL(cart.subtotal.valor)}</strong>
            </p>
            {cart.cupom && (
              <p className="sc__total">
                <span>Cupom {cart.cupom.codigo}:</span>{' '}
                <strong>
                  {!cart.cupom.aplicado
                    ? cart.cupom.motivo
                    : cart.cupom.desconto > 0
                      ? `− ${formatBRL(cart.cupom.desconto)}`
                      : `${String(cart.cupom.freteDesconto)}% no frete`}
                </strong>
              </p>
            )}
            <p className="sc__total">
              <span>Total</span>{' '}
              <strong>{formatBRL(cart.subtotal.valor - (cart.cupom?.desconto ?? 0))}</strong>
            </p>
            {percent > 0 && (
              <p className="sc__cash">
                {formatBRL(cart.subtotal.descontoVista.valor)} com {percent}% de desconto{' '}
                {cart.subtotal.descontoVista.texto}
              </p>
            )}
            <a className="btn sc__checkout" href="/checkout/carrinho/">
              FINALIZAR COMPRA
            </a>
            <button type="button" className="btn btn--ghost" onClick={closeCart}>
              Continuar comprando
            </button>
          </footer>
        )}
      </div>
    </>
  );
}
