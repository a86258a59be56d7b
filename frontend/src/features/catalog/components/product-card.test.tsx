import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { productFixture } from '@/testing/data';
import type { ListedProduct } from '@/types/api';
import { ProductCard } from './product-card';

function renderCard(product: ListedProduct) {
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

  describe('colours (decisions D44)', () => {
    const names = ['Black', 'Tan', 'Olive', 'Navy', 'Red', 'White', 'Grey'];
    const coloured = (count: number) =>
      productFixture({
        name: 'Monsoon Knit',
        colors: names.slice(0, count).map((name) => ({ name, hex: null, photos: [] })),
        color: names.slice(0, count),
        type: names.slice(0, count).map(() => 'UK 8'),
        price: names.slice(0, count).map(() => 1999),
        discount: names.slice(0, count).map(() => 0),
      });

    it('shows at most five swatches, named by colour, and +2 for seven colours', () => {
      renderCard(coloured(7));
      const list = screen.getByRole('list', { name: 'Colours' });
      expect(screen.getAllByRole('img', { name: /^(Black|Tan|Olive|Navy|Red|White|Grey)$/ })).toHaveLength(5);
      expect(screen.getByRole('img', { name: 'Red' })).toBeInTheDocument();
      expect(screen.queryByRole('img', { name: 'White' })).not.toBeInTheDocument();
      expect(screen.getByText('+2')).toBeInTheDocument();
      expect(list).toHaveTextContent('2 more colours');
    });

    it('draws a colour by its hex, else its main photo, else its first letter; no +N for five', () => {
      renderCard(
        productFixture({
          name: 'Monsoon Knit',
          colors: [
            { name: 'Tan', hex: '#A0522D', photos: ['/api/v1/media/tan-1'] },
            { name: 'Black', hex: null, photos: ['/api/v1/media/black-1'] },
            { name: 'olive', hex: null, photos: [] },
          ],
          color: ['Tan', 'Black', 'olive'],
        }),
      );
      expect(screen.getByRole('img', { name: 'Tan' })).toHaveStyle({ backgroundColor: '#A0522D' });
      expect(screen.getByRole('img', { name: 'Tan' }).tagName).toBe('SPAN');
      expect(screen.getByRole('img', { name: 'Black' })).toHaveAttribute('src', '/api/v1/media/black-1');
      expect(screen.getByRole('img', { name: 'olive' })).toHaveTextContent(/^O$/);
      expect(screen.queryByText(/^\+\d/)).not.toBeInTheDocument();
    });

    describe('the colour a listing names (decisions D47)', () => {
      const boot = (shownColor: string | null) => ({
        ...productFixture({
          _id: 'boot-1',
          name: 'Chelsea Boot',
          colors: [
            { name: 'Tan', hex: null, photos: ['/api/v1/media/tan-1', '/api/v1/media/tan-2'] },
            { name: 'Black', hex: '#111111', photos: [] },
          ],
          color: ['Tan', 'Black'],
          type: ['UK 8', 'UK 8'],
          price: [4999, 4999],
          discount: [0, 0],
        }),
        shownColor,
      });
      const links = () => screen.getAllByRole('link', { hidden: true }).map((a) => a.getAttribute('href'));
      const photo = () => document.querySelector('.product-card-media img');

      it("shows that colour's main photo and links to the product in it", () => {
        renderCard(boot('Tan'));
        expect(photo()).toHaveAttribute('src', '/api/v1/media/tan-1');
        expect(photo()).toHaveAttribute('alt', 'Chelsea Boot in Tan');
        expect(photo()).not.toHaveAttribute('srcset');
        expect(links()).toEqual([
          '/product/boot-1?color=Tan',
          '/product/boot-1?color=Tan',
          '/product/boot-1?color=Tan',
        ]);
      });

      it("keeps the product's photo for a colour without photos, and still links to it", () => {
        renderCard(boot('Black'));
        expect(photo()).toHaveAttribute('src', expect.stringContaining('/api/v1/product/product-photo/boot-1'));
        expect(links()).toEqual([
          '/product/boot-1?color=Black',
          '/product/boot-1?color=Black',
          '/product/boot-1?color=Black',
        ]);
      });

      it("shows the product's own photo and page when the listing names no colour", () => {
        renderCard(boot(null));
        expect(photo()).toHaveAttribute('src', expect.stringContaining('/api/v1/product/product-photo/boot-1'));
        expect(photo()).toHaveAttribute('srcset');
        expect(photo()).toHaveAttribute('alt', 'Chelsea Boot');
        expect(links()).toEqual(['/product/boot-1', '/product/boot-1', '/product/boot-1']);
      });
    });

    it('draws nothing for a product without colours', () => {
      renderCard(productFixture({ name: 'Plain' }));
      expect(screen.queryByRole('list', { name: 'Colours' })).not.toBeInTheDocument();
      expect(document.querySelector('.card-swatches')).toBeNull();
    });
  });
});
