import { AppButton } from '@/components/ui/app-button';

type SlideArrowsProps = {
  /** What the arrows move through, for their labels: "slide", "photo". */
  item: string;
  onPrevious: () => void;
  onNext: () => void;
};

/** The previous and next arrows over a carousel: the banner's slides, a product's photos. */
export function SlideArrows({ item, onPrevious, onNext }: SlideArrowsProps) {
  return (
    <>
      <AppButton
        type="button"
        className="icon-btn hero-nav hero-prev"
        onClick={onPrevious}
        aria-label={`Previous ${item}`}
      >
        <span aria-hidden="true">‹</span>
      </AppButton>
      <AppButton type="button" className="icon-btn hero-nav hero-next" onClick={onNext} aria-label={`Next ${item}`}>
        <span aria-hidden="true">›</span>
      </AppButton>
    </>
  );
}
