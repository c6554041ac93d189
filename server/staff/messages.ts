/**
 * Messages staff write to one applicant or to a queue view (docs/decisions/012-emails.md): each one
 * filled for its applicant, queued in the outbox in the same transaction as its audit entry and its count against
 * the inbox's limit (server/mailQuota.ts). Erased applicants are never written to. A message is about the
 * applicant's own application (a service message), so it goes whatever the marketing consent says.
 */
import type { MailTemplate, StaffMessageResult } from '../../machines/rules/mailTemplates';
import { STAFF_TEMPLATE_MESSAGES as M } from '../../machines/rules/staff/templateMessages';
import type { Context } from '../context';
import type { Queryable } from '../db/index';
import {
  STAFF_MESSAGE_WINDOW_HOURS,
  STAFF_MESSAGES_PER_INBOX,
  inboxesFull,
  takeStaffMessage,
} from '../mailQuota';
import { templateEmail } from '../review/emails';
import { messageTargets, type MessageTarget } from '../review/messageTargets';
import { audit, type StaffMember } from './store';

export const MESSAGE_CHUNK = 200;

const INBOX_FULL = M.inboxFull(STAFF_MESSAGES_PER_INBOX, STAFF_MESSAGE_WINDOW_HOURS);
const unreachable = (target: MessageTarget) => (target.erased || !target.email ? M.erased : undefined);

/** Sends one message in `tx`: the reason it cannot go, or undefined once it is queued and audited. */
export async function sendMessage(
  ctx: Context,
  tx: Queryable,
  member: StaffMember,
  target: MessageTarget,
  template: MailTemplate,
  now: Date,
): Promise<string | undefined> {
  const reason = unreachable(target);
  if (reason) return reason;
  if (!(await takeStaffMessage(tx, target.email, now))) return INBOX_FULL;
  await ctx.mailer.send(templateEmail(template, target, ctx.config.publicUrl), tx);
  // The audit names the application, never the words (they may quote personal data).
  await audit(tx, member.id, 'message', now, target.id, { subject_length: template.subject.length });
  return undefined;
}

/** What a message to these applications would do: counts, who is skipped and why, the first message. */
export async function planMessages(
  ctx: Context,
  ids: readonly number[],
  template: MailTemplate,
): Promise<StaffMessageResult> {
  const targets = await messageTargets(ctx.db, ids);
  const full = await inboxesFull(ctx.db, targets.map((t) => t.email).filter(Boolean), ctx.config.now());
  const skipped: StaffMessageResult['skipped'] = [];
  let first: MessageTarget | undefined;
  for (const target of targets) {
    const reason = unreachable(target) ?? (full.has(target.email) ? INBOX_FULL : undefined);
    if (reason) skipped.push({ id: target.id, reason });
    else first ??= target;
  }
  const mail = first && templateEmail(template, first, ctx.config.publicUrl);
  return {
    dryRun: true,
    matched: ids.length,
    sent: targets.length - skipped.length,
    skipped,
    preview: mail ? { to: mail.to, subject: mail.subject, text: mail.text } : null,
  };
}

/** Sends to every application, 200 to a transaction; the ones that cannot be written to are reported. */
export async function sendMessages(
  ctx: Context,
  member: StaffMember,
  ids: readonly number[],
  template: MailTemplate,
): Promise<StaffMessageResult> {
  const result: StaffMessageResult = {
    dryRun: false,
    matched: ids.length,
    sent: 0,
    skipped: [],
    preview: null,
  };
  for (let i = 0; i < ids.length; i += MESSAGE_CHUNK) {
    await ctx.db.transaction(async (tx) => {
      const now = ctx.config.now();
      for (const target of await messageTargets(tx, ids.slice(i, i + MESSAGE_CHUNK))) {
        const reason = await sendMessage(ctx, tx, member, target, template, now);
        if (reason) result.skipped.push({ id: target.id, reason });
        else result.sent += 1;
      }
    });
  }
  return result;
}
