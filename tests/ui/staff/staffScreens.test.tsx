/**
 * The staff screens on fake API calls: sign-in (errors in the summary, the code step, signed in), the queue (a real
 * table: caption, sort buttons with aria-sort, the view in the URL, keyset pages, a bulk decision confirmed after
 * its dry run shows the count and the email), and an application's page (a reviewer has no decide button).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { FIELD_MESSAGES, MESSAGES } from '../../../machines/rules/messages';
import { type StaffBulkRequest } from '../../../machines/rules/staff/bulk';
import { type StaffQueueQuery } from '../../../machines/rules/staff/queue';
import { STAFF_MESSAGES } from '../../../machines/rules/staff/messages';
import type { StaffApplicationPage } from '../../../machines/staffApplication.machine';
import type { StaffMe } from '../../../machines/staffSession.machine';
import { StaffApiError, type StaffApi } from '../../../src/staff/api';
import {
  ADMIN_MAY,
  queueRow,
  STAFF_ADMIN as ADMIN,
  STAFF_REVIEWER as REVIEWER,
  staffApplicationPage,
  staffQueuePage,
  SUBMITTED_REVIEW,
} from '../../support/staff';
import { fakeStaffApi, renderStaffAt as renderAt, untilLastCalledWith, staffAt } from './support';
import { expectShown } from '../support/shown';

const row = (id: number, name: string) =>
  queueRow(id, {
    name,
    email: `${name.split(' ')[0].toLowerCase()}@example.com`,
    phone: '+2348030000000',
    referralSource: 'On social media',
  });

const PAGE = staffQueuePage([row(1, 'Ada Obi'), row(2, 'Bola Ade')]);

const APPLICATION = staffApplicationPage({
  review: SUBMITTED_REVIEW,
  cv: { filename: 'ada-cv.docx', kind: 'docx', size: 20_000 },
  timeline: [{ at: '2026-11-21T10:00:00.000Z', what: 'Submitted' }],
});

/** Each application asked for by id: Ada's page with that id, changed as `over` says. */
const everyApplication = (over: (id: number) => Partial<StaffApplicationPage>) =>
  vi.fn((id: number) => Promise.resolve({ ...APPLICATION, id, ...over(id) } as StaffApplicationPage));

const fakeApi = (me: StaffMe | null, overrides: Partial<StaffApi> = {}) => fakeStaffApiOf(me, overrides);
function fakeStaffApiOf(me: StaffMe | null, overrides: Partial<StaffApi> = {}) {
  return fakeStaffApi(me, {
    sendCode: vi.fn(() => Promise.resolve({})),
    verify: vi.fn(() => Promise.resolve(ADMIN)),
    signOut: vi.fn(() => Promise.resolve({})),
    queue: vi.fn((_q: StaffQueueQuery) => Promise.resolve(PAGE)),
    savedViews: vi.fn(() => Promise.resolve([])),
    tags: vi.fn(() => Promise.resolve([])),
    bulk: vi.fn((request: StaffBulkRequest) =>
      Promise.resolve({
        dryRun: request.dryRun ?? false,
        matched: request.ids?.length ?? PAGE.total,
        applied: { [request.event]: request.ids?.length ?? PAGE.total },
        refused: [],
        preview: [
          {
            event: request.event,
            to: 'ada@example.com',
            subject: 'Your place at the bootcamp',
            text: 'Dear Ada',
          },
        ],
        seatsFree: 97,
      }),
    ),
    application: vi.fn(() => Promise.resolve(APPLICATION)),
    review: vi.fn(() => Promise.resolve({ status: 'in_review', label: 'In review' })),
    addNote: vi.fn(() => Promise.resolve({})),
    team: vi.fn(() => Promise.resolve([])),
    addMember: vi.fn(() => Promise.resolve({})),
    removeMember: vi.fn(() => Promise.resolve({})),
    audit: vi.fn(() => Promise.resolve([])),
    funnel: vi.fn(() => Promise.reject(new StaffApiError('no', 500))),
    rubric: vi.fn(() => Promise.resolve({ criteria: [] })),
    scorecards: vi.fn(() =>
      Promise.resolve({ rubric: [], mine: null, othersVisible: false, others: [], summary: null }),
    ),
    ...overrides,
  });
}

type Review = NonNullable<StaffApplicationPage['review']>;
/** An admin's API whose application page has its review in `status`, offering `allowed`. */
const adminWithReview = (
  status: Review['status'],
  label: string,
  allowed: Review['allowed'],
  more: Partial<Review> = {},
  over: Partial<StaffApplicationPage> = {},
) => {
  const review: Review = {
    status,
    label,
    allowed,
    releasesInMs: null,
    seats: null,
    undoSeconds: 30,
    ...more,
  };
  return fakeApi(ADMIN, { application: vi.fn(() => Promise.resolve({ ...APPLICATION, ...over, review })) });
};
const DECIDED: Review['allowed'] = ['ACCEPT', 'WAITLIST', 'REJECT', 'UNDO', 'WITHDRAW'];

/** Renders Ada's page and waits for its heading. */
const openAdaPage = async (api: StaffApi, path = '/staff/applications/1') => {
  const view = renderAt(path, api);
  await screen.findByRole('heading', { name: 'Ada Obi', level: 1 });
  return view;
};

