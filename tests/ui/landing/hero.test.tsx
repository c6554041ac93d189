import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heroPairs as pairsFor } from '../../../src/content/hero';
import { Hero } from '../../../src/landing/sections/Hero';
import { sampleCohort, stubReducedMotion, withCohort } from './helpers';
import { expectShown } from '../support/shown';

const heroPairs = pairsFor(sampleCohort);

const headline = () => screen.getByRole('heading', { level: 1 }).textContent;

describe('hero rotation', () => {
  let restore: () => void = () => {};
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    restore();
  });

  it('has seven pairs whose headline names THE EMPLOYMENT BOOTCAMP in capitals', () => {
    expect(heroPairs).toHaveLength(7);
    for (const pair of heroPairs) {
      expect(pair.headline).toContain('THE EMPLOYMENT BOOTCAMP');
      expect(pair.subheadline.length).toBeGreaterThan(0);
    }
  });

  it('shows the next pair every 6 seconds and loops after the seventh', () => {
    restore = stubReducedMotion(false);
    render(<Hero />, { wrapper: withCohort });
    expect(headline()).toBe(heroPairs[0].headline);
    expectShown(screen.getByText(heroPairs[0].subheadline, { selector: '.hero-slot:not(.hero-sizer) p' }));

    act(() => vi.advanceTimersByTime(5999));
    expect(headline()).toBe(heroPairs[0].headline);
    act(() => vi.advanceTimersByTime(1));
    expect(headline()).toBe(heroPairs[1].headline);

    for (let i = 2; i < 7; i++) {
      act(() => vi.advanceTimersByTime(6000));
      expect(headline()).toBe(heroPairs[i].headline);
    }
    act(() => vi.advanceTimersByTime(6000));
    expect(headline()).toBe(heroPairs[0].headline);
  });

  it('is announced politely to screen readers, and the sizing copies are hidden from them', () => {
    restore = stubReducedMotion(false);
    render(<Hero />, { wrapper: withCohort });
    const live = screen.getByRole('heading', { level: 1 }).parentElement!;
    expect(live.getAttribute('aria-live')).toBe('polite');
    for (const sizer of document.querySelectorAll('.hero-sizer')) {
      expect(sizer.getAttribute('aria-hidden')).toBe('true');
    }
  });

  it('stays still for people who prefer reduced motion, until they press play', () => {
    restore = stubReducedMotion(true);
    render(<Hero />, { wrapper: withCohort });
    act(() => vi.advanceTimersByTime(60_000));
    expect(headline()).toBe(heroPairs[0].headline);

    const toggle = screen.getByRole('button', { name: 'Pause headlines' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(toggle);
    act(() => vi.advanceTimersByTime(6000));
    expect(headline()).toBe(heroPairs[1].headline);
  });

  it('can be paused by anyone', () => {
    restore = stubReducedMotion(false);
    render(<Hero />, { wrapper: withCohort });
    fireEvent.click(screen.getByRole('button', { name: 'Pause headlines' }));
    act(() => vi.advanceTimersByTime(30_000));
    expect(headline()).toBe(heroPairs[0].headline);
  });

  it('has an Apply Now that opens /apply in a new tab', () => {
    render(<Hero />, { wrapper: withCohort });
    const apply = screen.getByRole('link', { name: /Apply Now/ });
    expect(apply.getAttribute('href')).toBe('/apply');
    expect(apply.getAttribute('target')).toBe('_blank');
  });
});
