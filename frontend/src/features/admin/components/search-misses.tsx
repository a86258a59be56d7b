import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatCount } from '@/lib/format';
import { useSearchMisses } from '../api/get-search-misses';

/**
 * What shoppers looked for and did not find in the last 30 days, most asked first, each with a bar
 * against the most asked: words to add to a product's tags, or to `SEARCH_SYNONYMS`.
 */
export function SearchMisses() {
  const misses = useSearchMisses();
  return (
    <section className="dashboard-panel" aria-labelledby="search-misses-title">
      <h2 id="search-misses-title">Searches that found nothing</h2>
      <span className="muted">Last 30 days; add the word to a product&apos;s tags to be found by it</span>
      {misses.isPending ? <p className="muted">Loading...</p> : null}
      {misses.isError ? <p className="muted">The searches could not be loaded.</p> : null}
      {misses.data?.length === 0 ? <p className="muted">Every search found something.</p> : null}
      {misses.data && misses.data.length > 0 ? (
        <ol className="search-misses" aria-label="Searches that found nothing">
          {misses.data.map((miss) => {
            const most = misses.data[0]?.count ?? miss.count;
            return (
              <li key={miss.q} className="search-miss">
                <Link className="search-miss-q" to={paths.search.getHref(miss.q)}>
                  {miss.q}
                </Link>
                <span className="search-miss-bar" aria-hidden="true">
                  <span style={{ width: `${most > 0 ? Math.round((miss.count / most) * 100) : 0}%` }} />
                </span>
                <span className="search-miss-count">{formatCount(miss.count, 'search', 'searches')}</span>
              </li>
            );
          })}
        </ol>
      ) : null}
    </section>
  );
}
