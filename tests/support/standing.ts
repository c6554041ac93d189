/** The server's answer for where an application stands (docs/api.md), as the applicant tests fake it. */
import { fromPromise } from 'xstate';
import type { ApplicantStanding } from '../../machines/rules/contract';

/** The answer for an application at `standing` in `cohort`, with no aid request. */
export const standingAnswer = (
  standing: ApplicantStanding['standing'],
  cohort: ApplicantStanding['cohort'],
  withdrawable = false,
): ApplicantStanding => ({ standing, cohort, aid: null, withdrawable });

/** The application machine's `loadStanding` actor, the server answering `standingAnswer(...)`. */
export const answersStanding = (...args: Parameters<typeof standingAnswer>) =>
  fromPromise(async (): Promise<ApplicantStanding> => standingAnswer(...args));
