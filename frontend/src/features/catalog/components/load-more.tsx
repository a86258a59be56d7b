import { useEffect, useRef } from 'react';
import './load-more.css';
import { AppButton } from '@/components/ui/app-button';

type LoadMoreProps = { hasMore: boolean; loading: boolean; onLoadMore: () => void };

/** How far below the screen the next page is asked for, so it usually arrives before it is seen. */
const AHEAD = '0px 0px 1200px 0px';

/**
 * The rest of a listing: the next page comes when this block nears the screen, or with the
 * `Load more` button (keyboards, and browsers without IntersectionObserver).
 */
export function LoadMore({ hasMore, loading, onLoadMore }: LoadMoreProps) {
  const ref = useRef<HTMLDivElement>(null);

  // Re-armed after every page: if the block is still near the screen, the next page follows.
  useEffect(() => {
    const node = ref.current;
    if (!node || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onLoadMore(), {
      rootMargin: AHEAD,
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loading, onLoadMore]);

  if (!hasMore) return null;
  return (
    <div ref={ref} className="load-more">
      <AppButton
        type="button"
        className="btn btn-secondary"
        onClick={onLoadMore}
        disabled={loading}
        aria-busy={loading}
      >
        {loading ? 'Loading...' : 'Load more'}
      </AppButton>
    </div>
  );
}
