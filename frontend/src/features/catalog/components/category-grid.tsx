import { Link } from 'react-router';
import { ProductImage } from '@/components/ui/product-image';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import type { Category } from '@/types/api';
import './category-grid.css';

/** 'Shop by Category': tiles linking to /category/{id}; 2 columns on small screens, 4 on wide. */
export function CategoryGrid({ categories }: { categories: Category[] | undefined }) {
  if (!categories || categories.length === 0) return null;
  return (
    <section className="section" aria-labelledby="shop-by-category">
      <h2 id="shop-by-category" className="section-title">
        Shop by Category
      </h2>
      <ul className="tile-grid category-grid">
        {categories.map((c) => (
          <li key={c._id}>
            <Link to={paths.category.getHref(c._id)} className="category-tile">
              {/* Behind the banner's photo, the page's largest paint, in the queue for bandwidth. */}
              <ProductImage src={c.image || undefined} alt="" width={400} height={300} fetchPriority="low" />
              <span className="category-tile-name">{c.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Four tiles' worth of skeleton, while the home page waits for its data. */
export function CategoryGridSkeleton() {
  return (
    <div className="section">
      <ul className="tile-grid category-grid" aria-hidden="true">
        {Array.from({ length: 4 }, (_, i) => (
          <li key={i}>
            <Skeleton height={0} className="category-tile-skeleton" />
          </li>
        ))}
      </ul>
    </div>
  );
}
