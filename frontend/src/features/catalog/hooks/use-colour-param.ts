import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The listing's colour from the address (`?color=`, decisions D47; the server matches it ignoring
 * case), and how to clear it: replaced, as the search's size is, so Back leaves the page.
 */
export function useColourParam(): [colour: string | null, clear: () => void] {
  const [params, setParams] = useSearchParams();
  const colour = params.get('color')?.trim() || null;
  const clear = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('color');
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  return [colour, clear];
}
