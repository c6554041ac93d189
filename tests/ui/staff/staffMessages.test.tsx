/**
 * Emails staff word, on fake API calls: the Email templates screen (variables, a live preview with the sample
 * applicant, Save, Restore, the server's refusal in the summary; no link for a reviewer), and the message forms.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_TEMPLATES, type StaffTemplate } from '../../../machines/rules/mailTemplates';
import { STAFF_TEMPLATE_MESSAGES as M } from '../../../machines/rules/staff/templateMessages';
import type { StaffMe } from '../../../machines/staffSession.machine';
import { StaffApiError, type StaffApi } from '../../../src/staff/api';
import {
  queueRow,
  STAFF_ADMIN as ADMIN,
  STAFF_REVIEWER as REVIEWER,
  staffApplicationPage,
  staffQueuePage,
} from '../../support/staff';
import { fakeStaffApi, renderStaffAt as renderAt, staffAt } from './support';
import { expectShown } from '../support/shown';

const TEMPLATES: StaffTemplate[] = (['accepted', 'waitlisted', 'rejected'] as const).map((kind) => ({
  kind,
  label: { accepted: 'Accepted', waitlisted: 'Waitlisted', rejected: 'Not successful' }[kind],
  ...DEFAULT_TEMPLATES[kind],
  default: DEFAULT_TEMPLATES[kind],
  edited: null,
}));

const PAGE = {
  ...staffQueuePage([queueRow(1, { name: 'Ada Obi', email: 'ada@example.com' })]),
  nextCursor: null,
};

const fakeApi = (me: StaffMe, overrides: Partial<StaffApi> = {}) =>
  fakeStaffApi(me, {
    cohorts: vi.fn(() => Promise.resolve([])),
    templates: vi.fn(() => Promise.resolve(TEMPLATES)),
    saveTemplate: vi.fn(() => Promise.resolve({})),
    restoreTemplate: vi.fn(() => Promise.resolve({})),
    queue: vi.fn(() => Promise.resolve(PAGE)),
    savedViews: vi.fn(() => Promise.resolve([])),
    application: vi.fn(() => Promise.resolve(staffApplicationPage())),
    messageOne: vi.fn(() => Promise.resolve({})),
    messageMany: vi.fn((request: { dryRun?: boolean }) =>
      Promise.resolve({
        dryRun: request.dryRun === true,
        matched: 120,
        sent: 118,
        skipped: [
          { id: 7, reason: M.inboxFull(3, 24) },
          { id: 9, reason: M.inboxFull(3, 24) },
        ],
        preview: request.dryRun
          ? { to: 'ada@example.com', subject: 'Your video, Ada', text: 'Hello Ada,\n\nPlease watch it.\n' }
          : null,
      }),
    ),
    ...overrides,
  });

describe('email templates', () => {
  it('shows the variables and a preview filled with a sample applicant, which follows the words typed', async () => {
    const { user } = staffAt('/staff/templates', fakeApi(ADMIN));
    const nav = await screen.findByRole('navigation', { name: 'Staff' });
    expectShown(within(nav).getByRole('link', { name: 'Email templates' }));
    expectShown(await screen.findByRole('heading', { name: 'Accepted' }));
    expectShown(screen.getByText('{{deadline}}'));
    const preview = screen.getByRole('region', { name: 'Preview' });
    expectShown(within(preview).getByText(/You are accepted into The Employment Bootcamp \(Cohort 14\)/));
    expect(preview.textContent).toContain('Hello Ada,');
    expect(preview.textContent).toContain('Cohort 14 starts on 12 January 2027.');

    const subject = screen.getByLabelText('Subject');
    await user.clear(subject);
    await user.type(subject, 'Welcome, {{{{firstname}}');
    expectShown(within(preview).getByText('Welcome, Ada'));

    await user.click(screen.getByRole('button', { name: 'Waitlisted' }));
    expectShown(await screen.findByRole('heading', { name: 'Waitlisted' }));
    expect(screen.queryByRole('button', { name: 'Restore the default' })).toBeNull();
  });

  it('Save sends the wording; a refusal is shown on its field; Restore is offered for an edited template', async () => {
    const user = userEvent.setup();
    const edited = {
      ...TEMPLATES[0],
      body: 'Hi {{firstname}}',
      edited: { at: '2026-11-25T09:00:00.000Z', by: ADMIN.email },
    };
    const refusal = M.unknownVariables(['name']);
    const api = fakeApi(ADMIN, {
      saveTemplate: vi
        .fn()
        .mockRejectedValueOnce(new StaffApiError(refusal, 400, { body: [refusal] }))
        .mockResolvedValue({}),
      templates: vi
        .fn()
        .mockResolvedValueOnce(TEMPLATES)
        .mockResolvedValue([edited, ...TEMPLATES.slice(1)]),
    });
    renderAt('/staff/templates', api);
    const body = await screen.findByLabelText(/^Body/);
    await user.clear(body);
    await user.type(body, 'Dear {{{{name}}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText(refusal)).not.toHaveLength(0);
    expect(api.saveTemplate).toHaveBeenCalledWith('accepted', {
      subject: DEFAULT_TEMPLATES.accepted.subject,
      body: 'Dear {{name}}',
    });

    await user.clear(body);
    await user.type(body, 'Hi {{{{firstname}}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expectShown(await screen.findByText(M.saved));
    expectShown(await screen.findByText(`Edited by ${ADMIN.email} on 25/11/2026.`));
    await user.click(screen.getByRole('button', { name: 'Restore the default' }));
    await waitFor(() => expect(api.restoreTemplate).toHaveBeenCalledWith('accepted'));
  });

  it('a reviewer has no link to it, and the page says it is for admins', async () => {
    renderAt('/staff/templates', fakeApi(REVIEWER));
    const nav = await screen.findByRole('navigation', { name: 'Staff' });
    expect(within(nav).queryByRole('link', { name: 'Email templates' })).toBeNull();
    expectShown(await screen.findByText('Email templates: only an admin can see this page'));
  });
});

describe('messages', () => {
  it("an admin sends a message from an application's page; a reviewer has no such form", async () => {
    const { user, api } = staffAt('/staff/applications/1', fakeApi(ADMIN));
    const form = await screen.findByRole('region', { name: 'Send a message' });
    await user.type(within(form).getByLabelText('Subject'), 'Your video, {{{{firstname}}');
    await user.type(within(form).getByLabelText('Message'), 'Please watch it.');
    expectShown(within(form).getByText('Your video, Ada'));
    await user.click(within(form).getByRole('button', { name: 'Send the message' }));
    expectShown(await within(form).findByText(M.sentOne));
    expect(api.messageOne).toHaveBeenCalledWith(1, {
      subject: 'Your video, {{firstname}}',
      body: 'Please watch it.',
    });
    expect((within(form).getByLabelText('Subject') as HTMLInputElement).value).toBe('');

    const reader = fakeApi(REVIEWER);
    renderAt('/staff/applications/1', reader);
    await waitFor(() => expect(reader.application).toHaveBeenCalled());
    expect(screen.getAllByRole('region', { name: 'Send a message' })).toHaveLength(1);
  });

  it('a message to the queue view sends only after the dry run shows the count and the first message', async () => {
    const { user, api } = staffAt('/staff?status=submitted', fakeApi(ADMIN));
    await user.click(await screen.findByRole('button', { name: 'Message these 120 applications' }));
    await user.type(screen.getByLabelText('Subject'), 'Your video, {{{{firstname}}');
    await user.type(screen.getByLabelText('Message'), 'Please watch it.');
    await user.click(screen.getByRole('button', { name: 'Check who it goes to' }));
    expectShown(await screen.findByText(`${M.wouldSend(118, 120)}; 2 skipped (${M.inboxFull(3, 24)}).`));
    const first = screen.getByRole('region', { name: 'The first message' });
    expect(first.textContent).toContain('To: ada@example.com');
    const words = { subject: 'Your video, {{firstname}}', body: 'Please watch it.' };
    expect(api.messageMany).toHaveBeenCalledTimes(1);
    expect(api.messageMany).toHaveBeenCalledWith({ ...words, filter: { status: 'submitted' }, dryRun: true });

    await user.click(screen.getByRole('button', { name: 'Send 118 messages' }));
    expectShown(await screen.findByText(M.sentMany(118)));
    expect(api.messageMany).toHaveBeenCalledWith({ ...words, filter: { status: 'submitted' } });
  });
});
