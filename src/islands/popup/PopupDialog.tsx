import { closePopup } from '#/stores/popup.ts';
import type { Popup } from '#/contract/store.ts';
import { useDialog } from '#/islands/shared/dialog.ts';
import { Icon } from '#/islands/shared/Icon.tsx';
import * as icons from '#/lib/icons.ts';
import { SafeHtml } from '#/islands/shared/SafeHtml.tsx';

/** A due popup as an accessible dialog; a newsletter popup carries the sign-up form. */
export default function PopupDialog({ popup }: { popup: Popup }) {
  const panel = useDialog(true, closePopup);
  return (
    <>
      <button type="button" className="backdrop" tabIndex={-1} aria-label="Fechar" onClick={closePopup} />
      <div ref={panel} className="popup" role="dialog" aria-modal="true" aria-labelledby="popup-title">
        <button type="button" className="icon-btn popup__close" aria-label="Fechar" onClick={closePopup}>
          <Icon drawing={icons.close} />
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
