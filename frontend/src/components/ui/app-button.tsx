import type { ButtonHTMLAttributes } from 'react';
import { useAppReady } from '@/hooks/use-app-ready';

/** Said to assistive technology (and shown as a tooltip) while a drawn page waits for the app. */
export const NOT_READY = 'not ready yet';

/**
 * A button that needs the app (decisions D32). On a page the server drew it is disabled until the
 * app has taken the page over, and says so: a tap before then does nothing rather than being lost
 * or kept for later. Links and the search form work without the app and need none of this.
 */
export function AppButton({ disabled, children, title, ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  const ready = useAppReady();
  if (ready) {
    return (
      <button type="button" disabled={disabled} title={title} {...props}>
        {children}
      </button>
    );
  }
  // A label given by aria-label hides the text inside: the note then goes into the label.
  const label = props['aria-label'];
  return (
    <button
      type="button"
      {...props}
      disabled
      aria-disabled="true"
      aria-label={label === undefined ? undefined : `${label} (${NOT_READY})`}
      title={title ?? `Loading: ${NOT_READY}`}
    >
      {children}
      {label === undefined && <span className="visually-hidden">{` (${NOT_READY})`}</span>}
    </button>
  );
}
