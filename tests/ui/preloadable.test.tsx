/**
 * A screen whose chunk has come is shown at once (src/app/preloadable.ts, docs/performance.md (former decision 196)):
 * no "Loading…" in between, which React would hold on screen for 300 ms. One that has not come waits behind the
 * fallback as before, and a screen once shown is not started again when its chunk comes.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadable } from '../../src/app/preloadable';
import { expectShown } from './support/shown';

/** A fallback that counts how often it was shown. */
function counting() {
  const shown = vi.fn();
  function Fallback() {
    shown();
    return <p>Loading…</p>;
  }
  return { shown, Fallback };
}

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      Pressed {count} times
    </button>
  );
}

describe('a preloadable screen', () => {
  it('whose chunk has come is shown in the first render, without the fallback', async () => {
    const Screen = preloadable(() => Promise.resolve(() => <h1>Bio Data</h1>));
    await Screen.preload();
    const { shown, Fallback } = counting();
    render(
      <Suspense fallback={<Fallback />}>
        <Screen />
      </Suspense>,
    );
    expectShown(screen.getByRole('heading', { name: 'Bio Data' }));
    expect(shown).not.toHaveBeenCalled();
  });

  it('whose chunk has not come waits behind the fallback, then shows', async () => {
    let arrive: (component: () => React.JSX.Element) => void = () => {};
    const Screen = preloadable(() => new Promise<() => React.JSX.Element>((resolve) => (arrive = resolve)));
    const { shown, Fallback } = counting();
    render(
      <Suspense fallback={<Fallback />}>
        <Screen />
      </Suspense>,
    );
    expectShown(screen.getByText('Loading…'));
    await act(async () => arrive(() => <h1>Bio Data</h1>));
    expectShown(await screen.findByRole('heading', { name: 'Bio Data' }));
    expect(shown).toHaveBeenCalled();
  });

  it('shown before its chunk came keeps its state when the page renders again after', async () => {
    const user = userEvent.setup();
    const Screen = preloadable(() => Promise.resolve(Counter));
    function Page({ title }: { title: string }) {
      return (
        <Suspense fallback={<p>Loading…</p>}>
          <h2>{title}</h2>
          <Screen />
        </Suspense>
      );
    }
    const { rerender } = render(<Page title="first" />);
    await user.click(await screen.findByRole('button', { name: 'Pressed 0 times' }));
    expectShown(screen.getByRole('button', { name: 'Pressed 1 times' }));
    // The chunk is there now: the same mount goes on, not a new one from zero.
    rerender(<Page title="again" />);
    expectShown(screen.getByRole('heading', { name: 'again' }));
    expectShown(screen.getByRole('button', { name: 'Pressed 1 times' }));
  });
});
