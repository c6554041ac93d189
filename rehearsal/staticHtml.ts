/**
 * React elements as static HTML, drawn in jsdom with React's client renderer (docs/decisions/249-one-charting-library.md):
 * recharts draws nothing through react-dom/server, and the report's page has no script.
 */
import type { ReactElement } from 'react';

/**
 * jsdom's window as the page's globals, once: React's client renderer and recharts read them as they load. Left in
 * place, since drawing the report is the run's last act.
 */
async function browserGlobals(): Promise<void> {
  if (globalThis.document) return;
  const { JSDOM } = await import('jsdom');
  const { window } = new JSDOM('<!doctype html><html><body></body></html>');
  for (const name of [
    'window',
    'document',
    'navigator',
    'HTMLElement',
    'Element',
    'SVGElement',
    'Node',
  ] as const)
    Object.defineProperty(globalThis, name, { value: window[name], configurable: true, writable: true });
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
}

/**
 * Each element's HTML, by name. `load` makes the elements: it imports what draws them, after the globals are set
 * (recharts decides at import whether it runs on a server, and draws no text there).
 */
export async function staticHtml(
  load: () => Promise<Record<string, ReactElement>>,
): Promise<Record<string, string>> {
  await browserGlobals();
  const [{ act }, { createRoot }, elements] = await Promise.all([
    import('react'),
    import('react-dom/client'),
    load(),
  ]);
  const html: Record<string, string> = {};
  for (const [name, element] of Object.entries(elements)) {
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () => root.render(element));
    html[name] = container.innerHTML;
    await act(async () => root.unmount());
  }
  return html;
}
