/**
 * An application's answers as the wizard asks them, the eligibility result with each answer's score, the CV, then
 * the reviewers' scorecards: what a reviewer reads on the application's page and scores it by (docs/staff.md).
 */
import type { StaffRole } from '../../machines/rules/staff/roles';
import type { StaffApplicationPage } from '../../machines/staffApplication.machine';
import { ApplicantAnswers } from './ApplicantAnswers';
import { ApplicationCv } from './ApplicationCv';
import { EligibilityAnswers } from './EligibilityAnswers';
import { LaterAnswers } from './LaterAnswers';
import { ScorecardPanel } from './ScorecardPanel';

/** `id`: the application's id as the page's address gives it (the scorecards start afresh for another). */
export function ApplicationAnswers({
  id,
  page,
  role,
}: {
  id: number;
  page: StaffApplicationPage;
  role: StaffRole;
}) {
  return (
    <>
      <ApplicantAnswers page={page} role={role} />
      <EligibilityAnswers page={page} />
      <LaterAnswers page={page} />
      <ApplicationCv page={page} />
      {/* Last: its scorecards come after the page and grow it below what the reviewer is reading
          (docs/decisions/157-the-whole-record-on-the-application-page.md). */}
      {page.review && <ScorecardPanel key={id} applicationId={id} />}
    </>
  );
}
