import { NEXT_STEP_WORDS } from '../../machines/rules/nextSteps';
import { standingMessage } from '../../machines/rules/standing';
import { useApplication, useSend } from '../app/ApplicationProvider';
import { ScreenHeading } from '../wizard/ScreenHeading';
import { Button } from '../components/Button';
import { YourDataLink } from '../privacy/YourDataLink';

export function SuccessScreen() {
  const send = useSend();
  const result = useApplication((s) => s.context.submitResult);
  // Read live from the server on each visit: a returning applicant sees the decision once it is theirs to see.
  const standing = useApplication((s) => s.context.standing);
  const cohort = standing?.cohort.name || result?.cohort.name || '';
  return (
    <section className="result-panel card">
      <ScreenHeading>Well done for submitting your application</ScreenHeading>
      {/* One message for where it stands, word for word the confirmation page's heading (decision 121). */}
      <p className="notice standing-line" role="status">
        <strong>Where you stand:</strong> {standingMessage(standing?.standing ?? 'under_review', cohort)}
      </p>
      <p>{NEXT_STEP_WORDS.success}</p>
      <Button onClick={() => send({ type: 'CONTINUE' })}>Continue to Video</Button>
      <YourDataLink />
    </section>
  );
}
