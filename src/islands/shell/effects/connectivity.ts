import { useEffect, useState } from 'react';

/** Online/offline: a note while the connection is gone, and a short one when it is back. */
export function useConnectivity(): 'online' | 'offline' | 'back' {
  const [state, setState] = useState<'online' | 'offline' | 'back'>('online');
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const offline = () => {
      clearTimeout(timer);
      setState('offline');
    };
    const online = () => {
      setState('back');
      timer = setTimeout(() => {
        setState('online');
      }, 4000);
    };
    if (!navigator.onLine) offline();
    addEventListener('offline', offline);
    addEventListener('online', online);
    return () => {
      removeEventListener('offline', offline);
      removeEventListener('online', online);
      clearTimeout(timer);
    };
  }, []);
  return state;
}
