import { useState } from 'react';
import { ProductImage } from '@/components/ui/product-image';
import { GALLERY_SLIDE_MS } from '@/config/constants';
import { wrapIndex } from '../utils/listing';

export type GalleryImage = { src: string; alt: string };

/** The main photo and the other photos, with thumbnails and a 500 ms slide between them. */
export function ProductGallery({ images }: { images: GalleryImage[] }) {
  const [index, setIndex] = useState(0);
  const count = images.length;
  if (count === 0) return null;
  const go = (i: number) => setIndex(wrapIndex(i, count));

  return (
    <div className="gallery">
      <div className="gallery-stage" aria-roledescription="carousel" aria-label="Product photos">
        <ul
          className="gallery-track"
          style={{ transform: `translateX(-${index * 100}%)`, transitionDuration: `${GALLERY_SLIDE_MS}ms` }}
        >
          {images.map((img, i) => (
            <li key={`${img.src}-${i}`} className="gallery-slide" aria-hidden={i !== index}>
              <ProductImage src={img.src} alt={img.alt} width={800} height={800} loading={i === 0 ? 'eager' : 'lazy'} />
            </li>
          ))}
        </ul>
        {count > 1 && (
          <>
            <button
              type="button"
              className="icon-btn hero-nav hero-prev"
              onClick={() => go(index - 1)}
              aria-label="Previous photo"
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className="icon-btn hero-nav hero-next"
              onClick={() => go(index + 1)}
              aria-label="Next photo"
            >
              <span aria-hidden="true">›</span>
            </button>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="gallery-thumbs" aria-label="Photo thumbnails">
          {images.map((img, i) => (
            <li key={`${img.src}-${i}`}>
              <button
                type="button"
                className="gallery-thumb"
                aria-current={i === index}
                aria-label={`Show photo ${i + 1}`}
                onClick={() => go(i)}
              >
                <ProductImage src={img.src} alt="" width={72} height={72} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
