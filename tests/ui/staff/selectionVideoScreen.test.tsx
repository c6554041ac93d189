/**
 * The selection video and quiz in the back office (decision 245): an admin edits a question and publishes; a value
 * the rule refuses is said in the catalogue's words next to its field and nothing is sent; a reviewer sees the
 * version and no control. axe finds nothing.
 */
import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { QUIZ_MESSAGES } from '../../../machines/rules/messages';
import { firstQuizQuestions } from '../../../machines/rules/quiz';
import type { SelectionQuizSettings, SelectionQuizVersion } from '../../../machines/rules/selectionQuiz';
import { STAFF_ADMIN as ADMIN, STAFF_REVIEWER as REVIEWER } from '../../support/staff';
import type { StaffMe } from '../../../machines/staffSession.machine';
import { expectShown } from '../support/shown';
import { fakeStaffApi, staffAt } from './support';

const version1: SelectionQuizVersion = {
  version: 1,
  video_url: '/media/selection-video.mp4',
  poster_url: '/media/selection-video.jpg',
  captions_url: '/media/selection-video.vtt',
  questions: firstQuizQuestions(),
  published_at: '2026-11-23T10:00:00.000Z',
  published_by: null,
};

const apiFor = (me: StaffMe) => {
  let current = version1;
  return fakeStaffApi(me, {
    selectionQuiz: vi.fn(() =>
      Promise.resolve({
        current,
        history: [{ version: 1, published_at: version1.published_at, published_by: null }],
      }),
    ),
    publishSelectionQuiz: vi.fn((settings: SelectionQuizSettings) => {
      current = { ...settings, version: 2, published_at: '2026-11-24T10:00:00.000Z', published_by: 'lead@x' };
      return Promise.resolve({ current, history: [] });
    }),
  });
};

describe('the selection video and quiz in the back office', () => {
  it('an admin edits a question and publishes version 2', async () => {
    const { user, api } = staffAt('/staff/selection-video', apiFor(ADMIN));
    const question = await screen.findByLabelText('Question 1');
    await user.clear(question);
    await user.type(question, 'How long is the bootcamp?');
    expect((await axe.run(document.body)).violations).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Publish a new version' }));
    await screen.findByText(QUIZ_MESSAGES.published(2));
    expect(api.publishSelectionQuiz).toHaveBeenCalledTimes(1);
    const sent = vi.mocked(api.publishSelectionQuiz).mock.calls[0]![0];
    expect(sent.questions[0]!.text).toBe('How long is the bootcamp?');
    expect(sent.questions[1]).toEqual(version1.questions[1]);
  });

  it('a question with no right answer is refused in the catalogue’s words, and nothing is sent', async () => {
    const { user, api } = staffAt('/staff/selection-video', apiFor(ADMIN));
    // Version 1's right answer of question 2 is choice C.
    await user.click(
      await screen.findByLabelText('Choice C is a right answer', {
        selector: '#field-questions\\.1\\.choices\\.2\\.correct',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Publish a new version' }));
    const summary = await screen.findByRole('alert');
    expectShown(within(summary).getByText(QUIZ_MESSAGES.noRightAnswer(2)));
    expect(api.publishSelectionQuiz).not.toHaveBeenCalled();
  });

  it('a reviewer sees the version with its right answers and no control', async () => {
    staffAt('/staff/selection-video', apiFor(REVIEWER));
    await screen.findByText(/Only an admin can publish a new version/);
    expectShown(screen.getByText('C. A learning game (right answer)'));
    expect(screen.queryByRole('button', { name: 'Publish a new version' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect((await axe.run(document.body)).violations).toEqual([]);
  });
});
