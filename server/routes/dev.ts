/** The local outbox, readable like an inbox: mounted only while mail goes to the outbox (docs/design.md §6). */
import type { FastifyInstance } from 'fastify';
import type { Context } from '../context';
import { readOutbox } from '../mail/index';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export async function devRoutes(app: FastifyInstance, ctx: Context): Promise<void> {
  app.get('/dev/mailbox.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return readOutbox(ctx.db);
  });

  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const mails = await readOutbox(ctx.db);
    const items = mails
      .map(
        (m) =>
          `<li><article><h2>${escapeHtml(m.subject)}</h2><p>To: ${escapeHtml(m.to)} · <time datetime="${m.sentAt}">${escapeHtml(m.sentAt)}</time></p><pre>${escapeHtml(m.text)}</pre>${(m.attachments ?? []).map((a) => `<p>Attachment: ${escapeHtml(a.filename)} (${escapeHtml(a.contentType)})</p>`).join('')}</article></li>`,
      )
      .join('');
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Mailbox (development)</title><style>body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}li{list-style:none;border-bottom:1px solid #ccc;padding:1rem 0}pre{white-space:pre-wrap;font-size:1rem}</style></head><body><main><h1>Mailbox (development)</h1><p>${mails.length} message(s), newest first.</p><ul>${items}</ul></main></body></html>`;
  });
}
