/**
 * Emails staff word (issue 24, item 4) in Chromium against the built product: an admin edits the accepted template
 * on Email templates, accepts an applicant, and the email in the outbox has the edited words; then the admin
 * messages the queue's filtered view, sending only after the dry run has counted it.
 */
import { describe, expect, it } from 'vitest';
import { STAFF_TEMPLATE_MESSAGES as M } from '../../machines/rules/staff/templateMessages';
import { DECIDING, decide, decisionEmail, openStaffSection } from './support/decision';
import type { MailboxEntry } from './support/server';
import { submittedApplicant } from './support/submittedApplicant';
import { contextOpener, server, serverAndBrowser } from './support/suite';

serverAndBrowser({ ...DECIDING });
const open = contextOpener({ width: 1280, height: 900 });
const WAIT = { timeout: 30_000 };

const mailsTo = async (to: string) =>
  ((await (await fetch(`${server.url}/dev/mailbox.json`)).json()) as MailboxEntry[]).filter(
    (m) => m.to.toLowerCase() === to,
  );

describe('emails staff word', () => {
  it('the edited accepted template is what the acceptance says; a message to the filtered view goes after its dry run', async () => {
    const emails = ['ngozi.messages@example.com', 'obinna.messages@example.com'];
    for (const [i, email] of emails.entries())
      await submittedApplicant(server.url, email, {
        firstname: ['Ngozi', 'Obinna'][i],
        lastname: 'Messages',
      });

    const { context, page } = await open();
    await openStaffSection({ context, page }, server.url, 'Email templates');
    await page.getByRole('heading', { name: 'Accepted' }).waitFor(WAIT);
    const subject = page.getByLabel('Subject');
    await subject.fill('Your seat in {{cohort}} is ready, {{firstname}}');
    await page
      .getByLabel('Body')
      .fill('{{greeting}}\n\nA warm welcome from the admissions team.\n\n{{confirmation_link}}');
    await page
      .getByRole('region', { name: 'Preview' })
      .getByText('Your seat in Cohort 14 is ready, Ada')
      .waitFor(WAIT);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(M.saved).waitFor(WAIT);

    await decide(server.url, emails[0], 'ACCEPT');
    const accepted = await decisionEmail(server.url, emails[0], /is ready, Ngozi$/);
    expect(accepted.text).toContain('A warm welcome from the admissions team.');
    expect(accepted.text).toMatch(/^Hello Ngozi,/);

    // The filtered view: the seeded surname.
    await page.goto(`${server.url}/staff?q=Messages`);
    await page.getByRole('button', { name: 'Message these 2 applications' }).click();
    await page.getByLabel('Subject').fill('About your application, {{firstname}}');
    await page.getByLabel('Message', { exact: true }).fill('{{greeting}}\n\nWe will write again next week.');
    await page.getByRole('button', { name: 'Check who it goes to' }).click();
    await page.getByText(`${M.wouldSend(2, 2)}.`).waitFor(WAIT);
    // Nothing has gone during the dry run.
    expect((await mailsTo(emails[1])).filter((m) => /^About your application/.test(m.subject))).toEqual([]);
    await page.getByRole('button', { name: 'Send 2 messages' }).click();
    await page.getByText(M.sentMany(2)).waitFor(WAIT);
    for (const [i, email] of emails.entries()) {
      const [message] = (await mailsTo(email)).filter((m) => /^About your application/.test(m.subject));
      expect(message?.subject).toBe(`About your application, ${['Ngozi', 'Obinna'][i]}`);
      expect(message?.text).toContain('We will write again next week.');
    }
    await context.close();
  });
});
