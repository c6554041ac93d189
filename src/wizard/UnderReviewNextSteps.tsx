import { Link } from 'react-router-dom';
import { ELIGIBILITY_REVIEW } from '../../machines/rules';
import { screenRow } from '../../machines/screens';
import { useApplication } from '../app/ApplicationProvider';
import { readConfig } from '../config';

/**
 * What happens after an 'under review' result, in the words of what the review chart allows (the application is
 * with staff now, decision 008), and what the applicant can do meanwhile (never a dead end).
 */
export function UnderReviewNextSteps() {
  const email = useApplication((s) => s.context.form.email);
  const ineligible = useApplication((s) => s.context.form.eligibilityStatus === 'ineligible');
  const support = readConfig().supportEmail;
  const nextCohort = `mailto:${support}?subject=${encodeURIComponent('Tell me when the next cohort opens')}`;
  const [before, after] = ELIGIBILITY_REVIEW.decision;
  return (
    <div className="next-steps">
      <h3>{ELIGIBILITY_REVIEW.heading}</h3>
      <ul>
        <li>{ELIGIBILITY_REVIEW.saved}</li>
        <li>
          {before}
          <strong>{email}</strong>
          {after}
        </li>
        <li>{ELIGIBILITY_REVIEW.place}</li>
        {ineligible && <li>{ELIGIBILITY_REVIEW.ineligible}</li>}
        <li>
          <Link to={screenRow('confirmation').path}>{ELIGIBILITY_REVIEW.standingLink}</Link>
        </li>
      </ul>
      <h3>Meanwhile</h3>
      <ul>
        {ineligible && (
          <li>
            <a href={nextCohort}>Ask us to tell you when the next cohort opens</a>
          </li>
        )}
        <li>
          Something to add, or a question? Write to <a href={`mailto:${support}`}>{support}</a>.
        </li>
        <li>
          <a href="/#faq">Read the answers to common questions</a>
        </li>
      </ul>
    </div>
  );
}
