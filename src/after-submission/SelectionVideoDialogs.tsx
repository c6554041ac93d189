import type { ActorRefFrom } from 'xstate';
import { CONFIRM_VIDEO } from '../../machines/rules/messages';
import type { videoQuizMachine } from '../../machines/videoQuiz.machine';
import type { VideoView } from '../../machines/videoQuizView';
import { AppDialog, ConfirmDialog } from '../components/Dialog';
import { Button } from '../components/Button';
import { VideoQuizDialog } from './VideoQuizDialog';

export interface SelectionVideoDialogsProps {
  actor: ActorRefFrom<typeof videoQuizMachine>;
  view: VideoView;
}

/** The dialogs over the video: the quiz, its result, and the one-time save of progress with its confirmation. */
export function SelectionVideoDialogs({ actor, view }: SelectionVideoDialogsProps) {
  const saving = view.progress === 'saving';
  return (
    <>
      <VideoQuizDialog
        open={view.player === 'quiz'}
        quiz={view.quiz}
        answers={view.answers}
        incomplete={view.incomplete}
        onAnswer={(question, value) => actor.send({ type: 'QUIZ.ANSWER', question, value })}
        onSubmit={() => actor.send({ type: 'QUIZ.SUBMIT' })}
        onSkip={() => actor.send({ type: 'QUIZ.SKIP' })}
      />
      <AppDialog
        open={view.player === 'correct'}
        title="Correct answers!"
        description="Well done. Carry on watching the video."
        actions={<Button onClick={() => actor.send({ type: 'RESULT.CONTINUE' })}>Continue</Button>}
      />
      <AppDialog
        open={view.player === 'incorrect'}
        title="Incorrect answers!"
        description="Try the questions again, or watch the video again from the start."
        actions={
          <>
            <Button look="secondary" onClick={() => actor.send({ type: 'RESULT.REWATCH' })}>
              Rewatch
            </Button>
            <Button onClick={() => actor.send({ type: 'RESULT.RETRY' })}>Retry</Button>
          </>
        }
      />
      <ConfirmDialog
        open={view.progress === 'confirming' || saving}
        title={CONFIRM_VIDEO.title}
        text={CONFIRM_VIDEO.text}
        confirmLabel={CONFIRM_VIDEO.confirm}
        cancelLabel="Cancel"
        busy={saving}
        onConfirm={() => actor.send({ type: 'PROGRESS.CONFIRM' })}
        onCancel={() => actor.send({ type: 'PROGRESS.CANCEL' })}
      />
      <AppDialog
        open={view.progress === 'saved'}
        title={CONFIRM_VIDEO.successTitle}
        description={CONFIRM_VIDEO.successText}
        onClose={() => actor.send({ type: 'PROGRESS.CANCEL' })}
        actions={<Button onClick={() => actor.send({ type: 'PROGRESS.CANCEL' })}>OK</Button>}
      />
    </>
  );
}
