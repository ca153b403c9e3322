import { useEffect } from 'react';
import { firstName } from '#/stores/user.ts';
import type { User } from '#/contract/user.ts';

/**
 * Header dropdowns (`details[data-dropdown]`) close on any click outside them and on Esc; the account
 * one greets a logged-in shopper by name.
 */
export function useDropdowns(user: User | undefined): void {
  useEffect(() => {
    const close = (except?: Node) => {
      for (const open of document.querySelectorAll<HTMLDetailsElement>('details[data-dropdown][open]'))
        if (!except || !open.contains(except)) open.open = false;
    };
    const onClick = (event: MouseEvent) => {
      close(event.target instanceof Node ? event.target : undefined);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, []);
  useEffect(() => {
    const name = firstName(user);
    if (!name) return;
    for (const hello of document.querySelectorAll('[data-account-greeting]'))
      hello.textContent = `Olá, ${name}`;
    for (const link of document.querySelectorAll<HTMLAnchorElement>('[data-account-link]')) {
      link.textContent = 'sua conta';
      link.href = '/minha-conta/';
    }
  }, [user]);
}
