/**
 * The Reports screen and the filtered audit log (issue 24, item 7) on fake API calls: each chart's text alternative
 * states its figures and its table holds them, dates are the programme's (en-GB), the view lives in the URL, and
 * axe finds nothing.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { AuditEntry, AuditQuery, StaffReports } from '../../../machines/rules/reports';
import type { FunnelStep, StaffFunnel } from '../../../machines/rules/staff/funnel';
import type { StaffApi } from '../../../src/staff/api';
import { FOUR_DECISIONS_TIMED, STAFF_ADMIN as ADMIN } from '../../support/staff';
import { fakeStaffApi, renderStaffAt, untilLastCalledWith } from './support';
import { expectShown } from '../support/shown';

const cohort = (number: number) => ({
  id: number,
  number,
  name: `Cohort ${number}`,
  seats: 100,
  taken: 0,
  waitlisted: 0,
});

const REPORTS: StaffReports = {
  cohort: cohort(6),
  from: '2026-11-20',
  to: null,
  per: 'day',
  days: [
    { day: '2026-11-20', started: 2, submitted: 1 },
    { day: '2026-11-21', started: 5, submitted: 1 },
  ],
  sources: [
    { source: 'On social media', started: 6, submitted: 2 },
    { source: '', started: 1, submitted: 0 },
  ],
  countries: [{ country: 'Nigeria', started: 7, submitted: 2 }],
  timeToDecision: FOUR_DECISIONS_TIMED,
  aid: { requests: 3, awarded: 1, declined: 1, cost: [{ amount: 12_000, currency: 'NGN' }] },
  throughput: [
    { staff: 'ada@bootcamp.example', period: '2026-11-23', decisions: 1 },
    { staff: 'bola@bootcamp.example', period: '2026-11-23', decisions: 1 },
    { staff: 'ada@bootcamp.example', period: '2026-11-24', decisions: 2 },
  ],
  agreement: {
    compared: 3,
    agreeing: 2,
    meanDifference: 1.5,
    pairs: [
      {
        first: 'ada@bootcamp.example',
        second: 'bola@bootcamp.example',
        applications: 1,
        meanDifference: 3,
        agreeing: 0,
      },
      {
        first: 'ada@bootcamp.example',
        second: 'cy@bootcamp.example',
        applications: 2,
        meanDifference: 0.75,
        agreeing: 2,
      },
    ],
    reviewers: [
      { staff: 'bola@bootcamp.example', comparisons: 1, meanDistance: 3 },
      { staff: 'ada@bootcamp.example', comparisons: 3, meanDistance: 1.5 },
      { staff: 'cy@bootcamp.example', comparisons: 2, meanDistance: 0.75 },
    ],
  },
};

const step = (state: string, title: string, reached: number): FunnelStep => ({
  state,
  title,
  path: '',
  reached,
  anonymous: false,
  dropOff: null,
  medianSeconds: null,
});
const funnelOf = (number: number, submitted: number): StaffFunnel => ({
  cohort: cohort(number),
  steps: [
    step('verifyEmail', 'Verify your email', submitted * 2),
    step('success', 'Application submitted', submitted),
  ],
  validationErrors: [],
  eligibility: {},
  decisions: {},
  paymentOptions: {},
  // Two more went to eligibility review: submitted, but never on the success page.
  submissions: { submitted: submitted + 2, eligibilityReview: 2 },
  quizVersions: [
    { version: 1, started: submitted, watched: submitted - 1 },
    { version: 2, started: 3, watched: 0 },
  ],
});

const fakeApi = (overrides: Partial<StaffApi> = {}) =>
  fakeStaffApi(ADMIN, {
    cohorts: vi.fn(() =>
      Promise.resolve([
        { number: 6, name: 'Cohort 6', current: true },
        { number: 5, name: 'Cohort 5', current: false },
        { number: 4, name: 'Cohort 4', current: false },
      ]),
    ),
    reports: vi.fn((_query: Record<string, string | undefined>) => Promise.resolve(REPORTS)),
    funnel: vi.fn((n?: string) => Promise.resolve(funnelOf(Number(n), Number(n) * 10))),
    team: vi.fn(() => Promise.resolve([])),
    audit: vi.fn((_query: AuditQuery) => Promise.resolve([] as AuditEntry[])),
    ...overrides,
  });

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

const renderAt = (path: string, api: StaffApi) => renderStaffAt(path, api, <Where />);

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

describe('reports', () => {
  it('shows each report as a chart with a text alternative and a table of its figures, dates the programme’s way', async () => {
    const api = fakeApi();
    const { container } = renderAt('/staff/reports?cohort=6&from=2026-11-20', api);
    const days = await screen.findByRole('table', {
      name: 'Applications started and submitted per day (UTC)',
    });
    expect(api.reports).toHaveBeenCalledWith({ cohort: '6', from: '2026-11-20' });
    expect(rowsOf(days)).toEqual([
      ['20/11/2026', '2', '1'],
      ['21/11/2026', '5', '1'],
    ]);
    expect(
      screen
        .getByRole('img', { name: /^Applications per day from 20\/11\/2026 to today, 2 days/ })
        .getAttribute('aria-label'),
    ).toContain('7 started and 2 submitted; the most started on one day: 5 on 21/11/2026');
    // The date axis is written the programme's way too.
    const axis = [
      ...screen.getByRole('img', { name: /^Applications per day/ }).querySelectorAll('svg text'),
    ].map((t) => t.textContent);
    expect(axis).toEqual(expect.arrayContaining(['20/11', '21/11']));

    const sources = screen.getByRole('table', { name: /^By referral source/ });
    expect(rowsOf(sources)).toEqual([
      ['On social media', '6', '2', '33%'],
      ['Not given', '1', '0', '0%'],
    ]);
    expect(screen.getByRole('img', { name: /^By referral source/ }).getAttribute('aria-label')).toContain(
      'On social media 6, Not given 1',
    );
    expect(rowsOf(screen.getByRole('table', { name: /^By country/ }))).toEqual([
      ['Nigeria', '7', '2', '29%'],
    ]);

    const time = screen.getByRole('table', { name: 'Time from submission to the first decision' });
    expect(rowsOf(time)).toContainEqual(['Median', '2.1 days']);
    expect(rowsOf(time)).toContainEqual(['Applications decided', '4']);
    expect(screen.getByRole('img', { name: /^Time to decision/ }).getAttribute('aria-label')).toBe(
      'Time to decision for 4 applications: median 2.1 days, half of them between 2.0 days and 2.4 days, the longest 3.0 days.',
    );

    const throughput = screen.getByRole('table', { name: /per team member and day/ });
    expect(rowsOf(throughput)).toEqual([
      ['23/11/2026', 'ada@bootcamp.example', '1'],
      ['23/11/2026', 'bola@bootcamp.example', '1'],
      ['24/11/2026', 'ada@bootcamp.example', '2'],
    ]);
    expect(
      screen.getByRole('img', { name: /^Decisions per team member/ }).getAttribute('aria-label'),
    ).toContain('ada@bootcamp.example 3, bola@bootcamp.example 1');

    // Score agreement: the share agreeing, each reviewer's distance charted and tabled, each pair.
    expect(rowsOf(screen.getByRole('table', { name: 'Agreement between reviewers' }))).toEqual([
      ['Applications with two or more reviews', '3'],
      ['Reviewers agree on', '2 (67%)'],
      ['Mean distance between two reviewers', '1.5 points'],
    ]);
    expect(
      screen.getByRole('img', { name: /^Each reviewer's mean distance/ }).getAttribute('aria-label'),
    ).toContain('bola@bootcamp.example 3, ada@bootcamp.example 1.5, cy@bootcamp.example 0.75');
    expect(rowsOf(screen.getByRole('table', { name: /^Each reviewer’s mean distance/ }))).toEqual([
      ['bola@bootcamp.example', '1', '3 points'],
      ['ada@bootcamp.example', '3', '1.5 points'],
      ['cy@bootcamp.example', '2', '0.75 points'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: /^Each pair of reviewers/ }))).toEqual([
      ['ada@bootcamp.example and bola@bootcamp.example', '1', '3 points', '0 (0%)'],
      ['ada@bootcamp.example and cy@bootcamp.example', '2', '0.75 points', '2 (100%)'],
    ]);

    // The funnel of the newest cohorts side by side.
    const funnels = await screen.findByRole('table', { name: /Applications reaching each step, by cohort/ });
    expect(
      within(funnels)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Step', 'Cohort 6', 'Cohort 5', 'Cohort 4']);
    expect(rowsOf(funnels)).toContainEqual(['Application submitted', '60', '50', '40']);
    expect(
      screen
        .getByRole('img', { name: /^The funnel of Cohort 6, Cohort 5, Cohort 4/ })
        .getAttribute('aria-label'),
    ).toContain('reaching "Application submitted": Cohort 6 60, Cohort 5 50, Cohort 4 40');
    expect((await axe.run(container)).violations).toEqual([]);
  });

  it('puts the days, the period and the cohorts compared in the URL, and refuses a day it cannot read', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    renderAt('/staff/reports', api);
    await screen.findByRole('table', { name: /per day/ });
    await user.type(screen.getByLabelText(/^From/), '31/02/2026');
    await user.click(screen.getByRole('button', { name: 'Show these days' }));
    expectShown(screen.getByText('Enter a date as DD/MM/YYYY'));
    expect(api.reports).toHaveBeenCalledTimes(1);

    await user.clear(screen.getByLabelText(/^From/));
    await user.type(screen.getByLabelText(/^From/), '21/11/2026');
    await user.selectOptions(screen.getByLabelText('Decisions per'), 'week');
    await user.click(screen.getByRole('button', { name: 'Show these days' }));
    await untilLastCalledWith(api.reports, { from: '2026-11-21', per: 'week' });
    expect(screen.getByTestId('where').textContent).toBe('/staff/reports?from=2026-11-21&per=week');

    await screen.findByRole('table', { name: /by cohort/ });
    await user.click(screen.getByRole('checkbox', { name: 'Cohort 5' }));
    await user.click(screen.getByRole('button', { name: 'Compare these cohorts' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toContain('compare=6%2C4'));
    const funnels = await screen.findByRole('table', { name: /by cohort/ });
    await waitFor(() =>
      expect(
        within(funnels)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['Step', 'Cohort 6', 'Cohort 4']),
    );
  });
});

describe('the funnel', () => {
  it('counts submissions as the queue does, and says why its success-page step counts fewer', async () => {
    renderStaffAt('/staff/funnel?cohort=6', fakeApi());
    await screen.findByRole('heading', { name: 'Cohort 6', level: 2 });
    expectShown(
      screen.getByText(
        '62 submitted, as the queue counts them: 2 of them went to eligibility review and never see the success page, so that step counts 60.',
      ),
    );
  });

  it('counts the selection video and quiz by the version each applicant started', async () => {
    renderStaffAt('/staff/funnel?cohort=6', fakeApi());
    const table = await screen.findByRole('table', { name: /selection video and quiz by version/ });
    expect(rowsOf(table)).toEqual([
      ['Version 1', '60', '59'],
      ['Version 2', '3', '0'],
    ]);
  });
});

describe('the audit log', () => {
  const entry = (id: number, applicant: string | null): AuditEntry => ({
    id,
    at: '2026-11-23T12:00:00.000Z',
    staff: 'director@bootcamp.example',
    action: 'review_event',
    applicationId: 7,
    applicant,
    detail: { event: 'ACCEPT' },
  });

  it('filters by team member, action and applicant in the URL, shows names, and pages with the filter kept', async () => {
    const user = userEvent.setup();
    const page = Array.from({ length: 100 }, (_, i) => entry(500 - i, i === 1 ? null : 'Chidi Okafor'));
    const api = fakeApi({ audit: vi.fn(() => Promise.resolve(page)) });
    const { container } = renderAt('/staff/audit?action=review_event', api);
    const table = await screen.findByRole('table', { name: /that match the filter/ });
    const named = await within(table).findAllByRole('link', { name: 'Chidi Okafor' });
    expect(api.audit).toHaveBeenLastCalledWith({ action: 'review_event' });
    expect(named[0].getAttribute('href')).toBe('/staff/applications/7');
    expectShown(within(table).getByRole('link', { name: 'Application #7 (erased)' }));
    expect((screen.getByLabelText('Action') as HTMLSelectElement).value).toBe('review_event');

    await user.type(screen.getByLabelText('Applicant (name or email)'), 'okafor');
    await user.type(screen.getByLabelText('Team member (email)'), 'director@bootcamp.example');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await untilLastCalledWith(api.audit, {
      action: 'review_event',
      applicant: 'okafor',
      staff: 'director@bootcamp.example',
    });
    const older = await screen.findByRole('link', { name: 'Older entries' });
    expect(older.getAttribute('href')).toBe(
      '/staff/audit?action=review_event&applicant=okafor&before=401&staff=director%40bootcamp.example',
    );
    await user.click(older);
    await untilLastCalledWith(api.audit, expect.objectContaining({ before: '401', applicant: 'okafor' }));
    expectShown(await screen.findByRole('link', { name: 'Newest entries' }));
    expect((await axe.run(container)).violations).toEqual([]);
  });
});
