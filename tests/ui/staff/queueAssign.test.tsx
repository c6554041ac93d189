/**
 * The queue's assignment and rubric panels and the My queue chip, on fake API calls: the dry-run count before
 * assigning, the rubric form sending what the admin typed and showing a refusal at the field it names, the chip
 * linking to the assigned view with its count.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { checkRubric, DEFAULT_RUBRIC, SCORECARD_MESSAGES } from '../../../machines/rules/scorecard';
import type { StaffAssignRequest, StaffQueuePage } from '../../../machines/rules/staff/queue';
import type { StaffMe } from '../../../machines/staffSession.machine';
import { StaffApiError, type StaffApi, type TeamMember } from '../../../src/staff/api';
import { QueueAssign } from '../../../src/staff/QueueAssign';
import { QueueChips } from '../../../src/staff/QueueChips';
import { RubricEditor } from '../../../src/staff/RubricEditor';
import { StaffContext } from '../../../src/staff/StaffContext';

const ADMIN: StaffMe = { email: 'lead@bootcamp.example', role: 'admin', locale: 'en-GB' };
const TEAM: TeamMember[] = [
  {
    id: 2,
    email: 'ama@bootcamp.example',
    role: 'reviewer',
    since: '2026-11-01T00:00:00Z',
    configured: false,
  },
  {
    id: 3,
    email: 'ben@bootcamp.example',
    role: 'reviewer',
    since: '2026-11-01T00:00:00Z',
    configured: false,
  },
];

const withStaff = (api: Partial<StaffApi>, children: ReactNode) =>
  render(
    <MemoryRouter>
      <StaffContext.Provider value={{ api: api as StaffApi, me: ADMIN }}>{children}</StaffContext.Provider>
    </MemoryRouter>,
  );

describe('assignment on the queue', () => {
  it('assigns the first few of the view, or the rows ticked, not only the whole view', async () => {
    const user = userEvent.setup();
    const assign = vi.fn((request: StaffAssignRequest) =>
      Promise.resolve({
        dryRun: request.dryRun ?? false,
        matched: request.ids?.length ?? request.count ?? 356,
        perReviewer: [{ id: 2, email: 'ama@bootcamp.example', count: request.ids?.length ?? 10 }],
        reassigned: 0,
      }),
    );
    const view = withStaff(
      { team: vi.fn(() => Promise.resolve(TEAM)), assign },
      <QueueAssign query={{ status: 'submitted' }} total={356} ticked={[7, 9]} />,
    );
    await user.click(screen.getByText('Assign this view to reviewers'));
    await user.click(await screen.findByLabelText('ama@bootcamp.example'));
    expect((screen.getByLabelText('The whole view (356)') as HTMLInputElement).checked).toBe(true);
    await user.type(screen.getByLabelText('How many'), '10');
    await user.click(screen.getByRole('button', { name: 'Count first' }));
    expect(assign).toHaveBeenLastCalledWith({
      reviewers: [2],
      dryRun: true,
      filter: { status: 'submitted' },
      count: 10,
    });
    await screen.findByText('10 would be assigned: ama@bootcamp.example 10');

    await user.click(screen.getByLabelText('The 2 ticked'));
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(assign).toHaveBeenLastCalledWith({ reviewers: [2], dryRun: false, ids: [7, 9] });
    await screen.findByText('2 were assigned: ama@bootcamp.example 2');
    view.unmount();
  });

  it('counts first with a dry run of the view, then assigns round-robin to the members ticked', async () => {
    const user = userEvent.setup();
    const assign = vi.fn((request: StaffAssignRequest) =>
      Promise.resolve({
        dryRun: request.dryRun ?? false,
        matched: 4,
        perReviewer: [
          { id: 2, email: 'ama@bootcamp.example', count: 2 },
          { id: 3, email: 'ben@bootcamp.example', count: 2 },
        ],
        reassigned: 1,
      }),
    );
    withStaff(
      { team: vi.fn(() => Promise.resolve(TEAM)), assign },
      <QueueAssign query={{ status: 'submitted', cursor: 'abc' }} total={4} ticked={[]} />,
    );
    await user.click(screen.getByText('Assign this view to reviewers'));
    await user.click(await screen.findByLabelText('ama@bootcamp.example'));
    await user.click(screen.getByLabelText('ben@bootcamp.example'));
    await user.click(screen.getByRole('button', { name: 'Count first' }));
    expect(assign).toHaveBeenCalledWith({ reviewers: [2, 3], dryRun: true, filter: { status: 'submitted' } });
    await screen.findByText(
      '4 would be assigned: ama@bootcamp.example 2, ben@bootcamp.example 2 (1 change hands)',
    );
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    await screen.findByText(
      '4 were assigned: ama@bootcamp.example 2, ben@bootcamp.example 2 (1 change hands)',
    );
    expect(assign).toHaveBeenLastCalledWith({
      reviewers: [2, 3],
      dryRun: false,
      filter: { status: 'submitted' },
    });
  });

  it('My queue is a chip with its count, linking to the view assigned to me', () => {
    const counts = { status: {}, stage: {}, mine: 7 } as unknown as StaffQueuePage['counts'];
    withStaff({}, <QueueChips query={{ status: 'submitted' }} counts={counts} />);
    const chip = screen.getByRole('link', { name: 'My queue (7)' });
    expect(chip.getAttribute('href')).toBe('/?assignee=me&status=submitted');
  });
});

describe('rubric editor', () => {
  it('shows the cohort’s rubric and saves the criteria as edited', async () => {
    const user = userEvent.setup();
    const saveRubric = vi.fn(() => Promise.resolve({}));
    const rubric = vi.fn(() => Promise.resolve({ criteria: [...DEFAULT_RUBRIC] }));
    withStaff({ rubric, saveRubric }, <RubricEditor cohort={6} />);
    await user.click(screen.getByText('Scorecard rubric of this cohort'));
    expect(
      (await screen.findAllByLabelText('Name')).map((input) => (input as HTMLInputElement).value),
    ).toEqual(DEFAULT_RUBRIC.map((c) => c.label));
    await user.click(screen.getByRole('button', { name: 'Remove criterion 4' }));
    await user.click(screen.getByRole('button', { name: 'Add a criterion' }));
    const names = screen.getAllByLabelText('Name');
    await user.type(names[3], 'Motivation');
    await user.click(screen.getByRole('button', { name: 'Save the rubric' }));
    expect(saveRubric).toHaveBeenCalledWith(6, [
      ...DEFAULT_RUBRIC.slice(0, 3).map(({ label, guidance }) => ({ label, guidance })),
      { label: 'Motivation', guidance: '' },
    ]);
    await screen.findByText('Rubric saved');
  });

  it('shows a refused criterion at its own field, and the summary links there', async () => {
    const user = userEvent.setup();
    // The server's refusal, as its check words it (server/staff/scorecards.ts answers the same).
    const refuse = (criteria: unknown) => {
      const checked = checkRubric(criteria);
      if (!('field' in checked)) return Promise.resolve({});
      return Promise.reject(
        new StaffApiError('Please check the rubric', 400, { [checked.field]: [checked.message] }),
      );
    };
    const saveRubric = vi.fn((_cohort: number, criteria: unknown) => refuse(criteria));
    const rubric = vi.fn(() => Promise.resolve({ criteria: [...DEFAULT_RUBRIC] }));
    withStaff({ rubric, saveRubric }, <RubricEditor cohort={6} />);
    await user.click(screen.getByText('Scorecard rubric of this cohort'));
    const names = (await screen.findAllByLabelText('Name')) as HTMLInputElement[];
    await user.clear(names[1]!);
    await user.type(names[1]!, DEFAULT_RUBRIC[0]!.label);
    await user.click(screen.getByRole('button', { name: 'Save the rubric' }));

    const link = await screen.findByRole('link', { name: SCORECARD_MESSAGES.criterionRepeated });
    const second = screen.getAllByLabelText('Name')[1]!;
    expect(link.getAttribute('href')).toBe(`#${second.id}`);
    expect(second.getAttribute('aria-invalid')).toBe('true');
    expect(
      document.getElementById(second.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent,
    ).toContain(SCORECARD_MESSAGES.criterionRepeated);
    // The other criteria are not marked.
    expect(screen.getAllByLabelText('Name').filter((n) => n.getAttribute('aria-invalid') === 'true')).toEqual(
      [second],
    );

    // A rubric with no criterion left: the summary links to the button that adds one.
    for (let i = DEFAULT_RUBRIC.length; i >= 1; i--)
      await user.click(screen.getByRole('button', { name: `Remove criterion ${i}` }));
    await user.click(screen.getByRole('button', { name: 'Save the rubric' }));
    const empty = await screen.findByRole('link', { name: SCORECARD_MESSAGES.rubricEmpty });
    expect(document.querySelector(empty.getAttribute('href')!)).toBe(
      screen.getByRole('button', { name: 'Add a criterion' }),
    );
  });
});
