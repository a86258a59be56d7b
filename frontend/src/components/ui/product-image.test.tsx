import { fireEvent, render, screen } from '@testing-library/react';
import { ProductImage } from './product-image';

describe('ProductImage', () => {
  it("offers every width the server makes, versioned, with the layout's sizes, lazily by default", () => {
    render(<ProductImage photo={{ id: 'p1', version: 'abc' }} sizes="50vw" alt="Runner" width={400} height={400} />);
    const img = screen.getByRole('img', { name: 'Runner' });
    expect(img).toHaveAttribute(
      'srcset',
      [240, 480, 960, 1600].map((w) => `/api/v1/product/product-photo/p1?w=${w}&v=abc ${w}w`).join(', '),
    );
    expect(img).toHaveAttribute('sizes', '50vw');
    expect(img).toHaveAttribute('src', '/api/v1/product/product-photo/p1?w=480&v=abc');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).not.toHaveAttribute('fetchpriority');
    expect(img).toHaveAttribute('width', '400');
    expect(img).toHaveAttribute('height', '400');
  });

  it('leaves out v when the product has no photo version', () => {
    render(<ProductImage photo={{ id: 'p1', version: null }} sizes="64px" alt="Runner" width={64} height={64} />);
    const img = screen.getByRole('img', { name: 'Runner' });
    expect(img.getAttribute('srcset')).not.toContain('v=');
    expect(img).toHaveAttribute('src', '/api/v1/product/product-photo/p1?w=480');
  });

  it('loads a priority picture at once and first', () => {
    render(<ProductImage photo={{ id: 'p1' }} sizes="100vw" alt="Runner" width={800} height={800} priority />);
    const img = screen.getByRole('img', { name: 'Runner' });
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
  });

  it('falls back to the drawn shoe, without the srcset, when the photo fails', () => {
    render(<ProductImage photo={{ id: 'p1' }} sizes="100vw" alt="Runner" width={400} height={400} />);
    const img = screen.getByRole('img', { name: 'Runner' });
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', '/placeholder-shoe.svg');
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
  });
});
