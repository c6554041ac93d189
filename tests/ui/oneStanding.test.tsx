/**
 * Issue 23, item 2: one standing on every applicant page. For every place of the review chart, the standing its
 * `meta` gives the applicant is shown in the same single message by the success page, the confirmation page and a
 * returning applicant's page (a second device opening the confirmation), the real screens in the real app
 * (docs/decisions/121-a-decision-is-held-until-released.md).
 */
import { cleanup, screen } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import { applicationMachine, type PersistedApplication } from '../../machines/application.machine';
import { paymentChoiceMachine, type ConfirmationFacts } from '../../machines/paymentChoice.machine';
import { reminderMachine } from '../../machines/reminder.machine';
import { REVIEW_STATUSES, reviewMeta, type Standing } from '../../machines/review.machine';
import { emptyApplication } from '../../machines/applicationForm';
import { MESSAGES } from '../../machines/rules';
import { STANDING_MESSAGES, standingMessage } from '../../machines/rules/standing';
import { answersStanding } from '../support/standing';
import { renderApplication } from './support/renderApplication';

const pending = <Output,>() => new Promise<Output>(() => {});
/** The screens are lazy chunks: the first to load may take a while on a busy machine. */
const LOADED = { timeout: 15_000 };
const COHORT = { id: 14, name: 'Cohort 14', number: 14 };

/** A submitted applicant who proved their email in this browser (or on another device, for a returning one). */
const submitted = (isVideoEnded: boolean): Partial<PersistedApplication> => ({
  form: {
    ...emptyApplication(),
    email: 'ada@example.com',
    email_verified_at: '2026-11-20T10:00:00.000Z',
    eligibilityStatus: 'eligible',
    isVideoEnded,
  },
  started: true,
  existing: true,
  submitted: true,
  submitResult: { cohort: { id: COHORT.id, name: COHORT.name }, waitlisted: false },
});

/** The app at `path`, the server answering `standing` for the application and nothing else settling. */
function openAt(path: string, standing: Standing, persisted: Partial<PersistedApplication>) {
  const machine = applicationMachine.provide({
    actors: {
      loadStanding: answersStanding(standing, COHORT),
      paymentChoice: paymentChoiceMachine.provide({
        actors: {
          loadPayment: fromPromise(pending<ConfirmationFacts>),
          lookupCountry: fromPromise(pending<string>),
        },
      }),
      reminder: reminderMachine.provide({ actors: { saveReminder: fromPromise(pending<void>) } }),
    },
  });
  const actor = createActor(machine, { input: { persisted, now: () => 0 } }).start();
  renderApplication(actor, path, () => pending<Response>());
  return actor;
}

/** The page's one standing message: the success page's status line, or the confirmation page's heading. */
async function successMessage(): Promise<string> {
  const label = await screen.findByText('Where you stand:', { selector: 'strong' }, LOADED);
  return (label.parentElement?.textContent ?? '').replace(/^Where you stand:\s*/, '');
}

async function confirmationMessage(): Promise<string> {
  // The heading once the standing is known (not the opening while the screen's chunk comes, nor the checking title
  // while the standing loads).
  const heading = await screen.findByRole(
    'heading',
    {
      level: 1,
      name: (name) =>
        name !== MESSAGES.openingApplication &&
        name !== STANDING_MESSAGES.checkingTitle &&
        name !== 'Confirmation',
    },
    LOADED,
  );
  return heading.textContent ?? '';
}

afterEach(cleanup);

describe('one standing on every applicant page', () => {
  const places = REVIEW_STATUSES.map((status) => ({ status, standing: reviewMeta(status).standing }));

  it('walks every status of the review chart', () => {
    expect(places.map((p) => p.status)).toEqual([
      'submitted',
      'in_review',
      'eligibility_review',
      'second_review',
      'reviews_disagree',
      'interview_invited',
      'interview_booked',
      'accepted',
      'waitlisted',
      'rejected',
      'payment_chosen',
      'paid',
      'withdrawn',
    ]);
  });

  it.each(places)(
    '$status ($standing): the success page, the confirmation page and a returning applicant say one thing',
    async ({ standing }) => {
      const expected = standingMessage(standing, COHORT.name);

      openAt('/apply/success', standing, submitted(false));
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Well done for submitting your application' },
        LOADED,
      );
      const onSuccess = await waitForMessage(successMessage, expected);
      cleanup();

      openAt('/apply/confirmation', standing, submitted(false));
      const onConfirmation = await confirmationMessage();
      cleanup();

      // Another device: the application resumes where it stands (the confirmation, once the video is watched).
      openAt('/apply/confirmation', standing, submitted(true));
      const returning = await confirmationMessage();

      expect({ onSuccess, onConfirmation, returning }).toEqual({
        onSuccess: expected,
        onConfirmation: expected,
        returning: expected,
      });
      // One message: the words of no other standing are on the page.
      const others = (['under_review', 'accepted', 'waitlisted', 'not_successful', 'withdrawn'] as const)
        .filter((s) => s !== standing)
        .map((s) => standingMessage(s, COHORT.name));
      for (const other of others) expect(document.body.textContent).not.toContain(other);
    },
    60_000,
  );
});

/** The success page shows the standing once the server has answered; until then its first guess. */
async function waitForMessage(read: () => Promise<string>, expected: string): Promise<string> {
  const deadline = Date.now() + 3000;
  let last = await read();
  while (last !== expected && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
    last = await read();
  }
  return last;
}
