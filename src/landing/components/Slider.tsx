import { useKeenSlider, type KeenSliderInstance } from 'keen-slider/react';
import 'keen-slider/keen-slider.min.css';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useInterval, usePrefersReducedMotion, useViewportWidth } from '../hooks';
import { ArrowLeftIcon, ArrowRightIcon, PauseIcon, PlayIcon } from './Icons';

interface Props<T> {
  /** Names the carousel for assistive technology and its buttons ("Next facilitators"). */
  label: string;
  items: readonly T[];
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** How many items one view shows at a given viewport width (layout.ts). */
  perView: (width: number) => number;
  /** Advance by one every this many ms while visible, not hovered, not focused and not paused. */
  autoplayMs?: number;
  /** A track of pictures only needs its own tab stop so that keyboard users can move it with the arrow keys. */
  focusableTrack?: boolean;
  className?: string;
  /** Extra inline style for the track, e.g. a card width that depends on the viewport. */
  trackStyle?: (width: number) => CSSProperties;
}

/** The keen-slider instance on one track. */
type Keen = KeenSliderInstance;

/** How long a move takes; nothing glides for people who asked for less motion. */
const moveMs = (reducedMotion: boolean) => (reducedMotion ? 0 : 500);

/** The track's gap between slides, in px, as landing.css sets it (`--gap`): keen-slider spaces the slides by it. */
const gapOf = (track: HTMLElement): number => parseFloat(getComputedStyle(track).columnGap) || 0;

/**
 * Moves every slide by the track's position: keen-slider's custom render mode leaves the slides' sizes to
 * landing.css, so the slides keep the boxes the prerendered page painted them in (no layout shift at hydration).
 */
function drawTrack(slider: Keen): void {
  const { details } = slider.track;
  if (!details) return;
  const offset = `translate3d(${-details.position * slider.size}px, 0, 0)`;
  for (const slide of slider.slides) slide.style.transform = offset;
}

/**
 * The browser scrolls a track itself before keen-slider takes it over (a swipe before hydration, decision 018), and
 * after, when the focus lands on a slide out of view or a search finds text in one: that scroll becomes
 * keen-slider's position in the same frame, so the slides stay where they are on screen. False if there was none.
 */
function takeScroll(slider: Keen): boolean {
  const track = slider.container;
  const left = track.scrollLeft;
  if (!left || !slider.track.details) return false;
  track.scrollLeft = 0;
  slider.track.add(left / slider.size);
  return true;
}

const clampIndex = (slider: Keen, index: number): number => {
  const { minIdx, maxIdx } = slider.track.details;
  return Math.min(Math.max(index, minIdx), maxIdx);
};

/** A scroll taken over, then settled on the nearest slide. */
function absorbScroll(slider: Keen, ms: number): void {
  if (takeScroll(slider))
    slider.moveToIdx(clampIndex(slider, slider.track.details.abs), true, { duration: ms });
}

/**
 * The landing page's carousel: keen-slider (swipe and mouse drag) with previous, next and pause buttons and the
 * arrow keys. The prerendered page lays the slides out with CSS alone (landing.css `.slider-track`), and the track
 * scrolls natively until the island hydrates; keen-slider then moves the same boxes. Buttons and autoplay loop round
 * the ends.
 */
