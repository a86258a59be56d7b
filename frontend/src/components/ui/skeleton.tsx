import type { CSSProperties } from 'react';

type SkeletonProps = { width?: CSSProperties['width']; height?: CSSProperties['height']; className?: string };

export function Skeleton({ width = '100%', height = 16, className = '' }: SkeletonProps) {
  return <div className={`skeleton ${className}`} style={{ width, height }} aria-hidden="true" />;
}
