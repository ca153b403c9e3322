import { useStore } from '#/islands/shared/use-store.ts';
import { formatBRL } from '#/lib/money.ts';
import { $cart, $cartBusy, $cartMessages, $upsell, closeCart } from '#/stores/cart.ts';
import { CartLine } from './CartLine.tsx';
import { UpsellRow } from './Upsell.tsx';
import { useDialog } from '#/islands/shared/dialog.ts';
import { Icon } from '#/islands/shared/Icon.tsx';
import * as icons from '#/lib/icons.ts';
import { SafeHtml } from '#/islands/shared/SafeHtml.tsx';

export type DrawerProps = {
  /** Departments offered when the cart is empty. */
  departments: { label: string; href: string }[];
  /** Where a line's name is cut (the store's setting produto.limiteNomeCarrinho). */
  nameLimit: number;
  /** The shopper closed the offers row: it stays closed while the page lives. */
  offersClosed: boolean;
  onOffersClosed: () => void;
};

/** The open side cart ('Sacola de compras'): a focus-trapped dialog over the page, loaded on first use. */
export default function CartDrawer({ departments, nameLimit, offersClosed, onOffersClosed }: DrawerProps) {
  const cart = useStore($cart);
  const busy = useStore($cartBusy);
  const messages = useStore($cartMessages);
  const offers = useStore($upsell);
  const panel = useDialog(true, closeCart);
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
            <Icon drawing={icons.close} />
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
            <UpsellRow offers={offers} busy={busy} onClose={onOffersClosed} />
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
