import type { EmblaCarouselType } from 'embla-carousel';
import type { AutoplayType } from 'embla-carousel-autoplay';
import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';

interface CarouselProps {
  label: string;
  slides: { key: string; content: ReactNode }[];
  delay: number;
  /** E.g. "basis-full min-[600px]:basis-1/3". */
  slideClassName: string;
  align?: 'start' | 'center';
  /** Null for no dots. */
  dotsClassName?: string | null;
  controlsClassName?: string;
}

const button =
  'inline-flex h-11 min-w-11 items-center justify-center rounded-full bg-white/95 px-3 text-sm font-semibold text-brand-800 shadow ring-1 ring-slate-300 hover:bg-white';

interface Running {
  embla: EmblaCarouselType;
  autoplay: AutoplayType;
}

/** Loaded with the page's script; until then the slides scroll and snap natively (CSS). Starts on the slide showing. */
function useEmbla(viewport: React.RefObject<HTMLDivElement | null>, options: { align: 'start' | 'center'; delay: number }): Running | null {
  const [running, setRunning] = useState<Running | null>(null);
  const { align, delay } = options;
  useEffect(() => {
    const node = viewport.current;
    if (!node) return;
    let stopped = false;
    let started: Running | null = null;
    void Promise.all([import('embla-carousel'), import('embla-carousel-autoplay')]).then(([{ default: EmblaCarousel }, { default: Autoplay }]) => {
      if (stopped) return;
      // Embla moves slides by transform, so a native swipe offset must go.
      const step = node.firstElementChild?.firstElementChild?.getBoundingClientRect().width ?? 0;
      const showing = step > 0 ? Math.round(node.scrollLeft / step) : 0;
      node.scrollLeft = 0;
      const autoplay = Autoplay({ delay, stopOnInteraction: true, stopOnFocusIn: true, playOnInit: false });
      const embla = EmblaCarousel(node, { loop: true, align, slidesToScroll: 1, startIndex: showing }, [autoplay]);
      started = { embla, autoplay };
      setRunning(started);
    });
    return () => {
      stopped = true;
      started?.embla.destroy();
    };
  }, [viewport, align, delay]);
  return running;
}

/** Embla; autoplay stops on any interaction and respects reduced motion. Without script the slides scroll and snap. */
export function Carousel({ label, slides, delay, slideClassName, align = 'start', dotsClassName = null, controlsClassName = '' }: CarouselProps) {
  const viewport = useRef<HTMLDivElement>(null);
  const running = useEmbla(viewport, { align, delay });
  const emblaApi = running?.embla;
  const autoplay = running?.autoplay;
  const id = useId();
  const ready = running !== null;

  // Embla owns the state; React reads it as an external store.
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
  // The plugin announces play/stop before its own isPlaying() changes.
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    if (!emblaApi || !autoplay) return;
    const onPlay = () => setPlaying(true);
    const onStop = () => setPlaying(false);
    emblaApi.on('autoplay:play', onPlay).on('autoplay:stop', onStop);
    if (!window.matchMedia('(prefers-reduced-motion: reduce)').matches) autoplay.play();
    return () => {
      emblaApi.off('autoplay:play', onPlay).off('autoplay:stop', onStop);
    };
  }, [emblaApi, autoplay]);

  const stopThen = (move: (embla: EmblaCarouselType) => void) => {
    if (!running) return;
    running.autoplay.stop();
    move(running.embla);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft') stopThen((embla) => embla.scrollPrev());
        if (event.key === 'ArrowRight') stopThen((embla) => embla.scrollNext());
      }}
    >
      {/* Before Embla runs the slides scroll sideways, so the keyboard must be able to reach them. */}
      <div ref={viewport} className={ready ? 'overflow-hidden' : 'snap-x snap-mandatory overflow-x-auto'} tabIndex={ready ? undefined : 0}>
        <div id={id} className="flex touch-pan-y" aria-live={playing ? 'off' : 'polite'}>
          {slides.map((slide, index) => (
            <div
              key={slide.key}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              className={`min-w-0 shrink-0 grow-0 snap-start ${slideClassName}`}
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>
      {slides.length > 1 ? (
        // Rendered by the server too (empty), so buttons arriving with the script move nothing.
        <div className={`flex items-center justify-center gap-2 ${controlsClassName}`}>
          {ready && snapCount > 1 ? (
            <>
              <button type="button" className={button} aria-controls={id} onClick={() => stopThen((embla) => embla.scrollPrev())} aria-label={`Previous (${label})`}>
                ‹
              </button>
              <button
                type="button"
                className={button}
                aria-controls={id}
                onClick={() => (playing ? autoplay?.stop() : autoplay?.play())}
                aria-label={`${playing ? 'Pause' : 'Play'} ${label}`}
              >
                {playing ? 'Pause' : 'Play'}
              </button>
              <button type="button" className={button} aria-controls={id} onClick={() => stopThen((embla) => embla.scrollNext())} aria-label={`Next (${label})`}>
                ›
              </button>
            </>
          ) : null}
        </div>
      ) : null}
      {dotsClassName !== null && slides.length > 1 ? (
        // Keeps its height before Embla runs.
        <div className={`mt-3 flex min-h-6 flex-wrap justify-center gap-1 ${dotsClassName}`}>
          {ready
            ? Array.from({ length: snapCount }, (_, index) => (
                <button
                  key={index}
                  type="button"
                  // Fifteen dots fit one row on a phone (WCAG 2.5.8 spacing).
                  className="group flex h-6 w-5 items-center justify-center"
                  aria-label={`Go to slide ${index + 1} of ${snapCount}`}
                  aria-current={index === selected ? 'true' : undefined}
                  onClick={() => stopThen((embla) => embla.scrollTo(index))}
                >
                  <span className="block h-2.5 w-2.5 rounded-full bg-slate-400 group-aria-[current=true]:bg-brand-700" />
                </button>
              ))
            : null}
        </div>
      ) : null}
    </section>
  );
}
