import { useEffect, useState } from 'react';
import { useLateReady } from '#/islands/shared/ready.ts';

/**
 * A coupon's 'Copiar' button. It appears only once the island is up (without JavaScript the code is
 * plain text to select), so it is never a dead button.
 */
export default function CopyCode({ code }: { code: string }) {
  useLateReady();
  const [ready, setReady] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    setReady(typeof navigator.clipboard !== 'undefined');
  }, []);
  if (!ready) return null;
  return (
    <button
      type="button"
      className="btn btn--ghost coupon__copy"
      aria-live="polite"
      onClick={() => {
        void navigator.clipboard.writeText(code).then(() => {
          setCopied(true);
          setTimeout(() => {
            setCopied(false);
          }, 2500);
        });
      }}
    >
      {copied ? 'Copiado!' : 'Copiar código'}
    </button>
  );
}
