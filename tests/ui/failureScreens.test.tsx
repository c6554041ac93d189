/**
 * The failure screens (docs/decisions/022-idempotent-replays-earn-nothing.md): a script chunk that does not arrive, and any other
 * error while rendering, show words and a Reload button instead of a blank page; a chunk fetched ahead that fails
 * shows nothing until a screen needs it.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { Suspense, type ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS } from '../../machines/rules/network';
import {
  AUTO_RELOAD_GUARD_MS,
  ChunkLoadError,
  chunkUrlOf,
  isChunkLoadFailure,
  loadChunk,
  reloadIfReachable,
  type RecoveryDeps,
} from '../../src/app/chunks';
import { ErrorBoundary } from '../../src/app/ErrorBoundary';
import { preloadable } from '../../src/app/preloadable';
import { FAILURE_COPY } from '../../src/components/FailureScreen';
import { expectShown } from './support/shown';

const CHUNK_TITLE = FAILURE_COPY.chunk.title;
const rules = { 'color-contrast': { enabled: false } }; // jsdom cannot compute colours; the browser test does

/** What Chromium says when `import()` cannot fetch a chunk. */
const fetchFailure = () =>
  new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/BiodataScreen-x.js');

function Broken(): never {
  throw new Error('a screen with a bug');
}
const Fine = () => <p>The screen itself</p>;

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  // React reports every caught error on the console; the tests look at the page instead.
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  consoleError.mockRestore();
  vi.useRealTimers();
});

function renderIn(frame: 'page' | 'section', child: React.ReactNode) {
  const onReload = vi.fn();
  const onChunkFailure = vi.fn();
  render(
    <ErrorBoundary frame={frame} onReload={onReload} onChunkFailure={onChunkFailure}>
      <Suspense fallback={<p>Loading…</p>}>{child}</Suspense>
    </ErrorBoundary>,
  );
  return { onReload, onChunkFailure, user: userEvent.setup() };
}

describe('the generic screen', () => {
  it('a component that throws shows ‘Unexpected Application Error!’ with focus, a main landmark and Reload', async () => {
    const { onReload, onChunkFailure, user } = renderIn('page', <Broken />);
    const heading = screen.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole('main').contains(heading)).toBe(true);
    expect(screen.getByRole('banner').textContent).toContain('The Employment Bootcamp');
    expect(document.title).toBe('Unexpected Application Error! – The Employment Bootcamp');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledTimes(1);
    expect(onChunkFailure).not.toHaveBeenCalled();
    expect((await axe.run(document.body, { rules })).violations).toEqual([]);
  });

  it('inside a shell it is a section: no second main landmark', () => {
    render(
      <main>
        <ErrorBoundary frame="section">
          <Broken />
        </ErrorBoundary>
      </main>,
    );
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Unexpected Application Error!');
  });

  it('a screen that works is shown as it is', () => {
    renderIn('page', <Fine />);
    expectShown(screen.getByText('The screen itself'));
    expect(screen.queryByRole('heading')).toBeNull();
  });
});

