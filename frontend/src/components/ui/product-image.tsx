import { useState, type ImgHTMLAttributes } from 'react';
import { productPhotoSrcSet, productPhotoUrl, type PhotoRef } from '@/lib/api-client';

const PLACEHOLDER = '/placeholder-shoe.svg';

type Source =
  /** Any image address (a category's picture, a gallery picture). */
  | { src: string | undefined; photo?: never; sizes?: never }
  /** A product photo: `srcset` over the server's widths; `sizes` must match the CSS layout. */
  | { photo: PhotoRef; sizes: string; src?: never };

type ProductImageProps = Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes' | 'alt' | 'width' | 'height'
> &
  Source & {
    alt: string;
    /** Intrinsic size: with CSS `width: 100%` the browser reserves the box before a byte arrives. */
    width: number;
    height: number;
    /** Above the fold and the page's main picture: loaded at once and first. Everything else is lazy. */
    priority?: boolean;
  };

/** An image with fixed dimensions that falls back to a drawn shoe when the source fails. */
export function ProductImage(props: ProductImageProps) {
  const { src, photo, sizes, alt, width, height, priority = false, loading, fetchPriority, onError, ...rest } = props;
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  // The mid width is the `src` for browsers without srcset, and what tests and tools see.
  const wanted = photo ? productPhotoUrl(photo.id, 480, photo.version) : src;
  const failed = !wanted || failedSrc === wanted;
  return (
    <img
      {...rest}
      src={failed ? PLACEHOLDER : wanted}
      srcSet={!failed && photo ? productPhotoSrcSet(photo.id, photo.version) : undefined}
      sizes={!failed && photo ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={loading ?? (priority ? 'eager' : 'lazy')}
      fetchPriority={fetchPriority ?? (priority ? 'high' : undefined)}
      decoding={priority ? 'auto' : 'async'}
      onError={(event) => {
        if (wanted && !failed) setFailedSrc(wanted);
        onError?.(event);
      }}
    />
  );
}
