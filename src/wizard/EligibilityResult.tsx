import { ELIGIBILITY_RESULT } from '../../machines/rules';
import { useApplication, useSend } from '../app/ApplicationProvider';
import { Button } from '../components/Button';
import { ScreenHeading } from './ScreenHeading';
import { UnderReviewNextSteps } from './UnderReviewNextSteps';

/** The eligibility answers' result: on to the next step, or under review with what happens next. */
export function EligibilityResult() {
  const send = useSend();
  const eligible = useApplication((s) => s.context.form.eligibilityStatus === 'eligible');
  return (
    <section className="result-panel card" aria-labelledby="screen-title">
      <ScreenHeading>Eligibility</ScreenHeading>
      {eligible ? (
        <>
          <h2>{ELIGIBILITY_RESULT.eligible}</h2>
          <p>Your answers show the bootcamp is a good fit for you. Next, tell us about your employment.</p>
          <Button onClick={() => send({ type: 'PROCEED' })}>Proceed</Button>
        </>
      ) : (
        <>
          <h2>{ELIGIBILITY_RESULT.underReview}</h2>
          <UnderReviewNextSteps />
        </>
      )}
    </section>
  );
}