describe('a chunk that does not arrive', () => {
  it('shows the chunk-failure screen, not the generic one, with focus and Reload', async () => {
    const Lazy = preloadable<object>(() => Promise.reject(fetchFailure()));
    const { onReload, onChunkFailure, user } = renderIn('page', <Lazy />);
    const heading = await screen.findByRole('heading', { level: 1, name: CHUNK_TITLE });
    expect(onChunkFailure).toHaveBeenCalledWith(expect.any(ChunkLoadError));
    // The heading takes focus in an effect after it is shown: on a loaded machine that can be a moment later.
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole('main').textContent).toContain('problem with the internet connection');
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledTimes(1);
    expect((await axe.run(document.body, { rules })).violations).toEqual([]);
  });

  it('an error thrown by the chunk’s own code is the generic screen', async () => {
    const Lazy = preloadable<object>(() => Promise.reject(new ReferenceError('x is not defined')));
    renderIn('page', <Lazy />);
    expectShown(await screen.findByRole('heading', { name: 'Unexpected Application Error!' }));
  });

  it('a fetch ahead that fails shows nothing; the screen that needs the chunk fetches it again', async () => {
    const load = vi
      .fn<() => Promise<ComponentType<object>>>()
      .mockRejectedValueOnce(fetchFailure())
      .mockResolvedValue(Fine);
    const Lazy = preloadable(load);
    await expect(Lazy.preload()).resolves.toBeUndefined();
    renderIn('page', <Lazy />);
    await screen.findByText('The screen itself');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a screen that was waiting for a fetch ahead that fails asks once more itself', async () => {
    let failAhead: (e: unknown) => void = () => {};
    const load = vi
      .fn<() => Promise<ComponentType<object>>>()
      .mockImplementationOnce(() => new Promise((_, reject) => (failAhead = reject)))
      .mockResolvedValue(Fine);
    const Lazy = preloadable(load);
    const ahead = Lazy.preload();
    renderIn('page', <Lazy />);
    failAhead(fetchFailure());
    await ahead;
    await screen.findByText('The screen itself');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a screen whose own fetch fails does not ask again by itself', async () => {
    const load = vi.fn<() => Promise<ComponentType<object>>>().mockRejectedValue(fetchFailure());
    const Lazy = preloadable(load);
    renderIn('page', <Lazy />);
    await screen.findByRole('heading', { name: CHUNK_TITLE });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('offline, a chunk is asked for only once the network is back, so a short drop is no failure', async () => {
    let back = () => {};
    let online = false;
    const connection = {
      offline: () => !online,
      backOnline: () => (online ? Promise.resolve() : new Promise<void>((resolve) => (back = resolve))),
    };
    const load = vi.fn(() => Promise.resolve('screen'));
    const loaded = loadChunk(load, CHUNK_TIMEOUT_MS, connection);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(load).not.toHaveBeenCalled();
    online = true;
    back();
    await expect(loaded).resolves.toBe('screen');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a chunk that never arrives is given up after 120 s', async () => {
    vi.useFakeTimers();
    const never = loadChunk(() => new Promise<never>(() => {})).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    let settled = false;
    void never.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await never;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(isChunkLoadFailure(error)).toBe(true);
  });

  it.each([
    'Failed to fetch dynamically imported module: https://x/a.js',
    'error loading dynamically imported module: https://x/a.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/a.css',
  ])('knows a failed fetch when the browser says %j', (message) => {
    expect(isChunkLoadFailure(new TypeError(message))).toBe(true);
  });

  it('does not take other errors for a failed fetch', () => {
    expect(isChunkLoadFailure(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadFailure('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('a reload by itself once the server answers again', () => {
  const failure = () => new ChunkLoadError(String(fetchFailure()), { cause: fetchFailure() });

  function deps(
    reachable: boolean,
    reloadedAt?: number,
  ): RecoveryDeps & { probed: string[]; stored: Map<string, string> } {
    const stored = new Map<string, string>();
    if (reloadedAt !== undefined) stored.set('tebc:chunk-reload-at', String(reloadedAt));
    const probed: string[] = [];
    return {
      probed,
      stored,
      fetch: async (url) => {
        probed.push(url);
        if (!reachable) throw new TypeError('Failed to fetch');
        return {};
      },
      reload: vi.fn(),
      storage: { getItem: (k) => stored.get(k) ?? null, setItem: (k, v) => void stored.set(k, v) },
      now: () => 1_000_000,
      pageUrl: 'http://127.0.0.1/apply/biodata',
    };
  }

  it('asks for the chunk that failed and, when it answers, reloads the page', async () => {
    const d = deps(true);
    await expect(reloadIfReachable(failure(), d)).resolves.toBe(true);
    expect(d.probed).toEqual(['http://127.0.0.1/assets/BiodataScreen-x.js']);
    expect(d.reload).toHaveBeenCalledTimes(1);
  });

  it('stays on the failure screen while offline', async () => {
    const d = deps(false);
    await expect(reloadIfReachable(failure(), d)).resolves.toBe(false);
    expect(d.reload).not.toHaveBeenCalled();
  });

  it('reloads by itself at most once a minute, so a chunk that keeps failing cannot loop', async () => {
    const recent = deps(true, 1_000_000 - AUTO_RELOAD_GUARD_MS + 1);
    await expect(reloadIfReachable(failure(), recent)).resolves.toBe(false);
    expect(recent.probed).toEqual([]);
    const old = deps(true, 1_000_000 - AUTO_RELOAD_GUARD_MS);
    await expect(reloadIfReachable(failure(), old)).resolves.toBe(true);
  });

  it('asks for the page itself when the browser does not name the chunk (Safari)', async () => {
    const d = deps(true);
    await reloadIfReachable(new ChunkLoadError('Importing a module script failed.'), d);
    expect(d.probed).toEqual(['http://127.0.0.1/apply/biodata']);
  });

  it('finds the chunk’s address in the failure or its cause', () => {
    expect(chunkUrlOf(failure())).toBe('http://127.0.0.1/assets/BiodataScreen-x.js');
    expect(chunkUrlOf(new Error('x', { cause: fetchFailure() }))).toBe(
      'http://127.0.0.1/assets/BiodataScreen-x.js',
    );
    expect(chunkUrlOf(new Error('nothing here'))).toBeNull();
  });
});
