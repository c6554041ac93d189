import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { faq as faqFor } from '../../../src/content/faq';
import { Faq } from '../../../src/landing/sections/Faq';
import { sampleCohort, withCohort } from './helpers';

const faq = faqFor(sampleCohort);

const question = (i: number) => screen.getByRole('button', { name: faq[i].question });
const answerVisible = (i: number) =>
  screen.queryByText(faq[i].answer) !== null && !screen.getByText(faq[i].answer).closest('[hidden]');

describe('FAQ', () => {
  it('has 14 questions, all closed at first', () => {
    render(<Faq />, { wrapper: withCohort });
    expect(faq).toHaveLength(14);
    expect(screen.getAllByRole('button')).toHaveLength(14);
    faq.forEach((_, i) => {
      expect(question(i).getAttribute('aria-expanded')).toBe('false');
      expect(answerVisible(i)).toBe(false);
    });
  });

  it('opens one answer at a time, and clicking the open question closes it', async () => {
    const user = userEvent.setup();
    render(<Faq />, { wrapper: withCohort });

    await user.click(question(0));
    expect(question(0).getAttribute('aria-expanded')).toBe('true');
    expect(answerVisible(0)).toBe(true);

    await user.click(question(5));
    expect(answerVisible(5)).toBe(true);
    expect(answerVisible(0)).toBe(false);
    expect(question(0).getAttribute('aria-expanded')).toBe('false');

    await user.click(question(5));
    expect(answerVisible(5)).toBe(false);
    expect(
      screen.getAllByRole('button').filter((b) => b.getAttribute('aria-expanded') === 'true'),
    ).toHaveLength(0);
  });

  it('works from the keyboard', async () => {
    const user = userEvent.setup();
    render(<Faq />, { wrapper: withCohort });
    await user.tab();
    expect(document.activeElement).toBe(question(0));
    await user.keyboard('{Enter}');
    expect(answerVisible(0)).toBe(true);
    await user.keyboard(' ');
    expect(answerVisible(0)).toBe(false);
  });
});
