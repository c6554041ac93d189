/**
 * The screens after submission, each driven by a child actor of the application machine. Loaded on demand: the
 * video player and the calendar are not needed until the application is in.
 */
import type { ActorRefFrom } from 'xstate';
import type { paymentChoiceMachine } from '../../machines/paymentChoice.machine';
import type { reminderMachine } from '../../machines/reminder.machine';
import type { videoQuizMachine } from '../../machines/videoQuiz.machine';
import { readConfig } from '../config';
import { ConfirmationScreen } from './ConfirmationScreen';
import { SelectionVideoScreen } from './SelectionVideoScreen';
import { StandingScreen, standingStep } from './StandingScreen';
import { useApplication, useSend } from '../app/ApplicationProvider';

export function SelectionVideoRoute() {
  const send = useSend();
  const quiz = useApplication(
    (s) => s.children.videoQuiz as ActorRefFrom<typeof videoQuizMachine> | undefined,
  );
  // The chart takes SIGN_IN here only from a browser that has not proved the application's email (decision 243).
  const signedOut = useApplication((s) => s.can({ type: 'SIGN_IN' }));
  if (!quiz) return null;
  return (
    <SelectionVideoScreen
      actor={quiz}
      config={readConfig()}
      onBack={() => send({ type: 'BACK' })}
      onSignIn={signedOut ? () => send({ type: 'SIGN_IN' }) : undefined}
    />
  );
}

/** The acceptance banner and the payment options for an accepted applicant; where they stand for anyone else. */
export function ConfirmationRoute() {
  const accepted = useApplication((s) => standingStep(s) === 'accepted');
  return accepted ? <AcceptedConfirmation /> : <StandingScreen />;
}

function AcceptedConfirmation() {
  const payment = useApplication(
    (s) => s.children.paymentChoice as ActorRefFrom<typeof paymentChoiceMachine> | undefined,
  );
  const reminder = useApplication(
    (s) => s.children.reminder as ActorRefFrom<typeof reminderMachine> | undefined,
  );
  if (!payment || !reminder) return null;
  return <ConfirmationScreen actor={payment} reminder={reminder} config={readConfig()} />;
}
