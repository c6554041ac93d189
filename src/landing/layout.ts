/**
 * The landing page's width-dependent choices (docs/product.md §2.1, §9), as pure functions of the viewport width in CSS
 * pixels. landing.css mirrors every threshold in media queries so that the prerendered page, before any script
 * runs, already looks the way these functions say; after hydration the components apply the same values.
 */
export const BREAKPOINTS = { phone: 480, small: 600, tablet: 768, laptop: 1024, desktop: 1080 } as const;

/** Faculty sliders: 4 per view scrolling one at a time, 2 below 600 px, 1 at 480 px or below. */
export const facultyPerView = (width: number): number =>
  width <= BREAKPOINTS.phone ? 1 : width < BREAKPOINTS.small ? 2 : 4;

/** Testimonials: 3 per view, 2 at 1024 px or below, 1 at 600 px or below. */
export const testimonialsPerView = (width: number): number =>
  width <= BREAKPOINTS.small ? 1 : width <= BREAKPOINTS.laptop ? 2 : 3;

/** Testimonial cards are 20rem wide, 16rem at 1024 px or below, the full width at 600 px or below. */
export const testimonialCardWidth = (width: number): string =>
  width <= BREAKPOINTS.small ? '100%' : width <= BREAKPOINTS.laptop ? '16rem' : '20rem';

/**
 * Partners: five of the seven logos (docs/product.md §9). Below 768 px five wordmarks would be too small to read: three at
 * a time there, two at 480 px or below.
 */
export const partnersPerView = (width: number): number =>
  width <= BREAKPOINTS.phone ? 2 : width < BREAKPOINTS.tablet ? 3 : 5;

export type TimelineLine = 'curvy' | 'straight' | 'vertical';

/** The curriculum timeline's line: curvy at 1080 px or wider, straight from 1024 px, a vertical line below. */
export const timelineLine = (width: number): TimelineLine =>
  width >= BREAKPOINTS.desktop ? 'curvy' : width >= BREAKPOINTS.laptop ? 'straight' : 'vertical';

/** Key Information's row height: 1370 px below 768 px (the cards stack), 560 px otherwise. */
export const keyInfoRowHeight = (width: number): number => (width < BREAKPOINTS.tablet ? 1370 : 560);

/** Below 1024 px the six header links do not fit: the header collapses behind a menu button. */
export const usesMobileHeader = (width: number): boolean => width < BREAKPOINTS.laptop;
