import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ProductImage } from '@/components/ui/product-image';
import { BANNER_LOADING_MAX_MS, BANNER_PRODUCT_COUNT, BANNER_ROTATE_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import { productPhotoUrl } from '@/lib/api-client';
import type { Product } from '@/types/api';
import { pickRandom, wrapIndex } from '../utils/listing';

/**
 * Five random products, one at a time: advances every 3 s, previous/next wrap around, and a
 * 'Loading...' overlay covers a slide until its image loads or 2 s pass.
 */
export function FeaturedBanner({ products }: { products: Product[] }) {
  const [slides] = useState(() => pickRandom(products, BANNER_PRODUCT_COUNT));
  const [index, setIndex] = useState(0);
  const [loaded, setLoaded] = useState<ReadonlySet<number>>(() => new Set());
  const [timedOut, setTimedOut] = useState<ReadonlySet<number>>(() => new Set());
  const count = slides.length;

  // Any change of slide (automatic or by hand) restarts the 3 s wait.
  useEffect(() => {
    if (count < 2) return;
    const id = window.setTimeout(() => setIndex((i) => wrapIndex(i + 1, count)), BANNER_ROTATE_MS);
    return () => window.clearTimeout(id);
  }, [index, count]);

  const waiting = !loaded.has(index) && !timedOut.has(index);
  useEffect(() => {
    if (!waiting) return;
    const id = window.setTimeout(() => setTimedOut((s) => new Set(s).add(index)), BANNER_LOADING_MAX_MS);
    return () => window.clearTimeout(id);
  }, [index, waiting]);

  if (count === 0) return null;

  const markLoaded = (i: number) => setLoaded((s) => (s.has(i) ? s : new Set(s).add(i)));

  return (
    <section className="hero" aria-roledescription="carousel" aria-label="Featured products">
      <div className="hero-viewport">
        <ul className="hero-track" style={{ transform: `translateX(-${index * 100}%)` }}>
          {slides.map((p, i) => {
            const discount = p.discount?.[0] ?? 0;
            const current = i === index;
            return (
              <li
                key={p._id}
                className="hero-slide"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${count}`}
                aria-hidden={!current}
                inert={!current}
              >
                <Link to={paths.product.getHref(p._id)} className="hero-link">
                  <ProductImage
                    className="hero-image"
                    src={productPhotoUrl(p._id)}
                    alt={p.name}
                    width={1200}
                    height={500}
                    loading={i === 0 ? 'eager' : 'lazy'}
                    fetchPriority={i === 0 ? 'high' : 'auto'}
                    onLoad={() => markLoaded(i)}
                  />
                  <div className="hero-caption">
                    <p className="hero-offer">FLAT {discount}% OFF</p>
                    <h2 className="hero-title">{p.name}</h2>
                    <p className="hero-desc">{p.description?.[0] ?? p.info}</p>
                    <span className="btn btn-primary hero-cta">Shop now</span>
                  </div>
                </Link>
              </li>
            );
          })}
        </ul>
        {waiting && (
          <div className="hero-loading" role="status">
            Loading...
          </div>
        )}
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            className="icon-btn hero-nav hero-prev"
            onClick={() => setIndex((i) => wrapIndex(i - 1, count))}
            aria-label="Previous slide"
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="icon-btn hero-nav hero-next"
            onClick={() => setIndex((i) => wrapIndex(i + 1, count))}
            aria-label="Next slide"
          >
            <span aria-hidden="true">›</span>
          </button>
          <div className="hero-dots">
            {slides.map((p, i) => (
              <button
                key={p._id}
                type="button"
                className={`hero-dot${i === index ? ' is-active' : ''}`}
                aria-label={`Go to slide ${i + 1}`}
                aria-current={i === index}
                onClick={() => setIndex(i)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
