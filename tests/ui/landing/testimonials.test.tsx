import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testimonials } from '../../../src/content/testimonials';
import { Testimonials } from '../../../src/landing/sections/Testimonials';

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
    expect(screen.getByRole('button', { name: 'Play testimonials' })).toBeTruthy();
  });
});
