import '@mantine/carousel/styles.css';
import { Carousel } from '@mantine/carousel';
import { AspectRatio, Image, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { EmblaCarouselType } from 'embla-carousel';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { trpc } from '../../../trpc';
import classes from './HomeSlider.module.css';
import { promotionTarget } from './promotionLink';

/** The slider advances every 2500 ms (spec §9). */
export const SLIDE_MS = 2500;

function keyboardFocus(target: EventTarget): boolean {
  try {
    return target instanceof Element && target.matches(':focus-visible');
  } catch {
    return false;
  }
}

/** Active 'slider' information items, advancing by themselves (the autoplay plugin is not
 * installed, so a timer drives embla). Nothing is shown when there are none. */
export function HomeSlider() {
  const { t } = useTranslation();
  const slides = trpc.information.active.useQuery({ type: 'slider' });
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const [paused, setPaused] = useState(false);
  const [selected, setSelected] = useState(0);
  // Whether the picture showing was brought by the timer (not said) or by the person (said).
  const [byTimer, setByTimer] = useState(true);
  const timerMoving = useRef(false);
  const navigate = useNavigate();
  const count = slides.data?.length ?? 0;
  const dotsLabel = useId();

  useEffect(() => {
    if (!embla || count < 2 || paused) return;
    const timer = window.setInterval(() => {
      timerMoving.current = true;
      embla.scrollNext();
    }, SLIDE_MS);
    return () => window.clearInterval(timer);
  }, [embla, count, paused]);

  if (count === 0 || !slides.data) return null;
  return (
    <>
      {count > 1 && (
        // Which picture shows, in the reader's language (the library's own says it in
        // English, HomeSlider.module.css). Said when the person moves it (or holds it still),
        // not every 2.5 s as it moves by itself (the WAI-ARIA carousel pattern).
        <VisuallyHidden
          role="status"
          aria-live={paused || !byTimer ? 'polite' : 'off'}
          aria-atomic="true"
          data-testid="slide-status"
        >
          {t('promo.slideOf', { number: selected + 1, total: count })}
        </VisuallyHidden>
      )}
      {/* The dots' name in the reader's language. @mantine/carousel 9 writes aria-label="Slides"
        on their tablist after the attributes passed to it (Styles API `attributes`), so that
        label cannot be replaced; a name from aria-labelledby comes first (accname 1.2). */}
      <span id={dotsLabel} hidden>
        {t('promo.pictures')}
      </span>
      <Carousel
        className={classes.slider}
        onSlideChange={(index) => {
          setSelected(index);
          setByTimer(timerMoving.current);
          timerMoving.current = false;
        }}
        mb="lg"
        withIndicators={count > 1}
        withControls={count > 1}
        emblaOptions={{ loop: true }}
        getEmblaApi={setEmbla}
        aria-label={t('promo.slider')}
        aria-roledescription={t('promo.roleCarousel')}
        attributes={{ indicators: { 'aria-labelledby': dotsLabel } }}
        previousControlProps={{ 'aria-label': t('promo.previousSlide') }}
        nextControlProps={{ 'aria-label': t('promo.nextSlide') }}
        getIndicatorProps={(index) => ({
          'aria-label': t('promo.goToSlide', { number: index + 1 }),
        })}
        // Held still while a mouse rests on it or a control has keyboard focus (a touch would
        // never send the matching "leave", so touches do not pause it).
        onPointerEnter={(e) => e.pointerType === 'mouse' && setPaused(true)}
        onPointerLeave={(e) => e.pointerType === 'mouse' && setPaused(false)}
        onFocusCapture={(e) => setPaused(keyboardFocus(e.target))}
        onBlurCapture={() => setPaused(false)}
        styles={{ root: { borderRadius: 'var(--mantine-radius-lg)', overflow: 'hidden' } }}
      >
        {slides.data.map((item, index) => {
          const target = promotionTarget(item);
          const picture = (
            <AspectRatio ratio={3}>
              <Image src={item.image} alt={item.name} fit="cover" />
            </AspectRatio>
          );
          return (
            // Named in the reader's language (the library's own is "Carousel slide").
            <Carousel.Slide
              key={item._id}
              aria-label={t('promo.slideOf', { number: index + 1, total: count })}
              aria-roledescription={t('promo.roleSlide')}
            >
              {target ? (
                // A linked slide opens its product or category (ADR 045); the picture's alt
                // (the office's name) is the button's name.
                <UnstyledButton
                  display="block"
                  w="100%"
                  onClick={() => navigate(target)}
                  data-testid="slide-link"
                >
                  {picture}
                </UnstyledButton>
              ) : (
                picture
              )}
            </Carousel.Slide>
          );
        })}
      </Carousel>
    </>
  );
}
