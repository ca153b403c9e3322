import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $popup, closePopup, schedulePopup } from '#/stores/popup.ts';
import { useDialog } from '#/islands/shared/dialog.ts';
import { Icon } from '#/islands/shared/Icon.tsx';
import { useLateReady } from '#/islands/shared/ready.ts';
import { SafeHtml } from '#/islands/shared/SafeHtml.tsx';
import popupCss from './popup.css?url';

/**
 * Run `show` once no drawer or dialog is open (they lock the page's scroll: `no-scroll` on <html>), the
 * cookie question is answered (`consent-open` on <html> while it is not) and the shopper is not typing in a
 * field: a popup never lands on top of the side cart or the cookie banner, or takes focus from a form.
 * Returns a cancel function.
 */
function whenUndisturbed(show: () => void): () => void {
  const root = document.documentElement;
  const check = () => {
    if (
      root.classList.contains('no-scroll') ||
      root.classList.contains('consent-open') ||
      document.activeElement?.matches('input, textarea, select')
    )
      return;
    stop();
    show();
  };
  const drawers = new MutationObserver(check);
  // Focus leaves before it lands: look once it has landed.
  const later = () => setTimeout(check, 0);
  const stop = () => {
    drawers.disconnect();
    document.removeEventListener('focusout', later);
  };
  drawers.observe(root, { attributeFilter: ['class'] });
  document.addEventListener('focusout', later);
  check();
  return stop;
}

/**
 * The page level's popup (`struct/popup/{nivel}`): shown once per visitor, `tempo` seconds after the
 * islands wake (later if a drawer is open or the shopper is typing), as an accessible dialog. A
 * newsletter popup carries the sign-up form.
 */
export default function Popups({ nivel }: { nivel: string }) {
  const styled = useLateReady(popupCss);
  const popup = useStore($popup);
  useEffect(() => {
    let cancel: () => void = () => undefined;
    void schedulePopup(nivel, whenUndisturbed).then((stop) => {
      cancel = stop;
    });
    return () => {
      cancel();
    };
  }, [nivel]);
  const panel = useDialog(popup !== undefined, closePopup);
  if (!popup || !styled) return null;
  return (
    <>
      <button type="button" className="backdrop" tabIndex={-1} aria-label="Fechar" onClick={closePopup} />
      <div ref={panel} className="popup" role="dialog" aria-modal="true" aria-labelledby="popup-title">
        <button type="button" className="icon-btn popup__close" aria-label="Fechar" onClick={closePopup}>
          <Icon name="close" />
        </button>
        <h2 id="popup-title">{popup.nome}</h2>
        {popup.imagem && <img src={popup.imagem} alt="" width="480" height="270" />}
        {popup.conteudo && <SafeHtml className="popup__text" html={popup.conteudo} />}
        {popup.tipo === 'newsletter' ? (
          <form className="news" method="post" action="/newsletter">
            <div className="news__field">
              <label htmlFor="popup-email">E-mail</label>
              <input
                id="popup-email"
                name="email"
                type="email"
                autoComplete="email"
                required
                maxLength={254}
              />
            </div>
            <div className="news__trap" aria-hidden="true">
              <label htmlFor="popup-site">Não preencha este campo</label>
              <input id="popup-site" name="website" tabIndex={-1} autoComplete="off" />
            </div>
            <input type="hidden" name="retorno" value={location.pathname} />
            <button className="btn" type="submit">
              Quero meu desconto
            </button>
          </form>
        ) : (
          popup.link && (
            <a className="btn" href={popup.link}>
              Aproveitar
            </a>
          )
        )}
      </div>
    </>
  );
}
