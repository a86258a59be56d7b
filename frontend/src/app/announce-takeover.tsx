import { useLayoutEffect, type ReactNode } from 'react';
import { APP_READY_EVENT } from '@/features/catalog/api/first-view';

/**
 * Says when the app's first page is on screen: index.html's script then makes again the taps and
 * typing a page the server drew received before the app took it over (decisions D29).
 */
export function AnnounceTakeover({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    document.dispatchEvent(new Event(APP_READY_EVENT));
  }, []);
  return children;
}
