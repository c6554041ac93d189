import { CHUNK_TIMEOUT_MS } from '../../machines/rules/network';
import { browserConnection, type Connection } from '../api/connection';

/** The performance mark set when the screens ahead start to be fetched (src/app/ApplicationShell.tsx, bench/weight). */
export const PREFETCH_MARK = 'tebc:prefetch-ahead';

/** A script chunk that did not arrive: the connection, not the code. */
export class ChunkLoadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChunkLoadError';
  }
}

// What each engine says when `import()` cannot fetch a module (Chromium, Firefox, Safari), and Vite's own
// preload helper when a chunk's stylesheet does not arrive.
const CHUNK_FAILURE =
  /failed to fetch dynamically imported module|error loading dynamically imported module|importing a module script failed|unable to preload css/i;

export function isChunkLoadFailure(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_FAILURE.test(error.message);
}

/**
 * Runs a chunk's `import()` with a time-out, so that a request that never ends becomes a failure the page can
 * show. Failures to fetch become a `ChunkLoadError`; an error thrown by the module's own code stays what it is.
 * Offline, the `import()` waits for the network: the browser would keep a module that failed to fetch as failed for
 * the rest of the page's life, so asking while offline would turn a short drop into a reload (decision 022).
 */
export function loadChunk<T>(
  load: () => Promise<T>,
  timeoutMs: number = CHUNK_TIMEOUT_MS,
  connection: Connection = browserConnection,
): Promise<T> {
  if (connection.offline()) return connection.backOnline().then(() => loadChunk(load, timeoutMs, connection));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ChunkLoadError(`A script chunk did not arrive within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  return Promise.race([load(), timeout])
    .catch((error: unknown) => {
      throw isChunkLoadFailure(error) ? new ChunkLoadError(String(error), { cause: error }) : error;
    })
    .finally(() => clearTimeout(timer));
}

/** The address of the chunk a failure names (Chromium and Firefox name it; Safari does not). */
export function chunkUrlOf(error: unknown): string | null {
  const messages: string[] = [];
  for (let e = error; e instanceof Error; e = e.cause) messages.push(e.message);
  return messages.join(' ').match(/https?:\/\/[^\s'"]+?\.js\b/)?.[0] ?? null;
}

export interface RecoveryDeps {
  fetch: (url: string, init: RequestInit) => Promise<unknown>;
  reload: () => void;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now: () => number;
  pageUrl: string;
}

const RELOADED_AT = 'tebc:chunk-reload-at';
/** At most one reload by itself in this long, so that a chunk that keeps failing cannot make the page loop. */
export const AUTO_RELOAD_GUARD_MS = 60_000;

const browserDeps = (): RecoveryDeps => ({
  fetch: (url, init) => globalThis.fetch(url, init),
  reload: () => window.location.reload(),
  storage: window.sessionStorage,
  now: Date.now,
  pageUrl: window.location.href,
});

/**
 * Chromium keeps a module that failed to load as failed for the rest of the page's life: once a chunk (or one it
 * needs) has failed, even when fetched ahead, a new page is the only way to get it. So when a screen's chunk fails
 * and the server answers again, the page reloads by itself, once, and the person lands on the same step (the
 * answers are kept in local storage). When the server does not answer, the failure screen stays, with its Reload.
 */
export async function reloadIfReachable(
  error: unknown,
  deps: RecoveryDeps = browserDeps(),
): Promise<boolean> {
  try {
    if (deps.now() - Number(deps.storage.getItem(RELOADED_AT) ?? 0) < AUTO_RELOAD_GUARD_MS) return false;
    await deps.fetch(chunkUrlOf(error) ?? deps.pageUrl, { method: 'HEAD', cache: 'no-store' });
    deps.storage.setItem(RELOADED_AT, String(deps.now()));
  } catch {
    // Offline (or storage refused): the failure screen says what to do.
    return false;
  }
  deps.reload();
  return true;
}
