import type { ReactNode, RefObject, SyntheticEvent } from 'react';
import { searchText } from '#/contract/search-text.ts';
import { useDialog } from '#/islands/shared/dialog.ts';
import { Icon } from '#/islands/shared/Icon.tsx';
import * as icons from '#/lib/icons.ts';
import { closeSearch, submitSearch } from '#/stores/search.ts';
import SuggestionList from './SuggestionList.tsx';

type Props = {
  /** The phone's full-screen dialog, or else the dropdown under the header's field. */
  mobile: boolean;
  /** The dialog's own search field (HeaderSearch keeps the combobox), focused as it opens. */
  field: ReactNode;
  fieldRef: RefObject<HTMLInputElement | null>;
  /** The voice and submit buttons. */
  buttons: ReactNode;
  /** The suggestions' listbox: its id, what was typed, the active option, how many to show. */
  list: { id: string; text: string; active: number; limit: number };
  onSubmit: (event: SyntheticEvent) => void;
  /** Close the phone's dialog. */
  onClose: () => void;
  /** Set while the pointer is over the dropdown, so a blur waits for its click. */
  overPanel: RefObject<boolean>;
};

/**
 * The header search's panels, loaded when the field is first focused: a dropdown of suggestions on
 * desktop, a full-screen dialog on phones (focus kept inside, Esc closes).
 */
export default function SearchPanel({
  mobile,
  field,
  fieldRef,
  buttons,
  list,
  onSubmit,
  onClose,
  overPanel,
}: Props) {
  const panel = useDialog(mobile, onClose, fieldRef);
  const suggestions = <SuggestionList {...list} />;
  if (mobile)
    return (
      <div ref={panel} className="hs__mobile" role="dialog" aria-modal="true" aria-label="Buscar produtos">
        <form className="hs__form" action="/busca" method="get" role="search" onSubmit={onSubmit}>
          <button type="button" className="icon-btn" aria-label="Fechar busca" onClick={onClose}>
            <Icon drawing={icons.back} />
          </button>
          <label className="sr-only" htmlFor="busca-movel">
            Buscar produtos
          </label>
          {field}
          {buttons}
        </form>
        {suggestions}
      </div>
    );
  return (
    <div
      className="hs__panel"
      onPointerEnter={() => {
        overPanel.current = true;
      }}
      onPointerLeave={() => {
        overPanel.current = false;
      }}
    >
      <div className="hs__head">
        <h2>Resultados</h2>
        <button type="button" className="icon-btn" aria-label="Fechar resultados" onClick={closeSearch}>
          <Icon drawing={icons.close} size={18} />
        </button>
      </div>
      {suggestions}
      <button
        type="button"
        className="btn hs__all"
        onClick={() => submitSearch(list.text)}
        disabled={!searchText(list.text)}
      >
        Ver todos os resultados
      </button>
    </div>
  );
}
