import { STANDING_MESSAGES } from '../../machines/rules/standing';
import { useApplication, useSend } from '../app/ApplicationProvider';
import { ScreenHeading } from '../wizard/ScreenHeading';
import { Button } from '../components/Button';

export function SuccessScreen() {
  const send = useSend();
  const result = useApplication((s) => s.context.submitResult);
  // Read live from the server on each visit: a returning applicant sees the decision once it is theirs to see.
  const standing = useApplication((s) => s.context.standing?.standing);
  return (
    <section className="result-panel card">
      <ScreenHeading>Well done for submitting your application</ScreenHeading>
      {result?.waitlisted && (
        <p className="notice">
          The current cohort is full or closed, so you are on the waitlist for {result.cohort.name}. We will
          keep your place and write to you before it starts.
        </p>
      )}
      {standing && (
        <p className="notice standing-line" role="status">
          <strong>Where you stand:</strong> {STANDING_MESSAGES.line[standing]}
        </p>
      )}
      <p>
        There is one more step to confirm your selection: watch a short video by the Program Director and take
        a few short quizzes.
      </p>
      <Button onClick={() => send({ type: 'CONTINUE' })}>Continue to Video</Button>
    </section>
  );
}
