/**
 * The SMTP sink (the `smtp-server` package on 127.0.0.1, given to the server as SMTP_URL): every email the product
 * delivers lands here and is counted, with its outbox id from the `Message-ID` the worker writes
 * (`<outbox-ID@sender-domain>`, docs/api.md "Mail: the outbox queue").
 */
import { SMTPServer } from 'smtp-server';
import type { SinkMessage } from './observations';

export interface Sink {
  port: number;
  messages: SinkMessage[];
  /**
   * Resolves with the first message to `to` whose subject `match` accepts, arrived after `since`. It gives up only
   * once the sink has received nothing at all for `idleMs`: in a launch spike the outbox delivers every code, just
   * minutes late, and a walk should fail on a stuck outbox, not on a deep one (the wait itself is reported).
   */
  waitFor(
    to: string,
    match: (subject: string) => boolean,
    since: number,
    idleMs?: number,
  ): Promise<SinkMessage>;
  close(): Promise<void>;
}

/** The headers of a raw message, unfolded, by lower-case name. */
export function headersOf(raw: string): Record<string, string> {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** A MIME encoded word (`=?UTF-8?Q?…?=` or `?B?`) decoded; plain text as it is. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

export function sinkMessage(raw: string, recipients: string[], at: number): SinkMessage {
  const headers = headersOf(raw);
  const outboxId = /<outbox-(\d+)@/.exec(headers['message-id'] ?? '')?.[1];
  return {
    outboxId: outboxId === undefined ? null : Number(outboxId),
    to: (recipients[0] ?? /<?([^<>\s]+@[^<>\s]+)>?/.exec(headers.to ?? '')?.[1] ?? '').toLowerCase(),
    subject: decodeWords(headers.subject ?? ''),
    at,
  };
}

export async function startSink(): Promise<Sink> {
  const messages: SinkMessage[] = [];
  const waiting = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 5 * 1024 * 1024,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const recipients = session.envelope.rcptTo.map((r) => r.address);
        messages.push(sinkMessage(Buffer.concat(chunks).toString('utf8'), recipients, Date.now()));
        for (const wake of waiting) wake();
        done();
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    messages,
    waitFor(to, match, since, idleMs = 60_000) {
      const address = to.toLowerCase();
      const found = () => messages.find((m) => m.to === address && m.at >= since && match(m.subject));
      return new Promise((resolve, reject) => {
        const now = found();
        if (now) return resolve(now);
        const giveUp = () => {
          cleanup();
          reject(new Error(`no email to ${to}, and none to anyone for ${idleMs} ms`));
        };
        let timer = setTimeout(giveUp, idleMs);
        const check = () => {
          const message = found();
          if (!message) {
            clearTimeout(timer);
            timer = setTimeout(giveUp, idleMs);
            return;
          }
          cleanup();
          resolve(message);
        };
        const cleanup = () => {
          clearTimeout(timer);
          waiting.delete(check);
        };
        waiting.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
