import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
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
  /** A track of pictures only needs its own tab stop so that keyboard users can scroll it. */
  focusableTrack?: boolean;
  className?: string;
  /** Extra inline style for the track, e.g. a card width that depends on the viewport. */
  trackStyle?: (width: number) => CSSProperties;
}

/**
 * A CSS scroll-snap carousel with previous/next buttons: swiping works natively, and it costs a few hundred bytes
 * instead of a slider library. Buttons loop around the ends, as the autoplay does.
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
  const trackRef = useRef<HTMLUListElement>(null);
  const [index, setIndex] = useState(0);
  const [choice, setChoice] = useState<'play' | 'pause' | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [inView, setInView] = useState(false);

  const visible = width === null ? 1 : perView(width);
  const lastStart = Math.max(0, items.length - visible);
  const playing = autoplayMs !== undefined && (choice ? choice === 'play' : !reducedMotion);

  // Hydrated as it comes near the screen (decision 207): focus or a pointer already in it by then pauses it too.
  useEffect(() => {
    const slider = sliderRef.current;
    if (slider?.matches(':hover')) setHovered(true);
    if (slider?.contains(document.activeElement)) setFocused(true);
  }, []);

  // Autoplay only while someone can see it: no work for a carousel far below the fold.
  useEffect(() => {
    const track = trackRef.current;
    if (!track || typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return undefined;
    }
    const observer = new IntersectionObserver(([entry]) => setInView(entry.isIntersecting));
    observer.observe(track);
    return () => observer.disconnect();
  }, []);

  const step = (): number => {
    const slides = trackRef.current?.children;
    if (!slides || slides.length < 2) return 0;
    return (slides[1] as HTMLElement).offsetLeft - (slides[0] as HTMLElement).offsetLeft;
  };

  const goTo = (target: number) => {
    const next = target > lastStart ? 0 : target < 0 ? lastStart : target;
    setIndex(next);
    const track = trackRef.current;
    if (track && typeof track.scrollTo === 'function') {
      track.scrollTo({ left: next * step(), behavior: reducedMotion ? 'auto' : 'smooth' });
    }
  };

  useInterval(() => goTo(index + 1), autoplayMs ?? 0, playing && !hovered && !focused && inView);

  const onScroll = () => {
    const distance = step();
    if (distance > 0 && trackRef.current) setIndex(Math.round(trackRef.current.scrollLeft / distance));
  };

  const style = {
    ...(width === null ? {} : { '--per-view': String(visible), ...trackStyle?.(width) }),
  } as CSSProperties;

  return (
    <div
      ref={sliderRef}
      className={`slider ${className}`}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
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
          onClick={() => goTo(index - 1)}
          aria-label={`Previous ${label.toLowerCase()}`}
        >
          <ArrowLeftIcon />
        </button>
        <button
          type="button"
          className="slider-button"
          onClick={() => goTo(index + 1)}
          aria-label={`Next ${label.toLowerCase()}`}
        >
          <ArrowRightIcon />
        </button>
      </div>
      <ul
        ref={trackRef}
        className="slider-track"
        style={style}
        tabIndex={focusableTrack ? 0 : undefined}
        aria-label={focusableTrack ? label : undefined}
        onScroll={onScroll}
        data-per-view={width === null ? undefined : visible}
      >
        {items.map((item) => (
          <li key={itemKey(item)} className="slider-item">
            {renderItem(item)}
          </li>
        ))}
      </ul>
    </div>
  );
}
