import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { ProductImage } from '@/components/ui/product-image';
import { photoOf } from '@/lib/api-client';
import { BANNER_LOADING_MAX_MS, BANNER_PRODUCT_COUNT, BANNER_ROTATE_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import type { Product } from '@/types/api';
import { pickRandom, wrapIndex } from '../utils/listing';
import { AppButton } from '@/components/ui/app-button';
import { useAppReady } from '@/hooks/use-app-ready';
import { SlideArrows } from './slide-arrows';
import './featured-banner.css';

/*
 * The photo's drawn width (featured-banner.css): the whole banner below 720px (the page minus a 16-32px
 * gutter each side); from 720px a square as high as the banner, clamp(320px, 34vw, 420px).
 */
const HERO_SIZES = '(max-width: 719px) calc(100vw - 32px), (max-width: 941px) 320px, (max-width: 1235px) 34vw, 420px';

type Direction = 'next' | 'prev';

/**
 * Whether the page the server drew (decisions D32), which the app hydrates, already shows the first
 * slide's photo: its load may have come before the app, which then never hears of it.
 */
function drawnPhotoLoaded(): boolean {
  const photo = document.querySelector<HTMLImageElement>('.hero-slide.is-current img');
  return photo !== null && photo.complete && photo.naturalWidth > 0;
}
const noSubscription = () => () => {};
const notOnTheServer = () => false;
type Position = { index: number; previous: number | null; direction: Direction };

/**
 * Five random products (`products` shuffled unless `shuffle` is false), one at a time: advances every 3 s, previous/next wrap around, and a
 * 'Loading...' overlay covers a slide until its image loads or 2 s pass.
 *
 * Every slide is laid over the whole viewport (`inset: 0`), so a slide is always exactly the
 * banner's size whatever the screen. A change animates only the two slides involved: the new one
 * comes in from the side it is on while the old one leaves by the other, so wrapping from the
 * last slide to the first is one step, not a rewind past every slide in between.
 */
export function FeaturedBanner({ products, shuffle = true }: { products: Product[]; shuffle?: boolean }) {
  // `shuffle: false`: the server already picked them at random, and its first view shows them in
  // this order (decisions D29), so the banner the page arrived with stays as it is.
  const [slides] = useState(() =>
    shuffle ? pickRandom(products, BANNER_PRODUCT_COUNT) : products.slice(0, BANNER_PRODUCT_COUNT),
  );
  const [position, setPosition] = useState<Position>({ index: 0, previous: null, direction: 'next' });
  // The first render is the same on the server and in the browser (a hydrated page must render
  // what the server drew, and the server cannot know whether a photo has loaded): no 'Loading...'
  // cover yet. Right after, a drawn photo already loaded counts, and one still loading gets its
  // cover.
  const ready = useAppReady();
  const drawnLoaded = useSyncExternalStore(noSubscription, drawnPhotoLoaded, notOnTheServer);
  const [loadedHere, setLoaded] = useState<ReadonlySet<number>>(() => new Set());
  const loaded = drawnLoaded && !loadedHere.has(0) ? new Set(loadedHere).add(0) : loadedHere;
  const [timedOut, setTimedOut] = useState<ReadonlySet<number>>(() => new Set());
  const count = slides.length;
  const { index, previous, direction } = position;

  const goTo = (target: number, dir: Direction) =>
    setPosition((p) => {
      const next = wrapIndex(target, count);
      return next === p.index ? p : { index: next, previous: p.index, direction: dir };
    });

  // Any change of slide (automatic or by hand) restarts the 3 s wait.
  useEffect(() => {
    if (count < 2) return;
    const id = window.setTimeout(
      () => setPosition((p) => ({ index: wrapIndex(p.index + 1, count), previous: p.index, direction: 'next' })),
      BANNER_ROTATE_MS,
    );
    return () => window.clearTimeout(id);
  }, [index, count]);

  const waiting = ready && !loaded.has(index) && !timedOut.has(index);
  useEffect(() => {
    if (!waiting) return;
    const id = window.setTimeout(() => setTimedOut((s) => new Set(s).add(index)), BANNER_LOADING_MAX_MS);
    return () => window.clearTimeout(id);
  }, [index, waiting]);

  if (count === 0) return null;

  const markLoaded = (i: number) => setLoaded((s) => (s.has(i) ? s : new Set(s).add(i)));
  // The other slides' photos wait for the first one's: on a phone's network they would share
  // its bandwidth and delay the page's largest paint. They still come long before their turn.
  const othersMayLoad = loaded.has(0) || timedOut.has(0);

  return (
    <section className="hero" aria-roledescription="carousel" aria-label="Featured products">
      <div className="hero-viewport">
        <ul className="hero-slides">
          {slides.map((p, i) => {
            const discount = p.discount?.[0] ?? 0;
            const current = i === index;
            const leaving = !current && i === previous;
            const state = current ? 'is-current' : leaving ? 'is-leaving' : 'is-idle';
            // The first slide shown needs no entrance; later ones slide in from the side they are on.
            const motion = previous === null ? '' : ` go-${direction}`;
            return (
              <li
                key={p._id}
                className={`hero-slide ${state}${current || leaving ? motion : ''}`}
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${count}`}
                aria-hidden={!current}
                inert={!current}
              >
                <Link to={paths.product.getHref(p._id)} className="hero-link">
                  <div className="hero-media">
                    {(i === 0 || current || othersMayLoad) && (
                      <ProductImage
                        className="hero-image"
                        photo={photoOf(p)}
                        sizes={HERO_SIZES}
                        alt={p.name}
                        width={800}
                        height={800}
                        // The first slide is the page's largest picture; the others come after
                        // it, ready before their turn.
                        priority={i === 0}
                        loading="eager"
                        fetchPriority={i === 0 ? 'high' : 'low'}
                        onLoad={() => markLoaded(i)}
                      />
                    )}
                  </div>
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
          <SlideArrows item="slide" onPrevious={() => goTo(index - 1, 'prev')} onNext={() => goTo(index + 1, 'next')} />
          <div className="hero-dots">
            {slides.map((p, i) => (
              <AppButton
                key={p._id}
                type="button"
                className={`hero-dot${i === index ? ' is-active' : ''}`}
                aria-label={`Go to slide ${i + 1}`}
                aria-current={i === index}
                onClick={() => goTo(i, i < index ? 'prev' : 'next')}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}

/** The banner's box while its products load, the same size, so nothing below it moves. */
export function FeaturedBannerPlaceholder() {
  return (
    <div className="hero hero-placeholder" aria-hidden="true">
      <div className="hero-viewport skeleton" />
    </div>
  );
}
