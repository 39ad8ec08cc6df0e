import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useId, useState, useSyncExternalStore, type ReactNode } from 'react';

interface CarouselProps {
  /** Accessible name of the carousel region, e.g. "Our sponsors". */
  label: string;
  slides: { key: string; content: ReactNode }[];
  /** Milliseconds between moves. */
  delay: number;
  /** Tailwind classes giving each slide its width (e.g. "basis-full min-[600px]:basis-1/3"). */
  slideClassName: string;
  align?: 'start' | 'center';
  /** Tailwind classes for the dots row, or null for no dots. */
  dotsClassName?: string | null;
  /** Where the previous/pause/next row goes: over the slides (absolute) or in its own row below. */
  controlsClassName?: string;
}

const button =
  'inline-flex h-11 min-w-11 items-center justify-center rounded-full bg-white/95 px-3 text-sm font-semibold text-brand-800 shadow ring-1 ring-slate-300 hover:bg-white';

/**
 * An accessible, swipeable carousel (Embla): autoplay that stops on any interaction and respects
 * reduced motion, a Pause/Play button, previous/next buttons, optional dots, and the WAI-ARIA
 * carousel roles. Without JavaScript the slides can be scrolled sideways instead.
 */
export function Carousel({ label, slides, delay, slideClassName, align = 'start', dotsClassName = null, controlsClassName = '' }: CarouselProps) {
  const [autoplay] = useState(() => Autoplay({ delay, stopOnInteraction: true, stopOnFocusIn: true, playOnInit: false }));
  const [emblaRef, emblaApi] = useEmblaCarousel({ loop: true, align, slidesToScroll: 1 }, [autoplay]);
  const id = useId();
  const ready = emblaApi !== undefined;

  // Embla and its autoplay plugin own the carousel's state; React reads it as an external store.
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!emblaApi) return () => {};
      emblaApi.on('select', onChange).on('reInit', onChange);
      return () => {
        emblaApi.off('select', onChange).off('reInit', onChange);
      };
    },
    [emblaApi],
  );
  const selected = useSyncExternalStore(subscribe, () => emblaApi?.selectedScrollSnap() ?? 0, () => 0);
  const snapCount = useSyncExternalStore(subscribe, () => emblaApi?.scrollSnapList().length ?? slides.length, () => slides.length);
  // The plugin announces play/stop before its own isPlaying() changes, so the events carry the state.
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    if (!emblaApi) return;
    const onPlay = () => setPlaying(true);
    const onStop = () => setPlaying(false);
    emblaApi.on('autoplay:play', onPlay).on('autoplay:stop', onStop);
    if (!window.matchMedia('(prefers-reduced-motion: reduce)').matches) autoplay.play();
    return () => {
      emblaApi.off('autoplay:play', onPlay).off('autoplay:stop', onStop);
    };
  }, [emblaApi, autoplay]);

  // Before hydration the boot script scrolled the viewport natively (data-autoplay); Embla moves the
  // slides by transform instead, so it starts on the slide that was showing and the scroll is undone.
  useEffect(() => {
    if (!emblaApi) return;
    const viewport = emblaApi.rootNode();
    const step = emblaApi.slideNodes()[0]?.getBoundingClientRect().width ?? 0;
    const showing = step > 0 ? Math.round(viewport.scrollLeft / step) : 0;
    viewport.scrollLeft = 0;
    // The dot the boot script marked goes; React now marks the selected one (snap 0 until the jump).
    const dots = viewport.closest('section')?.querySelector('[data-carousel-dots]')?.children ?? [];
    [...dots].forEach((dot, index) => index !== emblaApi.selectedScrollSnap() && dot.removeAttribute('aria-current'));
    if (showing > 0) emblaApi.scrollTo(showing, true);
    // The boot script's smooth scroll can still be under way in the compositor and land a frame
    // after the reset above, leaving the slides a pixel off: the native offset stays 0 from now on.
    const keepUnscrolled = () => {
      if (viewport.scrollLeft !== 0) viewport.scrollLeft = 0;
    };
    viewport.addEventListener('scroll', keepUnscrolled, { passive: true });
    return () => viewport.removeEventListener('scroll', keepUnscrolled);
  }, [emblaApi]);

  const stopThen = useCallback(
    (move: () => void) => {
      autoplay.stop();
      move();
    },
    [autoplay],
  );

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft') stopThen(() => emblaApi?.scrollPrev());
        if (event.key === 'ArrowRight') stopThen(() => emblaApi?.scrollNext());
      }}
    >
      {/* Before the script runs the slides scroll sideways, so the keyboard must be able to reach them. */}
      <div ref={emblaRef} className={ready ? 'overflow-hidden' : 'overflow-x-auto'} tabIndex={ready ? undefined : 0} data-autoplay={delay}>
        <div id={id} className="flex touch-pan-y" aria-live={playing ? 'off' : 'polite'}>
          {slides.map((slide, index) => (
            <div
              key={slide.key}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              className={`min-w-0 shrink-0 grow-0 ${slideClassName}`}
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>
      {slides.length > 1 ? (
        // The row is drawn by the server too (empty), so buttons arriving with the script move nothing.
        <div className={`flex items-center justify-center gap-2 ${controlsClassName}`}>
          {ready && snapCount > 1 ? (
            <>
              <button type="button" className={button} aria-controls={id} onClick={() => stopThen(() => emblaApi?.scrollPrev())} aria-label={`Previous (${label})`}>
                ‹
              </button>
              <button
                type="button"
                className={button}
                aria-controls={id}
                onClick={() => (playing ? autoplay.stop() : autoplay.play())}
                aria-label={`${playing ? 'Pause' : 'Play'} ${label}`}
              >
                {playing ? 'Pause' : 'Play'}
              </button>
              <button type="button" className={button} aria-controls={id} onClick={() => stopThen(() => emblaApi?.scrollNext())} aria-label={`Next (${label})`}>
                ›
              </button>
            </>
          ) : null}
        </div>
      ) : null}
      {dotsClassName !== null && slides.length > 1 ? (
        // Drawn by the server too: a dot pressed before the page has hydrated is replayed once it has,
        // and until then the boot script marks the slide showing (data-carousel-dots).
        <div className={`mt-3 flex min-h-6 flex-wrap justify-center gap-1 ${dotsClassName}`} data-carousel-dots="">
          {Array.from({ length: snapCount }, (_, index) => (
            <button
              key={index}
              type="button"
              // 20 px targets 24 px apart: fifteen dots fit one row on a phone (WCAG 2.5.8 spacing).
              className="group flex h-6 w-5 items-center justify-center"
              aria-label={`Go to slide ${index + 1} of ${snapCount}`}
              // Until the carousel runs, the boot script marks the slide showing (see the effect above).
              aria-current={ready && index === selected ? 'true' : undefined}
              onClick={() => stopThen(() => emblaApi?.scrollTo(index))}
            >
              <span className="block h-2.5 w-2.5 rounded-full bg-slate-400 group-aria-[current=true]:bg-brand-700" />
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}