describe('staff sign-in', () => {
  it('refuses a missing email in the error summary, then signs in with the emailed code', async () => {
    const { user, api } = staffAt('/staff', fakeApi(null));
    const heading = await screen.findByRole('heading', { name: 'Staff sign in' });
    expect(document.activeElement).toBe(heading);
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    const summary = await screen.findByRole('alert');
    expectShown(within(summary).getByRole('link', { name: FIELD_MESSAGES.email }));
    expect(api.sendCode).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Work email address'), 'Director@Bootcamp.example');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await screen.findByRole('heading', { name: 'Enter your code' });
    expect(api.sendCode).toHaveBeenCalledWith('director@bootcamp.example');
    expect(screen.getByRole('status').textContent).toBe(STAFF_MESSAGES.codeSent);

    await user.type(screen.getByLabelText('6-digit code'), '12');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expectShown(await screen.findByRole('link', { name: MESSAGES.otpFormat }));
    expect(api.verify).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('6-digit code'), '3456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('button', { name: 'Sign out' });
    expect(api.verify).toHaveBeenCalledWith('director@bootcamp.example', '123456');
    expectShown(screen.getByText(`${ADMIN.email} (admin)`));
  });
});

describe('staff queue', () => {
  it('is a table with a caption and sort buttons; sorting and Next page change the view the API is asked', async () => {
    const user = userEvent.setup();
    const api = fakeApi(ADMIN);
    const { container } = renderAt('/staff?status=submitted', api);
    const table = await screen.findByRole('table', { name: '120 applications match this view' });
    expect(api.queue).toHaveBeenLastCalledWith({ status: 'submitted' });
    expect(within(table).getByRole('link', { name: 'Ada Obi' }).getAttribute('href')).toBe(
      '/staff/applications/1?status=submitted',
    );
    // Chips count each value of the other filters and link to that view.
    const stages = screen.getByRole('list', { name: 'Applications by furthest stage' });
    expect(within(stages).getByRole('link', { name: 'Verified email (3)' }).getAttribute('href')).toBe(
      '/staff?stage=verified&status=submitted',
    );
    const submitted = within(table).getByRole('button', { name: 'Submitted' });
    expect(submitted.closest('th')?.getAttribute('aria-sort')).toBe('descending');

    await user.click(within(table).getByRole('button', { name: 'Name' }));
    await untilLastCalledWith(api.queue, { status: 'submitted', sort: 'name', dir: 'asc' });
    expect(screen.getByRole('button', { name: 'Name' }).closest('th')?.getAttribute('aria-sort')).toBe(
      'ascending',
    );

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await untilLastCalledWith(api.queue, { status: 'submitted', sort: 'name', dir: 'asc', cursor: 'next-1' });
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await untilLastCalledWith(api.queue, { status: 'submitted', sort: 'name', dir: 'asc' });

    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it('filters by the lowest score and the number of reviews, kept in the URL as chips, and sorts by score', async () => {
    const { user, api } = staffAt('/staff', fakeApi(ADMIN));
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.selectOptions(screen.getByLabelText('Score at least'), '3.5');
    const reviews = screen.getByRole('group', { name: 'Reviews' });
    await user.click(within(reviews).getByLabelText('Two or more'));
    await user.click(within(reviews).getByLabelText('None yet'));
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await untilLastCalledWith(api.queue, { scoreMin: '3.5', reviews: '0,2+' });
    const active = screen.getByRole('list', { name: 'Active filters' });
    expectShown(within(active).getByRole('link', { name: 'Remove Score: 3.5 or more' }));
    expectShown(within(active).getByRole('link', { name: 'Remove Reviews: None yet, Two or more' }));

    // Highest score first from the Score header, the filters kept.
    await user.click(within(screen.getByRole('table')).getByRole('button', { name: 'Score' }));
    await untilLastCalledWith(api.queue, { scoreMin: '3.5', reviews: '0,2+', sort: 'score', dir: 'desc' });
    expect(screen.getByRole('button', { name: 'Score' }).closest('th')?.getAttribute('aria-sort')).toBe(
      'descending',
    );
    // A chip's × drops its filter only; the form shows what the URL holds.
    await user.click(screen.getByRole('link', { name: 'Remove Score: 3.5 or more' }));
    await untilLastCalledWith(api.queue, { reviews: '0,2+', sort: 'score', dir: 'desc' });
    expect((screen.getByLabelText('Score at least') as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText('Two or more') as HTMLInputElement).checked).toBe(true);
  });

  it('a bulk decision shows the count and the email from the dry run, and is sent only on confirm', async () => {
    const { user, api } = staffAt('/staff', fakeApi(ADMIN));
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Select every application on this page' }));
    await user.click(screen.getByRole('button', { name: 'Select all 120 matching' }));
    await user.click(screen.getByRole('button', { name: 'Accept selected' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Accept 120 applications?' });
    expectShown(within(dialog).getByText(/Your place at the bootcamp/));
    expectShown(within(dialog).getByText(/120 will be accepted.*97 seats are free/));
    expect(api.bulk).toHaveBeenCalledTimes(1);
    expect(api.bulk).toHaveBeenLastCalledWith({ event: 'ACCEPT', filter: {}, dryRun: true });
    await user.click(within(dialog).getByRole('button', { name: 'Accept 120' }));
    await untilLastCalledWith(api.bulk, { event: 'ACCEPT', filter: {}, dryRun: false });
    expectShown(await screen.findByText('120 accepted'));
  });

  it('a reviewer has no selection and no bulk buttons', async () => {
    renderAt('/staff', fakeApi(REVIEWER));
    await screen.findByRole('table');
    expect(screen.queryByRole('checkbox', { name: /^Select/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept selected' })).toBeNull();
    expect(screen.queryByRole('link', { name: /CVs \(zip\)/ })).toBeNull();
  });
  it("an admin's search leaves one rubric editor on the queue, and none on the application opened from it", async () => {
    const user = userEvent.setup();
    const api = fakeApi(ADMIN, {
      rubric: vi.fn(() =>
        Promise.resolve({ criteria: [{ key: 'fit', label: 'Fit', guidance: 'Ready to join' }] }),
      ),
    });
    renderAt('/staff', api);
    await screen.findByRole('link', { name: 'Ada Obi' });
    const editors = () => screen.queryAllByText('Scorecard rubric of this cohort');
    await waitFor(() => expect(editors()).toHaveLength(1));
    await user.type(screen.getByLabelText('Search name, email, phone, city or source'), 'ada');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await untilLastCalledWith(api.queue, { q: 'ada' });
    await screen.findByRole('link', { name: 'Ada Obi' });
    expect(editors()).toHaveLength(1);
    await user.click(screen.getByRole('link', { name: 'Ada Obi' }));
    await screen.findByRole('heading', { name: 'Ada Obi', level: 1 });
    expect(editors()).toHaveLength(0);
  });
});

describe("an application's page", () => {
  it('a reviewer can start the review but has no decide button; a Word CV is a download link', async () => {
    const { user, api } = staffAt('/staff/applications/1', fakeApi(REVIEWER));
    // The page's heading takes focus once the application has loaded.
    const heading = await screen.findByRole('heading', { name: 'Ada Obi', level: 1 });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    // Nothing to say: no empty notice box under the name (docs/staff/record.png once showed one).
    expect(screen.queryAllByRole('status').filter((s) => !s.textContent?.trim())).toEqual([]);
    for (const name of ['Accept', 'Waitlist', 'Reject'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.getByRole('link', { name: /Download ada-cv.docx/ }).getAttribute('href')).toBe(
      '/api/v1/staff/applications/1/cv',
    );
    await user.click(screen.getByRole('button', { name: 'Start review' }));
    await waitFor(() => expect(api.review).toHaveBeenCalledWith(1, 'START_REVIEW', false));
  });

  it('a PDF CV loads only when asked, and the next application opens with its CV closed again', async () => {
    const user = userEvent.setup();
    const api = fakeApi(ADMIN, {
      application: everyApplication(() => ({ cv: { filename: 'ada-cv.pdf', kind: 'pdf', size: 90_000 } })),
    });
    renderAt('/staff', api);
    await user.click(await screen.findByRole('link', { name: 'Ada Obi' }));
    await screen.findByRole('heading', { name: 'Ada Obi', level: 1 });
    // Chromium's PDF viewer takes the focus as it loads: nothing loads it before the reader asks.
    const show = screen.getByRole('button', { name: 'Show the CV on this page' });
    expect(document.querySelector('iframe')).toBeNull();
    expect(show.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('link', { name: 'Open ada-cv.pdf in a new tab' }).getAttribute('href')).toBe(
      '/api/v1/staff/applications/1/cv',
    );
    await user.click(show);
    expect(screen.getByTitle('CV: ada-cv.pdf').getAttribute('src')).toBe('/api/v1/staff/applications/1/cv');
    expect(screen.getByRole('button', { name: 'Hide the CV' }).getAttribute('aria-expanded')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Next (j)' }));
    await untilLastCalledWith(api.application, 2);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Open ada-cv.pdf in a new tab' }).getAttribute('href')).toBe(
        '/api/v1/staff/applications/2/cv',
      ),
    );
    expect(document.querySelector('iframe')).toBeNull();
    expectShown(screen.getByRole('button', { name: 'Show the CV on this page' }));
  });

  it('an admin sees the decisions the chart allows; an empty note is refused without a call', async () => {
    const user = userEvent.setup();
    const api = adminWithReview('in_review', 'In review', ADMIN_MAY);
    await openAdaPage(api);
    for (const name of ['Accept', 'Waitlist', 'Reject']) expectShown(screen.getByRole('button', { name }));
    expect(screen.queryByRole('button', { name: 'Start review' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Undo the decision' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expectShown(await screen.findByRole('link', { name: STAFF_MESSAGES.noteEmpty }));
    expect(api.addNote).not.toHaveBeenCalled();
  });

  it('an acceptance past the seats asks first ("This takes seat 301 of 300"), and Cancel sends nothing', async () => {
    const user = userEvent.setup();
    const api = adminWithReview('in_review', 'In review', ['ACCEPT', 'WAITLIST', 'REJECT'], {
      seats: { seats: 300, taken: 300 },
    });
    await openAdaPage(api);
    expectShown(screen.getByText('300 of 300 seats taken in this cohort.'));
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Accept past the seats?' });
    expect(dialog.textContent).toContain('This takes seat 301 of 300.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.review).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Accept and overbook' }),
    );
    await waitFor(() => expect(api.review).toHaveBeenCalledWith(1, 'ACCEPT', true));
  });

  it('a held decision offers only its undo, and says the applicant does not see it yet', async () => {
    const api = adminWithReview('accepted', 'Accepted', DECIDED, {
      releasesInMs: 120_000,
      seats: { seats: 300, taken: 12 },
      undoSeconds: 300,
    });
    await openAdaPage(api);
    expectShown(screen.getByRole('button', { name: 'Undo the decision' }));
    expect(screen.queryByRole('button', { name: 'Mark withdrawn' })).toBeNull();
    expectShown(screen.getByText(/The applicant does not see this decision yet/));
  });
});

describe("an application's payments", () => {
  it('a second verified payment shows as a duplicate to refund, beside the one paid', async () => {
    const payment = { option: 'Pay in full (15% off)', currency: 'NGN' as const, amount: 51_000 };
    const api = adminWithReview(
      'paid',
      'Paid',
      [],
      {},
      {
        payments: [
          {
            ...payment,
            reference: 'TEBC-1111111111',
            status: 'paid' as const,
            paid_at: '2026-11-23T10:00:00.000Z',
            provider_reference: '',
          },
          {
            ...payment,
            option: 'Pay in 2 instalments',
            amount: 60_000,
            reference: 'TEBC-2222222222',
            status: 'duplicate' as const,
            paid_at: '2026-11-23T10:05:00.000Z',
            provider_reference: 'KLP-9',
          },
        ],
      },
    );
    renderAt('/staff/applications/1', api);
    const section = (await screen.findByRole('heading', { name: 'Payments' })).closest('section')!;
    expect(within(section).getByRole('alert').textContent).toBe(
      'This applicant paid twice: refund the duplicate payment below.',
    );
    const rows = within(section).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Pay in full (15% off)', 'N51,000', 'Paid', '23/11/2026, 10:00:00 UTC', '—'],
      ['Pay in 2 instalments', 'N60,000', 'Paid twice: refund due', '23/11/2026, 10:05:00 UTC', 'KLP-9'],
    ]);
    expect(screen.getByText('Status:').textContent).toBe('Status: Paid');
  });

  it('says so when no payment was issued', async () => {
    renderAt('/staff/applications/1', fakeApi(REVIEWER));
    const section = (await screen.findByRole('heading', { name: 'Payments' })).closest('section')!;
    expectShown(within(section).getByText('No payment issued.'));
    expect(within(section).queryByRole('alert')).toBeNull();
  });
});

describe('cohort picker and decisions from a CSV file', () => {
  const cohorts = () =>
    Promise.resolve([
      { number: 6, name: 'Cohort 6', current: true },
      { number: 5, name: 'Cohort 5', current: false },
    ]);

  it('the queue shows the open cohort by default; Show this cohort puts the chosen one in the URL and the call', async () => {
    const { user, api } = staffAt('/staff?status=submitted', fakeApi(ADMIN, { cohorts: vi.fn(cohorts) }));
    const picker = await screen.findByLabelText('Cohort');
    expect((picker as HTMLSelectElement).value).toBe('6');
    await user.selectOptions(picker, '5');
    // Choosing alone changes nothing; the button shows it, and the other filters go with the old cohort.
    expect(api.queue).toHaveBeenLastCalledWith({ status: 'submitted' });
    await user.click(screen.getByRole('button', { name: 'Show this cohort' }));
    await untilLastCalledWith(api.queue, { cohort: '5' });
    expect(screen.getByRole('link', { name: 'Funnel' }).getAttribute('href')).toBe('/staff/funnel?cohort=5');
  });

  it('a seat freed with a waitlist says so, and its link shows the waitlist', async () => {
    const freed = { ...PAGE, cohort: { ...PAGE.cohort, seats: 100, taken: 99, waitlisted: 7 } };
    const { user, api } = staffAt('/staff', fakeApi(ADMIN, { queue: vi.fn(() => Promise.resolve(freed)) }));
    expectShown(
      await screen.findByText(
        '99 of 100 seats taken. 1 seat is free and 7 applications are on the waitlist.',
        {
          exact: false,
        },
      ),
    );
    await user.click(screen.getByRole('link', { name: 'Show the waitlist' }));
    await untilLastCalledWith(api.queue, { cohort: '6', status: 'waitlisted' });
  });

  it('says nothing of the waitlist while every seat is taken', async () => {
    const full = { ...PAGE, cohort: { ...PAGE.cohort, seats: 100, taken: 100, waitlisted: 7 } };
    renderAt('/staff', fakeApi(ADMIN, { queue: vi.fn(() => Promise.resolve(full)) }));
    expectShown(await screen.findByText('100 of 100 seats taken.'));
    expect(screen.queryByRole('link', { name: 'Show the waitlist' })).toBeNull();
  });

  it('previews the file (counts and refused rows, nothing applied), then applies it on confirmation', async () => {
    const user = userEvent.setup();
    const rows = [
      { line: 2, email: 'ada@example.com', decision: 'accept', outcome: 'ok' as const, id: 1 },
      {
        line: 3,
        email: 'nobody@example.com',
        decision: 'reject',
        outcome: 'unknown' as const,
        reason: 'No submitted application has this email',
      },
    ];
    const bulkCsv = vi.fn((_text: string, _cohort: string | undefined, apply: boolean) =>
      Promise.resolve({ dryRun: !apply, cohort: PAGE.cohort, rows, applied: { ACCEPT: 1 } }),
    );
    const api = fakeApi(ADMIN, { cohorts: vi.fn(cohorts), bulkCsv });
    const { container } = renderAt('/staff/decisions-csv?cohort=6', api);
    await screen.findByRole('heading', { name: 'Decisions from a CSV file', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(bulkCsv).not.toHaveBeenCalled();
    expectShown(screen.getByText('Choose a CSV file to preview'));
    expect(document.activeElement).toBe(screen.getByLabelText('CSV file'));
    const text = 'email,decision\nada@example.com,accept\nnobody@example.com,reject\n';
    await user.upload(
      screen.getByLabelText('CSV file'),
      new File([text], 'decisions.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const previewHeading = await screen.findByRole('heading', {
      name: 'Preview of decisions.csv for Cohort 6',
    });
    expect(document.activeElement).toBe(previewHeading);
    expect(bulkCsv).toHaveBeenLastCalledWith(text, '6', false);
    expect(screen.getByRole('status').textContent).toContain('1 of 2 rows can be applied: 1 accepted');
    const refused = screen.getByRole('table', { name: 'Rows that will not be applied (1)' });
    expectShown(within(refused).getByText('No submitted application has this email'));
    expect((await axe.run(container)).violations).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Apply 1 decisions' }));
    await screen.findByRole('heading', { name: 'Applied to Cohort 6' });
    expect(bulkCsv).toHaveBeenLastCalledWith(text, '6', true);
    expect(screen.getByRole('status').textContent).toContain('Done: 1 accepted.');
  });

  it('a reviewer is told the CSV decisions are for admins', async () => {
    renderAt('/staff/decisions-csv', fakeApi(REVIEWER, { cohorts: vi.fn(cohorts) }));
    expectShown(await screen.findByText('Only an admin can decide from a CSV file.'));
  });
});

describe('team', () => {
  it('an admin named in STAFF_EMAILS is marked as managed by configuration and has no Remove button', async () => {
    const user = userEvent.setup();
    const api = fakeApi(
      { email: 'deputy@bootcamp.example', role: 'admin', locale: 'en-GB' },
      {
        team: vi.fn(() =>
          Promise.resolve([
            {
              id: 1,
              email: ADMIN.email,
              role: 'admin' as const,
              since: '2026-11-01T09:00:00.000Z',
              configured: true,
            },
            {
              id: 2,
              email: 'deputy@bootcamp.example',
              role: 'admin' as const,
              since: '2026-11-02T09:00:00.000Z',
              configured: false,
            },
            {
              id: 3,
              email: REVIEWER.email,
              role: 'reviewer' as const,
              since: '2026-11-03T09:00:00.000Z',
              configured: false,
            },
          ]),
        ),
      },
    );
    renderAt('/staff/team', api);
    const table = await screen.findByRole('table', { name: '3 people can sign in to the staff area' });
    const director = within(table).getByRole('row', { name: new RegExp(ADMIN.email) });
    expectShown(within(director).getByText(STAFF_MESSAGES.configuredAdminNote));
    expect(within(director).queryByRole('button')).toBeNull();
    expect(within(table).getAllByRole('button', { name: /^Remove/ })).toHaveLength(1);

    await user.click(within(table).getByRole('button', { name: `Remove ${REVIEWER.email}` }));
    await waitFor(() => expect(api.removeMember).toHaveBeenCalledWith(3));
  });
});

describe('contact details (one rule: admins see them everywhere, reviewers nowhere)', () => {
  /** What the server sends a reviewer: the same rows and answers, without the contact fields. */
  const withoutContact = <T extends object>(value: T) => {
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const field of ['email', 'phone', 'whatsapp_phone']) delete copy[field];
    return copy as T;
  };

  it('an admin sees the Email column, searches by email or phone, and reads email and phones on the page', async () => {
    renderAt('/staff', fakeApi(ADMIN));
    const table = await screen.findByRole('table');
    expectShown(await within(table).findByText('ada@example.com'));
    expectShown(within(table).getByRole('columnheader', { name: 'Email' }));
    expectShown(screen.getByLabelText('Search name, email, phone, city or source'));
  });

  it('a reviewer has no Email column and searches by name only', async () => {
    const reviewerPage = { ...PAGE, rows: PAGE.rows.map(withoutContact) };
    renderAt('/staff', fakeApi(REVIEWER, { queue: vi.fn(() => Promise.resolve(reviewerPage)) }));
    const table = await screen.findByRole('table');
    expectShown(await within(table).findByRole('link', { name: 'Ada Obi' }));
    expect(within(table).queryByRole('columnheader', { name: 'Email' })).toBeNull();
    expectShown(screen.getByLabelText('Search name, city or source'));
    expect(document.body.textContent).not.toMatch(/@example\.com|\+234/);
  });

  it("on an application's page an admin reads Email, Phone and WhatsApp; a reviewer has no such rows", async () => {
    const full = {
      ...APPLICATION,
      answers: { ...APPLICATION.answers, phone: '+2348030000000', whatsapp_phone: '+2348030000001' },
    };
    const admin = renderAt(
      '/staff/applications/1',
      fakeApi(ADMIN, { application: vi.fn(() => Promise.resolve(full)) }),
    );
    await screen.findByRole('heading', { name: 'Ada Obi', level: 1 });
    for (const term of ['Email', 'Phone', 'WhatsApp'])
      expectShown(screen.getByText(term, { selector: 'dt' }));
    expectShown(screen.getByText('ada@example.com'));
    admin.unmount();

    const reviewerPage = { ...full, answers: withoutContact(full.answers) };
    renderAt(
      '/staff/applications/1',
      fakeApi(REVIEWER, { application: vi.fn(() => Promise.resolve(reviewerPage)) }),
    );
    await screen.findByRole('heading', { name: 'Ada Obi', level: 1 });
    for (const term of ['Email', 'Phone', 'WhatsApp'])
      expect(screen.queryByText(term, { selector: 'dt' })).toBeNull();
    expect(document.body.textContent).not.toMatch(/@example\.com|\+234/);
  });
});

describe('fixes from a review team’s day (issue 24, item 9)', () => {
  it('the bulk button names what the dry run will do; with a 0 s window the email goes at once', async () => {
    const user = userEvent.setup();
    const api = fakeApi(ADMIN, {
      bulk: vi.fn((request: StaffBulkRequest) =>
        Promise.resolve({
          dryRun: request.dryRun ?? false,
          matched: 389,
          applied: { ACCEPT: 20, WAITLIST: 369 },
          refused: [],
          preview: [
            { event: 'ACCEPT' as const, to: 'ada@example.com', subject: 'Your place', text: 'Dear Ada' },
          ],
          seatsFree: 20,
          undoSeconds: 0,
        }),
      ),
    });
    renderAt('/staff', api);
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Select every application on this page' }));
    await user.click(screen.getByRole('button', { name: 'Select all 120 matching' }));
    await user.click(screen.getByLabelText(/waitlist those beyond the free seats/));
    await user.click(screen.getByRole('button', { name: 'Accept selected' }));
    const dialog = await screen.findByRole('alertdialog');
    expectShown(within(dialog).getByRole('button', { name: 'Accept 20, waitlist 369' }));
    expect(dialog.textContent).toContain('The email that will go at once');
    expect(dialog.textContent).not.toContain('0 seconds');
  });

  it('with a 0 s undo window a decision offers no Undo and no undo hint', async () => {
    const api = adminWithReview('accepted', 'Accepted', DECIDED, {
      seats: { seats: 300, taken: 13 },
      undoSeconds: 0,
    });
    await openAdaPage(api);
    expect(screen.queryByRole('button', { name: 'Undo the decision' })).toBeNull();
    expect(document.body.textContent).not.toMatch(/undone within|0 seconds/);
    expectShown(screen.getByRole('button', { name: 'Mark withdrawn' }));
  });

  it('headings speak about the applicant, not to them', async () => {
    await openAdaPage(fakeApi(REVIEWER));
    expectShown(screen.getByRole('heading', { name: 'About the applicant', level: 2 }));
    const headings = screen.getAllByRole('heading').map((h) => h.textContent ?? '');
    expect(headings.filter((h) => /\byou\b/i.test(h))).toEqual([]);
  });

  it('dates are written and typed the programme’s way (en-GB), or as configured (en-US)', async () => {
    const user = userEvent.setup();
    const api = fakeApi(ADMIN);
    const gb = renderAt('/staff?from=2026-11-01', api);
    const table = await screen.findByRole('table');
    expect(await within(table).findAllByText('21/11/2026')).toHaveLength(2);
    const from = screen.getByLabelText(/^Submitted from/);
    expect(screen.getByText('Submitted from').closest('label')?.textContent).toContain('DD/MM/YYYY');
    expect((from as HTMLInputElement).value).toBe('01/11/2026');
    // The filters are one row; the active one is a chip, and its field is behind "Filters (1)".
    const more = screen.getByRole('button', { name: 'Filters (1)' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expectShown(within(chips).getByText(/Submitted from: 01\/11\/2026/));
    await user.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');

    await user.type(screen.getByLabelText(/^Submitted to/), '31/11/2026');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expectShown(screen.getByText('Enter a date as DD/MM/YYYY'));
    expect(document.activeElement).toBe(screen.getByLabelText(/^Submitted to/));
    expect(api.queue).toHaveBeenLastCalledWith({ from: '2026-11-01' });

    await user.clear(screen.getByLabelText(/^Submitted to/));
    await user.type(screen.getByLabelText(/^Submitted to/), '30/11/2026');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await untilLastCalledWith(api.queue, { from: '2026-11-01', to: '2026-11-30' });
    // Removing a chip drops that filter alone.
    await user.click(screen.getByRole('link', { name: 'Remove Submitted from: 01/11/2026' }));
    await untilLastCalledWith(api.queue, { to: '2026-11-30' });
    expectShown(screen.getByRole('button', { name: 'Filters (1)' }));
    gb.unmount();

    renderAt('/staff', fakeApi({ ...REVIEWER, locale: 'en-US' }));
    expect(await within(await screen.findByRole('table')).findAllByText('11/21/2026')).toHaveLength(2);
    expect(screen.getByText('Submitted from').closest('label')?.textContent).toContain('MM/DD/YYYY');
  });

  it('the filters say what the queue would refuse, by its field, before asking the server', async () => {
    const user = userEvent.setup();
    const api = fakeApi(ADMIN);
    renderAt('/staff', api);
    await screen.findByRole('table');
    const search = screen.getByLabelText(/^Search name/);
    await user.type(search, 'a'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expectShown(screen.getByText('Please search with fewer than 100 characters'));
    expect(search.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(search);
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    await user.type(screen.getByLabelText(/^Submitted from/), '01/01/3000');
    await user.clear(search);
    await user.type(search, 'Ada');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expectShown(screen.getByText('Enter a date between the years 1900 and 2999'));
    expect(screen.queryByText('Please search with fewer than 100 characters')).toBeNull();
    expect(api.queue).toHaveBeenLastCalledWith({});
  });
});

describe('finding applications (issue 24, item 6)', () => {
  it('no chip of a stage repeats a status chip’s name', async () => {
    renderAt('/staff', fakeApi(ADMIN));
    await screen.findByRole('list', { name: 'Applications by furthest stage' });
    await screen.findByRole('list', { name: 'Applications by status' });
    const labels = (name: string) =>
      within(screen.getByRole('list', { name }))
        .getAllByRole('link')
        .map((a) => (a.textContent ?? '').replace(/ \(\d+\)$/, ''));
    const statuses = labels('Applications by status');
    const stages = labels('Applications by furthest stage');
    expect(statuses).toContain('Submitted');
    expect(stages.filter((s) => statuses.includes(s))).toEqual([]);
  });

  it('"0 match" here says how many match in other cohorts and links to the search across all of them', async () => {
    const user = userEvent.setup();
    const empty = { ...PAGE, rows: [], total: 0, nextCursor: null, elsewhere: 1 };
    const api = fakeApi(ADMIN, {
      queue: vi.fn((q: StaffQueueQuery) =>
        Promise.resolve(
          q.allCohorts ? { ...PAGE, rows: [row(9, 'Zara Obi')], total: 1, elsewhere: 0 } : empty,
        ),
      ),
    });
    renderAt('/staff?q=zara', api);
    const table = await screen.findByRole('table', { name: '0 applications match this view' });
    expectShown(within(table).getByText(/1 matches in other cohorts/));
    await user.click(within(table).getByRole('link', { name: 'search all cohorts' }));
    const found = await screen.findByRole('table', { name: '1 application matches this view' });
    expect(api.queue).toHaveBeenLastCalledWith({ q: 'zara', allCohorts: '1' });
    expectShown(within(found).getByRole('columnheader', { name: 'Cohort' }));
    expectShown(within(found).getByRole('cell', { name: 'Cohort 6' }));
    expect((screen.getByLabelText('Search all cohorts') as HTMLInputElement).checked).toBe(true);
  });
});

describe('triage at the speed of reading (issue 24, item 1)', () => {
  // The view is the two rows it lists (the position counts the view's total).
  const fakeApi = (me: StaffMe | null, overrides: Partial<StaffApi> = {}) =>
    fakeStaffApiOf(me, { queue: vi.fn(() => Promise.resolve({ ...PAGE, total: 2 })), ...overrides });
  /** The triage bar says where this application is: asked afresh, for the next page brings its own bar. */
  const untilPosition = (position: string) =>
    waitFor(() =>
      expect(screen.getByRole('navigation', { name: 'Applications in this view' }).textContent).toContain(
        position,
      ),
    );

  it('walks the filtered list with j and k, decides with a key, lists the shortcuts on ?, and Back keeps the filter', async () => {
    const user = userEvent.setup();
    const api = fakeApi(ADMIN, {
      application: everyApplication(() => ({
        review: { ...APPLICATION.review!, status: 'in_review', allowed: ['ACCEPT', 'WAITLIST', 'REJECT'] },
      })),
    });
    renderAt('/staff?status=in_review', api);
    await user.click(await screen.findByRole('link', { name: 'Ada Obi' }));
    await screen.findByRole('heading', { name: 'Ada Obi', level: 1 });
    const nav = await screen.findByRole('navigation', { name: 'Applications in this view' });
    await within(nav).findByText('1 of 2');
    // The list is the queue's view, asked once with the largest page.
    expect(api.queue).toHaveBeenLastCalledWith({ status: 'in_review', limit: '200' });
    expect(within(nav).getByRole('link', { name: 'Back to applications' }).getAttribute('href')).toBe(
      '/staff?status=in_review',
    );

    await user.keyboard('j');
    await untilLastCalledWith(api.application, 2);
    await untilPosition('2 of 2');
    expect(screen.getByRole('button', { name: 'Next (j)' }).hasAttribute('disabled')).toBe(true);
    await user.keyboard('k');
    await waitFor(() => expect(api.application).toHaveBeenCalledTimes(4));
    expect(vi.mocked(api.application).mock.calls.map(([id]) => id)).toEqual([1, 2, 1, 2]);

    await screen.findByRole('button', { name: 'Accept' });
    await user.keyboard('r');
    await waitFor(() => expect(api.review).toHaveBeenCalledWith(1, 'REJECT', false));
    // A decision moves on to the next application in the view by itself.
    await untilPosition('2 of 2');

    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expectShown(within(help).getByText('Next application'));
    await user.click(within(help).getByRole('button', { name: 'Close' }));

    // Typing in a note is text, not a shortcut.
    await user.type(screen.getByLabelText('Add a note'), 'k');
    expectShown(screen.getByText('2 of 2'));

    await user.click(screen.getAllByRole('link', { name: 'Back to applications' })[0]);
    await screen.findByRole('table');
    expect(api.queue).toHaveBeenLastCalledWith({ status: 'in_review' });
  });

  const deciding = (undoSeconds: number) =>
    fakeApi(ADMIN, {
      application: everyApplication((id) => ({
        answers: {
          ...APPLICATION.answers,
          firstname: id === 1 ? 'Ada' : 'Bola',
          lastname: id === 1 ? 'Obi' : 'Ade',
        },
        review: {
          ...APPLICATION.review!,
          status: 'in_review',
          allowed: ['ACCEPT', 'WAITLIST', 'REJECT', 'UNDO'],
          undoSeconds,
        },
      })),
      review: vi.fn((_id: number, type: string) =>
        Promise.resolve(
          type === 'UNDO'
            ? { status: 'in_review', label: 'In review' }
            : { status: 'accepted', label: 'Accepted' },
        ),
      ),
    });

  it('fetches the next application while this one is read; a decision opens it, saying "Accepted Ada Obi — Undo"', async () => {
    const user = userEvent.setup();
    const api = deciding(300);
    await openAdaPage(api, '/staff/applications/1?status=in_review');
    // Prefetched: the next one is asked before anyone presses Next.
    await waitFor(() => expect(api.application).toHaveBeenCalledWith(2));
    const asked = vi.mocked(api.application).mock.calls.length;

    await user.keyboard('a');
    await screen.findByRole('heading', { name: 'Bola Ade', level: 1 });
    // Shown from the prefetch, not asked again.
    expect(vi.mocked(api.application).mock.calls.length).toBe(asked);
    expect(api.review).toHaveBeenCalledWith(1, 'ACCEPT', false);
    const notice = screen.getByText(/Accepted Ada Obi/);
    expect(notice.textContent).toContain('Accepted Ada Obi — Undo');

    // Undo takes the decision back and returns to that application, in the same view.
    await user.click(within(notice).getByRole('button', { name: 'Undo' }));
    await screen.findByRole('heading', { name: 'Ada Obi', level: 1 });
    expect(api.review).toHaveBeenLastCalledWith(1, 'UNDO', false);
    expect(screen.getAllByRole('link', { name: 'Back to applications' })[0].getAttribute('href')).toBe(
      '/staff?status=in_review',
    );
  });

  it('with a 0 s window the next page names the decision without an Undo; the last one stays and says its status', async () => {
    const user = userEvent.setup();
    const api = deciding(0);
    await openAdaPage(api, '/staff/applications/1?status=in_review');
    await screen.findByText('1 of 2');
    await user.keyboard('a');
    await screen.findByRole('heading', { name: 'Bola Ade', level: 1 });
    expectShown(screen.getByText('Accepted Ada Obi'));
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();

    await screen.findByText('2 of 2');
    await user.keyboard('a');
    // The last in the view: the page stays, naming the decision.
    await screen.findByText('Accepted Bola Ade');
    expectShown(screen.getByRole('heading', { name: 'Bola Ade', level: 1 }));
  });
});

describe('the back office’s rough edges (issue 56, item 9)', () => {
  const shortcutsFor = async (me: StaffMe) => {
    const user = userEvent.setup();
    await openAdaPage(fakeApi(me), '/staff/applications/1?status=submitted');
    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    return within(help)
      .getAllByRole('definition')
      .map((d) => d.textContent);
  };

  it('a reviewer is not shown the decision keys they cannot use', async () => {
    expect(await shortcutsFor(REVIEWER)).toEqual([
      'Next application',
      'Previous application',
      'Rate the next criterion of my scorecard (then Enter saves it)',
      'Show these shortcuts',
    ]);
  });

  it('an admin is shown the decision keys beside the walking ones', async () => {
    expect(await shortcutsFor(ADMIN)).toEqual([
      'Next application',
      'Previous application',
      'Accept',
      'Waitlist',
      'Reject',
      'Rate the next criterion of my scorecard (then Enter saves it)',
      'Show these shortcuts',
    ]);
  });

  it('the triage position counts the whole view, not the 200 rows fetched', async () => {
    const rows = Array.from({ length: 200 }, (_, i) => row(i + 1, `Applicant ${i + 1}`));
    const api = fakeApi(ADMIN, {
      queue: vi.fn(() => Promise.resolve({ ...staffQueuePage(rows), total: 356 })),
    });
    await openAdaPage(api, '/staff/applications/1?status=submitted');
    const nav = screen.getByRole('navigation', { name: 'Applications in this view' });
    expectShown(await within(nav).findByText('1 of 356'));
  });

  it('the record shows the answers and the CV before payment and emails', async () => {
    await openAdaPage(fakeApi(ADMIN));
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    const at = (name: string) => headings.indexOf(name);
    expect(at('CV')).toBeGreaterThan(at('Eligibility'));
    expect(at('Payment choice')).toBeGreaterThan(at('CV'));
    expect(at('Emails')).toBeGreaterThan(at('CV'));
    expect(at('Eligibility')).toBeGreaterThan(at('Review'));
  });

  it('the bulk dialog’s email text, which scrolls, is reached by the keyboard and named', async () => {
    const { user } = staffAt('/staff', fakeApi(ADMIN));
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Select every application on this page' }));
    await user.click(screen.getByRole('button', { name: 'Accept selected' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Accept 2 applications?' });
    const text = within(dialog).getByRole('region', {
      name: 'The text of the email: Your place at the bootcamp',
    });
    expect(text.textContent).toBe('Dear Ada');
    // Tab walks the dialog: the email's text is one of its stops, so a keyboard can scroll it.
    const stops: Element[] = [];
    for (let i = 0; i < 4; i++) {
      await user.tab();
      stops.push(document.activeElement!);
    }
    expect(stops).toContain(text);
  });
});
