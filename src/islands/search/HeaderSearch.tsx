// One island: the ARIA combobox's keyboard, focus and panel states belong together.
import { useStore } from '#/islands/shared/use-store.ts';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode, SyntheticEvent } from 'react';
import {
  $searchOpen,
  $searchText,
  $submitting,
  $suggestions,
  BLUR_DELAY_MS,
  closeSearch,
  openSearch,
  SUGGESTIONS_DESKTOP,
  SUGGESTIONS_MOBILE,
  submitSearch,
  typed,
} from '#/stores/search.ts';
import { Icon } from '#/islands/shared/Icon.tsx';
import * as icons from '#/lib/icons.ts';
import { useLateReady, useStylesheet } from '#/islands/shared/ready.ts';
import { useVoiceSearch } from './voice.ts';
import './search.css';
import suggestionsCss from './suggestions.css?url';

const MOBILE_MAX = 1023;
const isMobile = () => innerWidth <= MOBILE_MAX;
const LIST_ID = 'busca-sugestoes';

/** The panels and their suggestions load when the field is first focused, while the first ones are fetched. */
const loadPanel = () => import('./SearchPanel.tsx');
const SearchPanel = lazy(loadPanel);

/**
 * The header search: a GET form to /busca that works before hydration; once hydrated, an ARIA
 * combobox with suggestions (a dropdown of 8 on desktop, a full-screen panel of 3 on phones) and
 * voice input where the browser has it.
 */
export default function HeaderSearch({ initial = '' }: { initial?: string }) {
  useLateReady();
  const text = useStore($searchText);
  const open = useStore($searchOpen);
  const suggestions = useStore($suggestions);
  const [mounted, setMounted] = useState(false);
  const [mobile, setMobile] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const mobileInput = useRef<HTMLInputElement>(null);
  const overPanel = useRef(false);
  const limit = mobile ? SUGGESTIONS_MOBILE : SUGGESTIONS_DESKTOP;

  useEffect(() => {
    // Keep what was typed before hydration (or the current search on /busca).
    $searchText.set(input.current?.value ?? initial);
    setMounted(true);
    const reset = () => {
      $submitting.set(false);
    };
    addEventListener('pageshow', reset);
    return () => {
      removeEventListener('pageshow', reset);
    };
  }, [initial]);

  /** Set while the phone panel closes: focus going back to the header's field must not reopen it. */
  const closing = useRef(false);
  const closeMobile = () => {
    closing.current = true;
    setTimeout(() => {
      closing.current = false;
    }, 0);
    setMobile(false);
    closeSearch();
  };
  // The panels' styles come with their first opening; a panel shows once they apply.
  const panelStyled = useStylesheet(open || mobile ? suggestionsCss : undefined);
  const voice = useVoiceSearch(
    (heard) => {
      typed(heard, limit);
    },
    (heard) => {
      submitSearch(heard);
    },
  );

  const onFocus = () => {
    if (closing.current) return;
    void loadPanel();
    if (isMobile()) setMobile(true);
    openSearch(isMobile() ? SUGGESTIONS_MOBILE : SUGGESTIONS_DESKTOP);
  };
  useEffect(() => {
    // Focused before hydration (the tap that woke the islands): open the panel now.
    if (document.activeElement === input.current) onFocus();
  }, []);
  useEffect(() => {
    // The retracted header's search icon opens the phone panel.
    const onClick = (event: MouseEvent) => {
      if (!(event.target instanceof Element) || !event.target.closest('[data-search-open]')) return;
      setMobile(true);
      openSearch(SUGGESTIONS_MOBILE);
    };
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('click', onClick);
    };
  }, []);
  /** Focus leaving the field and its panel (to the page, by Tab or a click elsewhere) closes the panel. */
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = root.current;
    if (mobile || !box) return;
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget instanceof Node && box.contains(event.relatedTarget)) return;
      if (overPanel.current) setTimeout(closeSearch, BLUR_DELAY_MS);
      else closeSearch();
    };
    box.addEventListener('focusout', onFocusOut);
    return () => {
      box.removeEventListener('focusout', onFocusOut);
    };
  }, [mobile]);
  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (submitSearch(text)) setMobile(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) openSearch(limit);
      if (count) setActive((i) => (event.key === 'ArrowDown' ? (i + 1) % count : (i - 1 + count) % count));
    } else if (event.key === 'Enter' && active >= 0 && suggestions[active]) {
      event.preventDefault();
      location.assign(suggestions[active].rota.path ?? '/');
    } else if (event.key === 'Escape' && !mobile) {
      closeSearch();
      setActive(-1);
    }
  };
  const field = (ref: typeof input, id: string, expanded: boolean): ReactNode => (
    <input
      ref={ref}
      id={id}
      name="busca"
      // A text input, as the ARIA combobox pattern has it (a search input takes no combobox role);
      // phones still show their search key.
      type="text"
      inputMode="search"
      enterKeyHint="search"
      placeholder="O que você está buscando?"
      value={mounted ? text : initial}
      required
      maxLength={200}
      autoComplete="off"
      role="combobox"
      aria-expanded={expanded}
      aria-controls={LIST_ID}
      aria-autocomplete="list"
      aria-activedescendant={expanded && active >= 0 ? `sg-${String(active)}` : undefined}
      onChange={(event) => {
        setActive(-1);
        typed(event.target.value, limit);
      }}
      onKeyDown={onKeyDown}
      {...(ref === input ? { onFocus } : {})}
    />
  );
  const buttons = (
    <>
      {voice.supported && (
        <button
          type="button"
          className={voice.listening ? 'hs__mic hs__mic--on' : 'hs__mic'}
          aria-label={voice.listening ? 'Parar a busca por voz' : 'Buscar por voz'}
          aria-pressed={voice.listening}
          onClick={() => {
            if (voice.listening) voice.stop();
            else void voice.start();
          }}
        >
          <Icon drawing={icons.mic} size={20} />
        </button>
      )}
      <button type="submit" className="hs__go" aria-label="Buscar">
        <Icon drawing={icons.search} size={22} />
      </button>
    </>
  );

  return (
    <div className="hs" ref={root}>
      <form className="hs__form" action="/busca" method="get" role="search" onSubmit={onSubmit}>
        <label className="sr-only" htmlFor="busca">
          Buscar produtos
        </label>
        {field(input, 'busca', open && !mobile)}
        {buttons}
      </form>
      {(open || mobile) && panelStyled && (
        <Suspense fallback={null}>
          <SearchPanel
            mobile={mobile}
            field={field(mobileInput, 'busca-movel', true)}
            fieldRef={mobileInput}
            buttons={buttons}
            list={{ id: LIST_ID, text, active, limit }}
            onSubmit={onSubmit}
            onClose={closeMobile}
            overPanel={overPanel}
          />
        </Suspense>
      )}
    </div>
  );
}