export function Slider<T>({
  label,
  items,
  itemKey,
  renderItem,
  perView,
  autoplayMs,
  focusableTrack = false,
  className = '',
  trackStyle,
}: Props<T>) {
  const width = useViewportWidth();
  const reducedMotion = usePrefersReducedMotion();
  const sliderRef = useRef<HTMLDivElement>(null);
  const [choice, setChoice] = useState<'play' | 'pause' | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [inView, setInView] = useState(false);
  const duration = moveMs(reducedMotion);

  const track = useRef<HTMLUListElement | null>(null);
  const [keenRef, instance] = useKeenSlider<HTMLUListElement>({
    renderMode: 'custom',
    // Each slide's width is measured from the page, so the track is the one CSS drew for every breakpoint.
    slides: { perView: 'auto', spacing: () => (track.current ? gapOf(track.current) : 0) },
    created: (slider) => {
      slider.container.setAttribute('data-slider-live', '');
      absorbScroll(slider, 0);
    },
    detailsChanged: drawTrack,
    destroyed: (slider) => slider.container.removeAttribute('data-slider-live'),
  });

  // The track is known before keen-slider is created on it, which reads its gap.
  const trackRef = useCallback(
    (node: HTMLUListElement | null) => {
      track.current = node;
      keenRef(node);
    },
    [keenRef],
  );

  const playing = autoplayMs !== undefined && (choice ? choice === 'play' : !reducedMotion);

  // Hydrated as it comes near the screen (decision 018): focus or a pointer already in it by then pauses it too.
  useEffect(() => {
    const slider = sliderRef.current;
    if (slider?.matches(':hover')) setHovered(true);
    if (slider?.contains(document.activeElement)) setFocused(true);
  }, []);

  // Autoplay only while someone can see it: no work for a carousel far below the fold.
  useEffect(() => {
    const slider = sliderRef.current;
    if (!slider || typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return undefined;
    }
    const observer = new IntersectionObserver(([entry]) => setInView(entry.isIntersecting));
    observer.observe(slider);
    return () => observer.disconnect();
  }, []);

  /** One slide on (or back), round to the other end past the last (or the first) start. */
  const step = (by: 1 | -1) => {
    const slider = instance.current;
    if (!slider?.track.details) return;
    const { abs, minIdx, maxIdx } = slider.track.details;
    const next = abs + by;
    const target = next > maxIdx ? minIdx : next < minIdx ? maxIdx : next;
    slider.moveToIdx(target, true, { duration });
  };

  useInterval(() => step(1), autoplayMs ?? 0, playing && !hovered && !focused && inView);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    step(event.key === 'ArrowRight' ? 1 : -1);
  };

  /** A slide that takes the focus is brought into view by keen-slider, not by the browser's scroll. */
  const showFocused = (target: EventTarget) => {
    const slider = instance.current;
    if (!slider?.track.details) return;
    takeScroll(slider);
    const index = slider.slides.findIndex((slide) => slide.contains(target as Node));
    if (index < 0 || slider.track.details.slides[index].portion === 1) return;
    slider.moveToIdx(clampIndex(slider, index), true, { duration });
  };

  const style = {
    ...(width === null ? {} : { '--per-view': String(perView(width)), ...trackStyle?.(width) }),
  } as CSSProperties;

  return (
    <div
      ref={sliderRef}
      className={`slider ${className}`}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="slider-controls">
        {autoplayMs !== undefined && (
          <button
            type="button"
            className="slider-button"
            onClick={() => setChoice(playing ? 'pause' : 'play')}
            aria-label={`${playing ? 'Pause' : 'Play'} ${label.toLowerCase()}`}
          >
            {playing ? <PauseIcon /> : <PlayIcon />}
          </button>
        )}
        <button
          type="button"
          className="slider-button"
          onClick={() => step(-1)}
          aria-label={`Previous ${label.toLowerCase()}`}
        >
          <ArrowLeftIcon />
        </button>
        <button
          type="button"
          className="slider-button"
          onClick={() => step(1)}
          aria-label={`Next ${label.toLowerCase()}`}
        >
          <ArrowRightIcon />
        </button>
      </div>
      <ul
        ref={trackRef}
        className="slider-track keen-slider"
        style={style}
        tabIndex={focusableTrack ? 0 : undefined}
        aria-label={focusableTrack ? label : undefined}
        onFocus={(event) => showFocused(event.target)}
        onScroll={() => instance.current && absorbScroll(instance.current, duration)}
        data-per-view={width === null ? undefined : perView(width)}
      >
        {items.map((item, index) => (
          <li
            key={itemKey(item)}
            className="slider-item keen-slider__slide"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${items.length}`}
          >
            {renderItem(item)}
          </li>
        ))}
      </ul>
    </div>
  );
}
