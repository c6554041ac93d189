/**
 * "Withdraw my application" on the confirmation page (decision 250), the real app in jsdom: the button only where
 * the server says the applicant may withdraw, a dialog that says what happens and takes focus on the safe answer,
 * "Keep my application" that changes nothing, a refusal in the catalogue's words, and once withdrawn the Withdrawn
 * standing whose heading takes focus.
 */
import axe from 'axe-core';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, fromPromise } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import { applicationMachine } from '../../machines/application.machine';
import { paymentChoiceMachine, type ConfirmationFacts } from '../../machines/paymentChoice.machine';
import { reminderMachine } from '../../machines/reminder.machine';
import type { Standing } from '../../machines/review.machine';
import type { ApplicantStanding } from '../../machines/rules/contract';
import { STANDING_MESSAGES } from '../../machines/rules/standing';
import { WITHDRAWAL_MESSAGES as W } from '../../machines/rules/withdrawal';
import { withdrawalMachine } from '../../machines/withdrawal.machine';
import { persisted } from '../support/persisted';
import { answersStanding, standingAnswer } from '../support/standing';
import { renderApplication } from './support/renderApplication';

const pending = <Output,>() => new Promise<Output>(() => {});
/** The screens are lazy chunks: the first to load may take a while on a busy machine. */
const LOADED = { timeout: 15_000 };
const COHORT = { id: 14, name: 'Cohort 14', number: 14 };
const WITHDRAWN = standingAnswer('withdrawn', COHORT);

const submitted = persisted({
  started: true,
  existing: true,
  submitted: true,
  form: {
    email: 'ada@example.com',
    email_verified_at: '2026-11-20T10:00:00.000Z',
    eligibilityStatus: 'eligible',
    isVideoEnded: true,
  },
});

/** The confirmation page for an application standing at `standing`; the withdrawal answered by `withdraw`. */
function openConfirmation(
  standing: Standing,
  withdrawable: boolean,
  withdraw: () => Promise<ApplicantStanding> = async () => WITHDRAWN,
) {
  let calls = 0;
  const machine = applicationMachine.provide({
    actors: {
      loadStanding: answersStanding(standing, COHORT, withdrawable),
      paymentChoice: paymentChoiceMachine.provide({
        actors: {
          loadPayment: fromPromise(pending<ConfirmationFacts>),
          lookupCountry: fromPromise(pending<string>),
        },
      }),
      reminder: reminderMachine.provide({ actors: { saveReminder: fromPromise(pending<void>) } }),
      withdrawal: withdrawalMachine.provide({
        actors: {
          withdraw: fromPromise(() => {
            calls += 1;
            return withdraw();
          }),
        },
      }),
    },
  });
  const actor = createActor(machine, { input: { persisted: submitted, now: () => 0 } }).start();
  renderApplication(actor, '/apply/confirmation', () => pending<Response>());
  return { user: userEvent.setup(), calls: () => calls };
}

const rules = { 'color-contrast': { enabled: false } }; // jsdom cannot compute colours

afterEach(cleanup);

describe('withdrawing from the confirmation page', () => {
  it.each([
    ['under_review', STANDING_MESSAGES.under_review.title],
    ['waitlisted', STANDING_MESSAGES.waitlisted.title(COHORT.name)],
    ['accepted', STANDING_MESSAGES.accepted.title],
  ] as const)(
    'from %s: the dialog says what happens, Keep changes nothing, Withdraw shows Withdrawn',
    async (standing, title) => {
      const { user, calls } = openConfirmation(standing, true);
      await screen.findByRole('heading', { level: 1, name: (name) => name.startsWith(title) }, LOADED);
      const opener = await screen.findByRole('button', { name: W.button });

      await user.click(opener);
      const dialog = await screen.findByRole('alertdialog', { name: W.dialogTitle });
      expect(dialog.textContent).toContain(W.dialogText(COHORT.name));
      // The safe answer takes focus: a press made by mistake keeps the application.
      expect(document.activeElement).toBe(screen.getByRole('button', { name: W.keep }));
      await user.click(screen.getByRole('button', { name: W.keep }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(document.activeElement).toBe(opener);
      expect(calls()).toBe(0);

      await user.click(opener);
      await user.click(await screen.findByRole('button', { name: W.confirm }));
      const heading = await screen.findByRole('heading', {
        level: 1,
        name: STANDING_MESSAGES.withdrawn.title,
      });
      await waitFor(() => expect(document.activeElement).toBe(heading));
      expect(screen.getByText(STANDING_MESSAGES.withdrawn.text).isConnected).toBe(true);
      expect(screen.queryByRole('button', { name: W.button })).toBeNull();
      expect(calls()).toBe(1);
    },
  );

  it('a refusal stays in the dialog in the catalogue’s words; nothing else changes', async () => {
    const { user } = openConfirmation('accepted', true, () =>
      Promise.reject({ message: W.paid, errors: { withdraw: [W.paid] }, status: 409 }),
    );
    await user.click(await screen.findByRole('button', { name: W.button }, LOADED));
    await user.click(await screen.findByRole('button', { name: W.confirm }));
    const dialog = await screen.findByRole('alertdialog');
    expect((await screen.findByRole('alert')).textContent).toContain(W.paid);
    expect(dialog.isConnected).toBe(true);
    expect(screen.queryByRole('heading', { name: STANDING_MESSAGES.withdrawn.title })).toBeNull();
  });

  it('is not offered where the server says there is nothing to withdraw', async () => {
    openConfirmation('not_successful', false);
    await screen.findByRole('heading', { level: 1, name: STANDING_MESSAGES.not_successful.title }, LOADED);
    expect(screen.queryByRole('button', { name: W.button })).toBeNull();
    cleanup();
    // Accepted and paid: the chart keeps a paid place.
    openConfirmation('accepted', false);
    await screen.findByRole('heading', { level: 1, name: STANDING_MESSAGES.accepted.title }, LOADED);
    expect(screen.queryByRole('button', { name: W.button })).toBeNull();
  });

  it('axe finds nothing on the page with the button, nor with the dialog open', async () => {
    const { user } = openConfirmation('under_review', true);
    const opener = await screen.findByRole('button', { name: W.button }, LOADED);
    expect((await axe.run(document.body, { rules })).violations).toEqual([]);
    await user.click(opener);
    await screen.findByRole('alertdialog');
    expect((await axe.run(document.body, { rules })).violations).toEqual([]);
  });
});
