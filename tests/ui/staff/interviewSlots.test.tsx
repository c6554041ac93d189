/**
 * The queue page's Interviews panel and the application page's Interview section
 * (docs/decisions/175-the-interview-stage.md): an admin switches interviews on, picks a day on the calendar and a
 * UTC time to offer a slot, and removes a free one; a reviewer only reads; a booking shows when and with whom.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INTERVIEW_MESSAGES, slotWords, type StaffInterviewSlots } from '../../../machines/rules/interview';
import type { StaffApplicationPage } from '../../../machines/staffApplication.machine';
import type { StaffMe } from '../../../machines/staffSession.machine';
import { ApplicationInterview } from '../../../src/staff/ApplicationInterview';
import { InterviewSlots } from '../../../src/staff/InterviewSlots';
import { renderInStaff } from './support';

const ADMIN: StaffMe = { email: 'lead@bootcamp.example', role: 'admin', locale: 'en-GB' };
const REVIEWER: StaffMe = { email: 'ama@bootcamp.example', role: 'reviewer', locale: 'en-GB' };
const SLOT = {
  id: 7,
  start: '2099-12-03T14:30:00.000Z',
  minutes: 30,
  capacity: 1,
  booked: 0,
  offeredBy: ADMIN.email,
};
const OFF: StaffInterviewSlots = { cohort: { number: 14, name: 'Cohort 14' }, interview: false, slots: [] };
const ON: StaffInterviewSlots = { ...OFF, interview: true, slots: [SLOT] };

afterEach(cleanup);

function renderPanel(me: StaffMe, loads: StaffInterviewSlots[]) {
  const interviewSlots = vi.fn();
  for (const load of loads) interviewSlots.mockResolvedValueOnce(load);
  interviewSlots.mockResolvedValue(loads[loads.length - 1]);
  const api = {
    interviewSlots,
    switchInterviews: vi.fn(() => Promise.resolve(ON)),
    addInterviewSlot: vi.fn(() => Promise.resolve(ON)),
    removeInterviewSlot: vi.fn(() => Promise.resolve({ id: SLOT.id })),
  };
  renderInStaff(me, <InterviewSlots cohort={14} />, api);
  return api;
}

describe('the Interviews panel', () => {
  it('lets an admin switch interviews on and offer a slot on the day picked, at a UTC time', async () => {
    const user = userEvent.setup();
    const api = renderPanel(ADMIN, [OFF, ON]);
    await user.click(await screen.findByText(/Interviews of this cohort/));
    await user.click(await screen.findByRole('button', { name: 'Switch interviews on' }));
    expect(api.switchInterviews).toHaveBeenCalledWith(14, true);
    // The notice, and the panel's own line once it has loaded again.
    expect(await screen.findAllByText(new RegExp(`^${INTERVIEW_MESSAGES.switchedOn}\\.?$`))).toHaveLength(2);

    const add = screen.getByRole('button', { name: 'Add the slot' });
    expect(add).toHaveProperty('disabled', true);
    // Next month's 15th (a day to come, whatever today is), a time and a length.
    await user.click(screen.getByRole('button', { name: '›' }));
    const fifteenth = screen
      .getAllByRole('button')
      .find((b) => b.textContent === '15' && !b.hasAttribute('disabled'));
    expect(fifteenth).toBeDefined();
    await user.click(fifteenth!);
    expect(screen.getByText(/^Chosen day:/).textContent).toContain('15');
    const time = screen.getByLabelText('Time (HH:mm, UTC)');
    await user.clear(time);
    await user.type(time, '14:30');
    await user.selectOptions(screen.getByLabelText('Length'), '45');
    await user.click(add);
    await waitFor(() => expect(api.addInterviewSlot).toHaveBeenCalled());
    const [cohort, start, minutes] = api.addInterviewSlot.mock.calls[0] as unknown as [
      number,
      string,
      number,
    ];
    expect([cohort, minutes]).toEqual([14, 45]);
    expect(start).toMatch(/^\d{4}-\d{2}-15T14:30:00Z$/);
  });

  it('lists the slots in words and removes a free one', async () => {
    const user = userEvent.setup();
    const api = renderPanel(ADMIN, [ON]);
    await user.click(await screen.findByText(/Interviews of this cohort/));
    const item = await screen.findByText(new RegExp(slotWords(SLOT.start, 30, 'en-GB')));
    expect(item.textContent).toContain('UTC');
    expect(item.textContent).toContain('(free)');
    await user.click(within(item).getByRole('button', { name: /Remove the slot/ }));
    expect(api.removeInterviewSlot).toHaveBeenCalledWith(SLOT.id);
  });

  it('shows a reviewer the list with nothing to change', async () => {
    const user = userEvent.setup();
    renderPanel(REVIEWER, [ON]);
    await user.click(await screen.findByText(/Interviews of this cohort/));
    await screen.findByText(new RegExp(slotWords(SLOT.start, 30, 'en-GB')));
    expect(screen.queryByRole('button', { name: /Switch interviews|Remove|Add the slot/ })).toBeNull();
  });
});

describe('the application page’s Interview section', () => {
  const page = (over: Partial<StaffApplicationPage>): StaffApplicationPage =>
    ({ id: 1, review: null, interview: null, ...over }) as StaffApplicationPage;

  it('says when the interview is booked, and with whom', () => {
    const words = INTERVIEW_MESSAGES.bookedAt(slotWords(SLOT.start, 30, 'en-GB'));
    render(
      <ApplicationInterview
        page={page({ interview: { start: SLOT.start, minutes: 30, offeredBy: ADMIN.email, words } })}
      />,
    );
    const section = screen.getByRole('region', { name: 'Interview' });
    expect(section.textContent).toBe(`Interview${words}, with ${ADMIN.email}.`);
  });

  it('is absent where the cohort has no interviews and nothing is booked', () => {
    render(<ApplicationInterview page={page({})} />);
    expect(screen.queryByRole('region', { name: 'Interview' })).toBeNull();
  });
});
