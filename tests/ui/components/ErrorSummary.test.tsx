/**
 * The error summary (src/components/ErrorSummary.tsx) and the page's title: 'Error: ' before the screen's title while
 * errors stand, also when a screen is first rendered with its errors already there (docs/performance.md (former decision 211)'s held press).
 */
import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, type ErrorMap } from '../../../machines/rules';
import { ErrorSummary, setPageTitle } from '../../../src/components/ErrorSummary';

/** A screen's frame as the app shell is: it sets the title in an effect that runs after its children's. */
function Frame({ title, errors }: { title: string; errors: ErrorMap }) {
  useEffect(() => setPageTitle(`${title} – The form`), [title]);
  return (
    <main>
      <h1>{title}</h1>
      <ErrorSummary errors={errors} />
    </main>
  );
}

beforeEach(() => {
  document.title = 'The page';
});

describe('the error summary and the page title', () => {
  it('keeps Error: before the title of a screen rendered with its errors already there', async () => {
    await act(async () => {
      render(<Frame title="Get Started" errors={{ email: [MESSAGES.emailFormat] }} />);
    });
    expect(document.title).toBe('Error: Get Started – The form');
    expect(document.activeElement).toBe(screen.getByRole('alert'));
  });

  it('adds Error: when errors appear, takes it away when they go, and a new screen keeps none', async () => {
    const { rerender } = render(<Frame title="Get Started" errors={{}} />);
    await act(async () => {});
    expect(document.title).toBe('Get Started – The form');
    await act(async () => {
      rerender(<Frame title="Get Started" errors={{ email: [MESSAGES.emailFormat] }} />);
    });
    expect(document.title).toBe('Error: Get Started – The form');
    await act(async () => {
      rerender(<Frame title="Get Started" errors={{}} />);
    });
    expect(document.title).toBe('Get Started – The form');
    await act(async () => {
      rerender(<Frame title="Bio Data" errors={{}} />);
    });
    expect(document.title).toBe('Bio Data – The form');
  });
});
