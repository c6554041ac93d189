/**
 * What a page shows and what the outbox holds, with no test runner behind it: the e2e drivers and the
 * responsiveness bench (a plain script, outside Vitest) read the page and the mail the same way.
 */
import type { Page } from 'playwright-core';
import type { MailboxEntry, RunningServer } from './server';

/** What the page shows now. */
export const shownScreen = (page: Page) =>
  page.evaluate(() => ({
    path: location.pathname,
    heading: document.querySelector('h1')?.textContent ?? null,
    width: document.querySelector<HTMLElement>('.progress__fill')?.style.width ?? null,
    counter: document.querySelector('[data-testid="step-counter"]')?.textContent ?? null,
  }));

/** A PDF large enough (200 KB) for the browser to report upload progress. */
export const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  Buffer.from(`%${'x'.repeat(200 * 1024)}\n`),
  Buffer.from('1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
]);

export async function readMailbox(server: Pick<RunningServer, 'url'>): Promise<MailboxEntry[]> {
  return (await (await fetch(`${server.url}/dev/mailbox.json`)).json()) as MailboxEntry[];
}

/** The newest code in the outbox for an address, if one was sent. */
export async function newestCode(server: Pick<RunningServer, 'url'>, to: string): Promise<string | null> {
  const mail = (await readMailbox(server)).find(
    (m) => m.to.toLowerCase().includes(to.toLowerCase()) && /\b\d{6}\b/.test(m.text),
  );
  return mail?.text.match(/\b(\d{6})\b/)?.[1] ?? null;
}

/** How many codes the outbox holds for an address. */
export async function codeMails(server: Pick<RunningServer, 'url'>, to: string): Promise<number> {
  return (await readMailbox(server)).filter((m) => m.to.includes(to) && /\b\d{6}\b/.test(m.text)).length;
}
