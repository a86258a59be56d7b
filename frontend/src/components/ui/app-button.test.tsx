import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { render, screen } from '@testing-library/react';
import { AppButton } from './app-button';

const tapped = vi.fn();
const button = (
  <AppButton className="btn" onClick={tapped}>
    Add to Cart
  </AppButton>
);

describe('AppButton (decisions D32)', () => {
  it('on the server is disabled and says it is not ready yet', () => {
    const html = renderToString(button);
    expect(html).toContain('disabled=""');
    expect(html).toContain('aria-disabled="true"');
    expect(html).toContain('not ready yet');
  });

  it('hydrates the server markup without a mismatch, then works', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(button);
    document.body.append(container);
    const drawn = container.querySelector('button');
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, button, { onRecoverableError: (error) => errors.push(error) });
    });
    const hydrated = container.querySelector('button')!;
    expect(errors).toEqual([]);
    expect(hydrated).toBe(drawn);
    expect(hydrated).toBeEnabled();
    expect(hydrated).not.toHaveAttribute('aria-disabled');
    expect(hydrated.textContent).toBe('Add to Cart');
    hydrated.click();
    expect(tapped).toHaveBeenCalledTimes(1);
    container.remove();
  });

  it('with a label of its own, says it in the label', () => {
    expect(renderToString(<AppButton aria-label="Next photo">›</AppButton>)).toContain(
      'aria-label="Next photo (not ready yet)"',
    );
  });

  it('drawn by the app alone, is ready at once', () => {
    render(button);
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });
});
