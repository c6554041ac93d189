import { standingLine } from '../../machines/rules/standing';
import { useApplication, useSend } from '../app/ApplicationProvider';
import { ScreenHeading } from '../wizard/ScreenHeading';
import { Button } from '../components/Button';
import { YourDataLink } from '../privacy/YourDataLink';

export function SuccessScreen() {
  const send = useSend();
  const result = useApplication((s) => s.context.submitResult);
  // Read live from the server on each visit: a returning applicant sees the decision once it is theirs to see.
  const standing = useApplication((s) => s.context.standing?.standing);
  return (
    <section className="result-panel card">
      <ScreenHeading>Well done for submitting your application</ScreenHeading>
      {/* One line for where it stands: the standing the confirmation page reads too, never a second message. */}
      <p className="notice standing-line" role="status">
        <strong>Where you stand:</strong> {standingLine(standing ?? 'under_review', result?.cohort.name)}
      </p>
      <p>Next, watch a short video by the Program Director and take a few short quizzes.</p>
      <Button onClick={() => send({ type: 'CONTINUE' })}>Continue to Video</Button>
      <YourDataLink />
    </section>
  );
}
