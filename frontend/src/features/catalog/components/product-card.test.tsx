import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { productFixture } from '@/testing/data';
import type { Product } from '@/types/api';
import { ProductCard } from './product-card';

function renderCard(product: Product) {
  render(
    <MemoryRouter>
      <ProductCard product={product} sizes="100vw" />
    </MemoryRouter>,
  );
}

describe('ProductCard', () => {
  it("shows the spec's badge beside the exact sale price and the struck MRP", () => {
    renderCard(
      productFixture({ name: 'Court Classic', price: [3299], discount: [60], salePrice: [1299], type: ['UK 8'] }),
    );
    expect(screen.getByText('60% Off')).toBeInTheDocument();
    expect(screen.getByText('₹1,299')).toBeInTheDocument();
    const mrp = screen.getByText('₹3,299', { exact: false });
    expect(mrp.tagName).toBe('S');
    expect(mrp).toHaveTextContent('MRP ₹3,299');
  });

  it('shows a full-price shoe at its price alone', () => {
    renderCard(productFixture({ name: 'Plain', price: [1499], discount: [0], salePrice: [1499], type: ['UK 8'] }));
    expect(screen.getByText('₹1,499')).toBeInTheDocument();
    expect(screen.queryByText(/Off$/)).not.toBeInTheDocument();
    expect(document.querySelector('s')).toBeNull();
  });
});
