import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { productFixture } from '@/testing/data';
import { FeaturedBanner } from './featured-banner';

const products = [1, 2, 3, 4, 5, 6].map((n) => productFixture({ _id: `b${n}`, name: `Banner Shoe ${n}` }));

function renderBanner() {
  render(
    <MemoryRouter>
      <FeaturedBanner products={products} />
    </MemoryRouter>,
  );
  const slides = () => screen.getAllByRole('listitem', { hidden: true });
  const current = () => slides().find((s) => s.classList.contains('is-current'));
  const currentName = () => current()?.querySelector('h2')?.textContent;
  return { slides, current, currentName };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('FeaturedBanner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows five products, one slide at a time, each covering the whole banner', () => {
    const { slides, current } = renderBanner();
    expect(slides()).toHaveLength(5);
    expect(slides().filter((s) => s.classList.contains('is-current'))).toHaveLength(1);
    expect(current()).toHaveAttribute('aria-label', '1 of 5');
    expect(current()).not.toHaveClass('go-next');
    expect(slides().filter((s) => s.classList.contains('is-idle'))).toHaveLength(4);
  });

  it('advances every 3 s and wraps from the last slide to the first in one step', () => {
    const { current, slides } = renderBanner();
    advance(2999);
    expect(current()).toHaveAttribute('aria-label', '1 of 5');
    advance(1);
    expect(current()).toHaveAttribute('aria-label', '2 of 5');
    expect(current()).toHaveClass('go-next');
    expect(slides()[0]).toHaveClass('is-leaving', 'go-next');
    for (const label of ['3 of 5', '4 of 5', '5 of 5']) {
      advance(3000);
      expect(current()).toHaveAttribute('aria-label', label);
    }
    expect(current()).toHaveAttribute('aria-label', '5 of 5');
    advance(3000);
    expect(current()).toHaveAttribute('aria-label', '1 of 5');
    // Only the outgoing and incoming slides move: nothing slides past in between.
    expect(slides()[4]).toHaveClass('is-leaving', 'go-next');
    expect(
      slides()
        .slice(1, 4)
        .every((s) => s.classList.contains('is-idle')),
    ).toBe(true);
  });

  it('wraps backwards with Previous and restarts the 3 s wait after a click', () => {
    const { current, currentName } = renderBanner();
    const first = currentName();
    advance(2000);
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(current()).toHaveAttribute('aria-label', '5 of 5');
    expect(current()).toHaveClass('go-prev');
    advance(2999);
    expect(current()).toHaveAttribute('aria-label', '5 of 5');
    advance(1);
    expect(current()).toHaveAttribute('aria-label', '1 of 5');
    expect(currentName()).toBe(first);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(current()).toHaveAttribute('aria-label', '2 of 5');
  });

  it("covers a slide with 'Loading...' until its image loads or 2 s pass", () => {
    const { current } = renderBanner();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    advance(1999);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    advance(1);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    advance(1000); // the second slide: its image arrives first
    expect(current()).toHaveAttribute('aria-label', '2 of 5');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    const image = current()?.querySelector('img');
    if (!image) throw new Error('slide without an image');
    fireEvent.load(image);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
