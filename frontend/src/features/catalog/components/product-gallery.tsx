import { useState } from 'react';
import { ProductImage } from '@/components/ui/product-image';
import type { PhotoRef } from '@/lib/api-client';
import { GALLERY_SLIDE_MS } from '@/config/constants';
import { wrapIndex } from '../utils/listing';
import { SlideArrows } from './slide-arrows';
import './product-gallery.css';
import { AppButton } from '@/components/ui/app-button';

/** The product's own photo (served at the server's widths), or another picture by address. */
export type GalleryImage = { alt: string } & ({ photo: PhotoRef } | { src: string });

/*
 * Drawn widths (product-gallery.css): the whole page below 861px; beside the details the gallery takes
 * 1.1 of 2.1 parts of the container (1200px, gutters 32px, gap up to 48px), 570px at most.
 */
const STAGE_SIZES = '(max-width: 860px) calc(100vw - 32px), (max-width: 1263px) 50vw, 570px';
const THUMB_SIZES = '72px';

const keyOf = (img: GalleryImage) => ('photo' in img ? img.photo.id : img.src);

function GalleryPicture({
  image,
  sizes,
  ...rest
}: {
  image: GalleryImage;
  sizes: string;
  width: number;
  height: number;
  priority?: boolean;
  fetchPriority?: 'low';
  alt?: string;
}) {
  const alt = rest.alt ?? image.alt;
  return 'photo' in image ? (
    <ProductImage photo={image.photo} sizes={sizes} {...rest} alt={alt} />
  ) : (
    <ProductImage src={image.src} {...rest} alt={alt} />
  );
}

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
            <li key={`${keyOf(img)}-${i}`} className="gallery-slide" aria-hidden={i !== index}>
              {/* The main photo is the page's largest picture: first, at once. */}
              <GalleryPicture image={img} sizes={STAGE_SIZES} width={800} height={800} priority={i === 0} />
            </li>
          ))}
        </ul>
        {count > 1 && <SlideArrows item="photo" onPrevious={() => go(index - 1)} onNext={() => go(index + 1)} />}
      </div>
      {count > 1 && (
        <ul className="gallery-thumbs" aria-label="Photo thumbnails">
          {images.map((img, i) => (
            <li key={`${keyOf(img)}-${i}`}>
              <AppButton
                type="button"
                className="gallery-thumb"
                aria-current={i === index}
                aria-label={`Show photo ${i + 1}`}
                onClick={() => go(i)}
              >
                {/* In view on a phone beside the main photo: after it in the queue for bandwidth. */}
                <GalleryPicture image={img} sizes={THUMB_SIZES} alt="" width={72} height={72} fetchPriority="low" />
              </AppButton>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
