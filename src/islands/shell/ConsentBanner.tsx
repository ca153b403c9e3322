import { useEffect, useState } from 'react';
import { readSiteConfig } from '#/lib/site-config.ts';
import { TAG_MANAGER_ORIGIN } from '#/lib/tag-manager.ts';
import { whenQuiet } from './quiet-moment.ts';

/** The visitor's cookie choice (LGPD): kept in local storage; nothing non-essential loads before 'aceito'. */
export const CONSENT_KEY = 'cookies:consentimento';

function loadTagManager(id: string): void {
  if (!/^GTM-[A-Z0-9]+$/.test(id) || document.getElementById('gtm')) return;
  const w = window as Window & { dataLayer?: object[] };
  w.dataLayer ??= [];
  w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.id = 'gtm';
  script.async = true;
  script.src = `${TAG_MANAGER_ORIGIN}/gtm.js?id=${encodeURIComponent(id)}`;
  document.head.append(script);
}

/**
 * The LGPD cookie banner: 'Aceitar' and 'Recusar' with the same weight. The tag manager (when one is
 * configured) loads only after 'Aceitar'; the store itself uses only essential storage. The question
 * appears once no tap is under way (the tap that woke the islands goes where it was meant to).
 */
export function ConsentBanner() {
  const [choice, setChoice] = useState<string | null>('pendente');
  const [quiet, setQuiet] = useState(false);
  useEffect(() => {
    const saved = localStorage.getItem(CONSENT_KEY);
    setChoice(saved);
    if (saved === 'aceito') loadTagManager(readSiteConfig().gtm);
    return saved === null
      ? whenQuiet(window, () => {
          setQuiet(true);
        })
      : undefined;
  }, []);
  // While the question is open the page says so on <html>: popups wait for the answer (islands/popup).
  useEffect(() => {
    document.documentElement.classList.toggle('consent-open', choice === null);
  }, [choice]);
  if (choice !== null || !quiet) return null;
  const decide = (value: 'aceito' | 'recusado') => {
    localStorage.setItem(CONSENT_KEY, value);
    setChoice(value);
    if (value === 'aceito') loadTagManager(readSiteConfig().gtm);
  };
  return (
    <section className="consent" aria-label="Cookies">
      <p>
        Usamos cookies essenciais para a loja funcionar (sacola, login). Com a sua permissão, usamos também
        cookies de medição para melhorar a loja.{' '}
        <a href="/institucional/politica-de-privacidade">Política de privacidade</a>
      </p>
      <div className="consent__actions">
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => {
            decide('recusado');
          }}
        >
          Recusar
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => {
            decide('aceito');
          }}
        >
          Aceitar
        </button>
      </div>
    </section>
  );
}
