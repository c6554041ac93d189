/**
 * The scorecard panel on fake API calls: blind until one has scored (the server's answer says so and the panel
 * shows nothing of the others), a refused rating named in the error summary, the others and the mean once scored.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_RUBRIC,
  SCORECARD_MESSAGES,
  type Ratings,
  type StaffScorecards,
} from '../../../machines/rules/scorecard';
import type { StaffMe } from '../../../machines/staffSession.machine';
import { StaffApiError, type StaffApi } from '../../../src/staff/api';
import { ScorecardPanel } from '../../../src/staff/ScorecardPanel';
import { expectShown } from '../support/shown';
import { renderInStaff } from './support';

const REVIEWER: StaffMe = { email: 'ben@bootcamp.example', role: 'reviewer', locale: 'en-GB' };
const BLIND: StaffScorecards = {
  rubric: [...DEFAULT_RUBRIC],
  mine: null,
  othersVisible: false,
  others: [],
  summary: null,
};
const ratings = (value: number): Ratings => Object.fromEntries(DEFAULT_RUBRIC.map((c) => [c.key, value]));
const SCORED: StaffScorecards = {
  rubric: [...DEFAULT_RUBRIC],
  mine: { by: REVIEWER.email, ratings: ratings(4), mean: 4, at: '2026-11-26T10:00:00.000Z' },
  othersVisible: true,
  others: [{ by: 'ama@bootcamp.example', ratings: ratings(2), mean: 2, at: '2026-11-26T09:00:00.000Z' }],
  summary: { count: 2, mean: 3, spread: 2, needsAnotherReview: true },
};

function renderPanel(overrides: Partial<StaffApi>) {
  const api = { scorecards: vi.fn(() => Promise.resolve(BLIND)), ...overrides };
  renderInStaff(REVIEWER, <ScorecardPanel applicationId={7} />, api);
}

describe('scorecard panel', () => {
  it('scores with the keyboard alone: 1–5 rate each criterion in turn, Enter saves, five keys in all', async () => {
    const user = userEvent.setup();
    const saveScorecard = vi.fn((_id: number, _ratings: Ratings) => Promise.resolve(SCORED));
    renderPanel({ saveScorecard });
    await screen.findByText(SCORECARD_MESSAGES.blind);
    const keys = ['4', '5', '3', '4', '{Enter}'];
    for (const key of keys) await user.keyboard(key);
    expect(keys.length).toBeLessThanOrEqual(8);
    await waitFor(() =>
      expect(saveScorecard).toHaveBeenCalledWith(7, {
        communication: 4,
        commitment: 5,
        digital_readiness: 3,
        fit: 4,
      }),
    );
  });

  it('before one has scored: the rubric with its guidance, and a note that the others show afterwards', async () => {
    renderPanel({});
    await screen.findByText(SCORECARD_MESSAGES.blind);
    for (const criterion of DEFAULT_RUBRIC) {
      const group = screen.getByRole('group', { name: criterion.label });
      expect(within(group).getAllByRole('radio')).toHaveLength(5);
      expect(group.textContent).toContain(criterion.guidance);
    }
    expect(screen.queryByText(/ama@bootcamp.example/)).toBeNull();
    expect(screen.queryByText(/^Score:/)).toBeNull();
  });

  it('sends the ratings chosen; a refused one is named in the summary, then the others and the mean show', async () => {
    const user = userEvent.setup();
    const saveScorecard = vi
      .fn()
      .mockRejectedValueOnce(
        new StaffApiError('Please check the scorecard', 400, { fit: [SCORECARD_MESSAGES.rating('Fit')] }),
      )
      .mockResolvedValueOnce(SCORED);
    const scorecards = vi.fn().mockResolvedValueOnce(BLIND).mockResolvedValue(SCORED);
    renderPanel({ scorecards, saveScorecard });
    await screen.findByText(SCORECARD_MESSAGES.blind);
    for (const criterion of DEFAULT_RUBRIC.slice(0, 3))
      await user.click(within(screen.getByRole('group', { name: criterion.label })).getByLabelText('4'));
    await user.click(screen.getByRole('button', { name: 'Save my score' }));
    expect(saveScorecard).toHaveBeenCalledWith(7, {
      communication: 4,
      commitment: 4,
      digital_readiness: 4,
      fit: 0,
    });
    expect((await screen.findAllByText(SCORECARD_MESSAGES.rating('Fit'))).length).toBeGreaterThan(0);

    await user.click(within(screen.getByRole('group', { name: 'Fit' })).getByLabelText('4'));
    await user.click(screen.getByRole('button', { name: 'Save my score' }));
    await screen.findByText(SCORECARD_MESSAGES.saved);
    expectShown(screen.getByText('3 from 2 reviews'));
    expectShown(screen.getByText(/2 points apart: another review is needed/));
    expectShown(screen.getByText('ama@bootcamp.example: 2'));
    expectShown(await screen.findByRole('button', { name: 'Update my score' }));
    expect(
      (within(screen.getByRole('group', { name: 'Fit' })).getByLabelText('4') as HTMLInputElement).checked,
    ).toBe(true);
  });
});
