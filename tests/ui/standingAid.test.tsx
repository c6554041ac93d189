/**
 * Issue 56, item 1: after applying for financial aid, the standing page of a waitlisted or unsuccessful applicant
 * stops offering the aid form and says where the request stands, in the words the accepted applicant's confirmation
 * page uses (machines/rules/aidDecision.ts `aidStandingWords`, decision 238). The real app at /apply/confirmation,
 * the server's standing answer given.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { applicationMachine, type PersistedApplication } from '../../machines/application.machine';
import type { AidStanding } from '../../machines/rules/aidDecision';
import { emptyApplication } from '../../machines/applicationForm';
import type { ApplicantStanding } from '../../machines/rules/contract';
import { AID_MESSAGES } from '../../machines/rules/messages';
import { standingMessage } from '../../machines/rules/standing';
import { renderApplication } from './support/renderApplication';
import { expectShown } from './support/shown';

const pending = <Output,>() => new Promise<Output>(() => {});
/** The screens are lazy chunks: the first to load may take a while on a busy machine. */
const LOADED = { timeout: 15_000 };
const COHORT = { id: 14, name: 'Cohort 14', number: 14 };

/** A submitted applicant who proved their email in this browser and watched the video. */
const submitted: Partial<PersistedApplication> = {
  form: {
    ...emptyApplication(),
    email: 'ada@example.com',
    email_verified_at: '2026-11-20T10:00:00.000Z',
    eligibilityStatus: 'eligible',
    isVideoEnded: true,
  },
  started: true,
  existing: true,
  submitted: true,
  submitResult: { cohort: { id: COHORT.id, name: COHORT.name }, waitlisted: false },
};

/** The confirmation page once the server has said where the application and its aid request stand. */
async function openWith(standing: 'waitlisted' | 'not_successful', aid: AidStanding | null) {
  const machine = applicationMachine.provide({
    actors: {
      loadStanding: fromPromise(async (): Promise<ApplicantStanding> => ({ standing, cohort: COHORT, aid })),
    },
  });
  const actor = createActor(machine, { input: { persisted: submitted, now: () => 0 } }).start();
  renderApplication(actor, '/apply/confirmation', () => pending<Response>());
  await screen.findByRole('heading', { level: 1, name: standingMessage(standing, COHORT.name) }, LOADED);
}

const aidLink = () => screen.queryByRole('link', { name: /apply for financial aid/i });

afterEach(cleanup);

describe.each(['waitlisted', 'not_successful'] as const)(
  'the %s standing page and financial aid',
  (standing) => {
    it('offers the aid form to an applicant who has not asked for aid', async () => {
      await openWith(standing, null);
      expect(aidLink()?.getAttribute('href')).toBe('/financial-aid-application');
      expect(screen.queryByText(AID_MESSAGES.standingReceived)).toBeNull();
    });

    it.each([
      ['received', { status: 'received', share: 0 }, AID_MESSAGES.standingReceived],
      ['awarded', { status: 'awarded', share: 20 }, AID_MESSAGES.standingAwarded(20)],
      ['declined', { status: 'declined', share: 0 }, AID_MESSAGES.standingDeclined],
    ] as const)('a request %s: says where it stands, and offers the form no more', async (_, aid, words) => {
      await openWith(standing, aid);
      expectShown(screen.getByText(words));
      expect(aidLink()).toBeNull();
      // No payment options on this page, so nothing is said of them.
      expect(document.body.textContent).not.toContain('payment options below');
    });
  },
);
