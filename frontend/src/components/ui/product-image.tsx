import { useState, type ImgHTMLAttributes } from 'react';

const PLACEHOLDER = '/placeholder-shoe.svg';

type ProductImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'width' | 'height'> & {
  src: string | undefined;
  alt: string;
  width: number;
  height: number;
};

/** An image with fixed dimensions that falls back to a drawn shoe when the source fails. */
export function ProductImage({ src, alt, width, height, loading = 'lazy', onError, ...rest }: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = !src || failedSrc === src ? PLACEHOLDER : src;
  return (
    <img
      {...rest}
      src={shown}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      decoding="async"
      onError={(event) => {
        if (src && shown !== PLACEHOLDER) setFailedSrc(src);
        onError?.(event);
      }}
    />
  );
}
