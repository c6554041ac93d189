/**
 * The applicant's interview page (`/apply/interview`): cold, it asks for the emailed code; signed in, it lists the
 * free times in words (UTC) and books one; a time taken meanwhile is said in our words and the list is read again.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INTERVIEW_MESSAGES, slotWords, type ApplicantInterview } from '../../machines/rules/interview';
import { InterviewPage } from '../../src/after-submission/InterviewPage';

const FIRST = { id: 1, start: '2099-12-03T14:30:00.000Z', minutes: 30 };
const SECOND = { id: 2, start: '2099-12-03T15:30:00.000Z', minutes: 30 };
const invited = (slots: (typeof FIRST)[]): ApplicantInterview => ({
  state: 'invited',
  cohortName: 'Cohort 14',
  locale: 'en-GB',
  slots,
  booked: null,
});
const answer = (status: number, body: object) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the interview page', () => {
  it('asks for the emailed code when opened without a session', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => answer(401, { message: 'Please verify your email to continue' })),
    );
    render(<InterviewPage />);
    expect(await screen.findByLabelText('Email address')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Book / })).toBeNull();
  });

  it('tells the applicant a time was just taken, and offers the times still free', async () => {
    const fetchMock = vi
      .fn()
      .mockImplementationOnce(() => answer(200, { message: 'Interview', data: invited([FIRST, SECOND]) }))
      .mockImplementationOnce(() => answer(409, { message: INTERVIEW_MESSAGES.slotGone }))
      .mockImplementationOnce(() => answer(200, { message: 'Interview', data: invited([SECOND]) }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    render(<InterviewPage />);
    expect(await screen.findByText('Times are in UTC (Coordinated Universal Time).')).toBeTruthy();
    const first = slotWords(FIRST.start, 30, 'en-GB');
    expect(first).toMatch(/UTC$/);
    await user.click(screen.getByRole('button', { name: `Book ${first}` }));
    expect((await screen.findByRole('alert')).textContent).toBe(INTERVIEW_MESSAGES.slotGone);
    await waitFor(() => expect(screen.queryByRole('button', { name: `Book ${first}` })).toBeNull());
    expect(screen.getByRole('button', { name: `Book ${slotWords(SECOND.start, 30, 'en-GB')}` })).toBeTruthy();
    expect(JSON.parse(String((fetchMock.mock.calls[1] as [string, RequestInit])[1].body))).toEqual({
      slot: 1,
    });
  });
});
