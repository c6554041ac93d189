/**
 * The screens after submission, each driven by a child actor of the application machine. Loaded on demand: the
 * video player and the calendar are not needed until the application is in.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { paymentChoiceMachine } from '../../machines/paymentChoice.machine';
import type { reminderMachine } from '../../machines/reminder.machine';
import type { videoQuizMachine } from '../../machines/videoQuiz.machine';
import { useEffect, useState } from 'react';
import type { ApplicantQuiz } from '../../machines/rules/selectionQuiz';
import { loadSelectionQuiz } from '../api/selectionQuiz';
import { readConfig, type AppConfig } from '../config';
import { ConfirmationScreen } from './ConfirmationScreen';
import { SelectionVideoScreen } from './SelectionVideoScreen';
import { StandingScreen, standingStep } from './StandingScreen';
import { WithdrawApplication } from './WithdrawApplication';
import { useApplication, useSend } from '../app/ApplicationProvider';

export function SelectionVideoRoute() {
  const send = useSend();
  const quiz = useApplication(
    (s) => s.children.videoQuiz as ActorRefFrom<typeof videoQuizMachine> | undefined,
  );
  // The chart takes SIGN_IN here only from a browser that has not proved the application's email (decision 243).
  const signedOut = useApplication((s) => s.can({ type: 'SIGN_IN' }));
  const version = useApplicantQuiz(quiz, signedOut);
  if (!quiz) return null;
  return (
    <SelectionVideoScreen
      actor={quiz}
      config={withVersion(readConfig(), version)}
      onBack={() => send({ type: 'BACK' })}
      onSignIn={signedOut ? () => send({ type: 'SIGN_IN' }) : undefined}
    />
  );
}

/**
 * The applicant's own version of the video and quiz, asked of the server on arrival and again once signed in: the
 * quiz is asked and scored on it, and the player plays its video (decision 245). Until it comes, or if it cannot, the
 * page has the newest version's addresses the server wrote into it, and the quiz as first written.
 */
function useApplicantQuiz(actor: ActorRefFrom<typeof videoQuizMachine> | undefined, signedOut: boolean) {
  const [version, setVersion] = useState<ApplicantQuiz>();
  useEffect(() => {
    if (!actor) return;
    let current = true;
    loadSelectionQuiz().then(
      (quiz) => {
        if (!current) return;
        actor.send({ type: 'QUIZ.VERSION', quiz: { version: quiz.version, questions: quiz.questions } });
        setVersion(quiz);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [actor, signedOut]);
  return version;
}

const withVersion = (config: AppConfig, version: ApplicantQuiz | undefined): AppConfig =>
  version
    ? {
        ...config,
        selectionVideoUrl: version.video_url,
        selectionVideoPoster: version.poster_url,
        selectionVideoCaptions: version.captions_url,
      }
    : config;

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
  return (
    <>
      <ConfirmationScreen actor={payment} reminder={reminder} config={readConfig()} />
      <WithdrawUnlessPaid payment={payment} />
    </>
  );
}

/** The withdrawal, until a payment made on this page settles the place (the chart keeps a paid place: decision 250). */
function WithdrawUnlessPaid({ payment }: { payment: ActorRefFrom<typeof paymentChoiceMachine> }) {
  const paid = useSelector(payment, (s) => s.context.payment?.status === 'paid');
  return paid ? null : <WithdrawApplication />;
}
