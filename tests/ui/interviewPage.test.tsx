/**
 * The applicant's interview page (`/apply/interview`): cold, it asks for the emailed code in the product's header,
 * fields and buttons, its heading focused; signed in, it lists the free times in words in the device's zone, named
 * (decision 240), and books one, sending that zone; a time taken meanwhile is said in our words and the list is read
 * again.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  INTERVIEW_MESSAGES,
  interviewPaths,
  slotWords,
  type ApplicantInterview,
} from '../../machines/rules/interview';
import { InterviewPage } from '../../src/after-submission/InterviewPage';
import { expectShown } from './support/shown';
import { askForCode } from './support/signInByCode';

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

const deviceZone = process.env.TZ;
beforeEach(() => {
  // A phone in Nigeria.
  process.env.TZ = 'Africa/Lagos';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  if (deviceZone === undefined) delete process.env.TZ;
  else process.env.TZ = deviceZone;
});

describe('the interview page', () => {
  it('asks for the emailed code when opened without a session', async () => {
    // No session for the page; the code is sent.
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        url === interviewPaths.applicant
          ? answer(401, { message: 'Please verify your email to continue' })
          : answer(200, { message: 'Code sent', data: {} }),
      ),
    );
    const user = userEvent.setup();
    render(<InterviewPage />);
    const email = await screen.findByLabelText('Email address');
    // The product's header and field, and the page's heading focused as every screen's is.
    expect(screen.getByRole('banner').querySelector('.brand-mark')).toBeTruthy();
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 1, name: 'Book your interview' }),
    );
    expect(email.className).toContain('input');
    expect(email.closest('.field')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Email me a code' }).className).toBe('button');
    expect(screen.queryByRole('button', { name: /^Book / })).toBeNull();
    // The code's form comes in the address's place; its heading takes the focus.
    const codeHeading = await askForCode(user, 'ada@example.com');
    expect(document.activeElement).toBe(codeHeading);
    expect(screen.getByLabelText('Code').className).toContain('input');
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
    const times = await screen.findByRole('heading', { level: 2, name: INTERVIEW_MESSAGES.chooseSlot });
    expect(document.activeElement).toBe(times);
    expectShown(
      screen.getByText('Times are in Lagos time (West Africa Time), the time zone of this device.'),
    );
    const first = slotWords(FIRST.start, 30, 'en-GB', 'Africa/Lagos');
    // 14:30 UTC is 15:30 in Lagos.
    expect(first).toMatch(/3 December 2099, 15:30–16:00 Lagos time \(West Africa Time\)$/);
    await user.click(screen.getByRole('button', { name: `Book ${first}` }));
    expect((await screen.findByRole('alert')).textContent).toBe(INTERVIEW_MESSAGES.slotGone);
    await waitFor(() => expect(screen.queryByRole('button', { name: `Book ${first}` })).toBeNull());
    expectShown(
      screen.getByRole('button', { name: `Book ${slotWords(SECOND.start, 30, 'en-GB', 'Africa/Lagos')}` }),
    );
    expect(JSON.parse(String((fetchMock.mock.calls[1] as [string, RequestInit])[1].body))).toEqual({
      slot: 1,
      timeZone: 'Africa/Lagos',
    });
  });
});
