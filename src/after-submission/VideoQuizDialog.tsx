import { MESSAGES } from '../../machines/rules/messages';
import type { QuizQuestion } from '../../machines/rules/quiz';
import { askedQuestions, type AskedQuiz } from '../../machines/rules/selectionQuiz';
import { AppDialog } from '../components/Dialog';
import { Form } from '../components/Form';
import { Alert } from '../components/Notice';
import { Button } from '../components/Button';

export interface VideoQuizDialogProps {
  open: boolean;
  /** The version the applicant started (decision 245). */
  quiz: AskedQuiz;
  answers: Partial<Record<QuizQuestion, string>>;
  incomplete: boolean;
  onAnswer: (question: QuizQuestion, value: string) => void;
  onSubmit: () => void;
  onSkip: () => void;
}

/**
 * The quiz that stops the video (docs/product.md §3.5): the applicant's version's single-choice questions (two in
 * the first version) as native radio groups, so arrow keys,
 * Tab and Space work and each group is announced with its question. It cannot be dismissed: Submit or Skip.
 */
export function VideoQuizDialog({
  open,
  quiz,
  answers,
  incomplete,
  onAnswer,
  onSubmit,
  onSkip,
}: VideoQuizDialogProps) {
  return (
    <AppDialog
      open={open}
      title="Quick quiz"
      wide
      description={`Answer ${quiz.questions.length === 2 ? 'both questions' : 'every question'} to carry on watching.`}
    >
      <Form onSubmit={onSubmit}>
        {askedQuestions(quiz).map(({ question, text, options }) => (
          <fieldset key={question} className="field">
            <legend>
              {question}. {text}
            </legend>
            {options.map((option, index) => (
              <label key={option.value} className="choice">
                <input
                  // Focus starts on the first choice, ready for the arrow keys (AppDialog keeps a focus its content took).
                  autoFocus={question === 1 && index === 0}
                  type="radio"
                  name={`quiz-question-${question}`}
                  value={option.value}
                  checked={answers[question] === option.value}
                  onChange={() => onAnswer(question, option.value)}
                />
                <span>{option.label}</span>
              </label>
            ))}
          </fieldset>
        ))}
        {incomplete && <Alert>{MESSAGES.quizIncomplete}</Alert>}
        <div className="dialog__actions">
          <Button look="secondary" onClick={onSkip}>
            Skip
          </Button>
          <button type="submit" className="button">
            Submit
          </button>
        </div>
      </Form>
    </AppDialog>
  );
}
