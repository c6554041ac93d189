import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testimonials } from '../../../src/content/testimonials';
import { Testimonials } from '../../../src/landing/sections/Testimonials';
import { expectShown } from '../support/shown';

const card = (name: string) => screen.getByText(name, { selector: 'strong' }).closest('figure')!;

describe('testimonials', () => {
  it('has six participants, each card showing its preview', () => {
    render(<Testimonials />);
    expect(testimonials).toHaveLength(6);
    for (const t of testimonials) {
      expect(card(t.name).textContent).toContain(t.preview);
      expect(card(t.name).textContent).not.toContain(t.text);
      expect(card(t.name).textContent).toContain(t.cohort);
    }
  });

  it('expands to the full text on hover and returns to the preview when the pointer leaves', () => {
    render(<Testimonials />);
    const [first] = testimonials;
    fireEvent.mouseEnter(card(first.name));
    expect(card(first.name).textContent).toContain(first.text);
    fireEvent.mouseLeave(card(first.name));
    expect(card(first.name).textContent).toContain(first.preview);
    expect(card(first.name).textContent).not.toContain(first.text);
  });

  it('expands on keyboard focus and collapses when focus moves on', async () => {
    const user = userEvent.setup();
    render(<Testimonials />);
    // Pause, previous, next; then the first card.
    for (let i = 0; i < 4; i++) await user.tab();
    const [first, second] = testimonials;
    expect(document.activeElement).toBe(card(first.name));
    expect(card(first.name).textContent).toContain(first.text);

    await user.tab();
    expect(document.activeElement).toBe(card(second.name));
    expect(card(second.name).textContent).toContain(second.text);
    expect(card(first.name).textContent).not.toContain(first.text);
  });

  it('offers a pause button for the autoplay', async () => {
    const user = userEvent.setup();
    render(<Testimonials />);
    await user.click(screen.getByRole('button', { name: 'Pause testimonials' }));
    expectShown(screen.getByRole('button', { name: 'Play testimonials' }));
  });

  describe('hydrated after the focus came (decision 018)', () => {
    afterEach(() => {
      vi.useRealTimers();
      document.body.innerHTML = '';
    });

    /** The server's markup in the page, `focus` focused in it, then hydrated; returns the container. */
    async function hydrateAfter(focus: (container: HTMLElement) => HTMLElement | null): Promise<HTMLElement> {
      const container = document.createElement('div');
      container.innerHTML = renderToString(<Testimonials />);
      document.body.append(container);
      focus(container)?.focus();
      await act(async () => {
        hydrateRoot(container, <Testimonials />);
      });
      return container;
    }

    const firstCard = (container: HTMLElement) =>
      within(container).getByText(testimonials[0].name, { selector: 'strong' }).closest('figure');

    it('shows the full text of a card focused before', async () => {
      const container = await hydrateAfter(firstCard);
      expect(firstCard(container)!.textContent).toContain(testimonials[0].text);
    });

    // keen-slider moves the slides by a transform (jsdom lays nothing out, so each slide is a track's width): the
    // first slide's is where the carousel stands.
    const firstSlideMove = (container: HTMLElement) => container.querySelector('li')!.style.transform;

    it('holds the autoplay while the focus is in the carousel, and plays it when it is not', async () => {
      vi.useFakeTimers();
      const held = await hydrateAfter(firstCard);
      const start = firstSlideMove(held);
      await act(async () => {
        vi.advanceTimersByTime(4500);
      });
      expect(firstSlideMove(held)).toBe(start);

      document.body.innerHTML = '';
      const playing = await hydrateAfter(() => null);
      await act(async () => {
        vi.advanceTimersByTime(4500);
      });
      expect(firstSlideMove(playing)).not.toBe(start);
    });
  });
});
