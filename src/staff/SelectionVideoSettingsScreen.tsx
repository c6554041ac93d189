/**
 * The selection video and quiz (/staff/selection-video; docs/staff.md "The selection video and quiz", decision 245):
 * every team member sees the version applicants now get and the earlier ones; an admin edits the video's addresses
 * and the quiz's questions, choices and right answers, and publishes them as the next version. The form checks with
 * the server's own rule (machines/rules/selectionQuiz.ts) before it sends. A reviewer sees no control: the server
 * refuses their publish too.
 */
import { useState } from 'react';
import { QUIZ_MESSAGES, type ErrorMap } from '../../machines/rules/messages';
import {
  QUIZ_CHOICES_MAX,
  QUIZ_CHOICES_MIN,
  QUIZ_QUESTIONS_MAX,
  checkSelectionQuiz,
  choiceValue,
  type QuizChoiceSetting,
  type SelectionQuizSettings,
  type SelectionQuizVersion,
} from '../../machines/rules/selectionQuiz';
import { errorMapOf } from '../../machines/rules/yupAnswers';
import { BusyButton } from '../components/BusyButton';
import { Button } from '../components/Button';
import { CheckboxField } from '../components/ChoiceFields';
import { TextField } from '../components/Fields';
import { Form } from '../components/Form';
import type { SelectionQuizSettingsAnswer } from './api';
import { useStaff, useStaffDates } from './StaffContext';
import { PageTitle } from './PageTitle';
import { ResourceStatus } from './ResourceStatus';
import { useResource } from './useResource';

const settingsOf = (v: SelectionQuizVersion): SelectionQuizSettings => ({
  video_url: v.video_url,
  poster_url: v.poster_url,
  captions_url: v.captions_url,
  questions: v.questions.map((q) => ({ text: q.text, choices: q.choices.map((c) => ({ ...c })) })),
});

export function SelectionVideoSettingsScreen() {
  const { api, me } = useStaff();
  const dates = useStaffDates();
  const { actor, view } = useResource<SelectionQuizSettingsAnswer, SelectionQuizSettings>(
    () => api.selectionQuiz(),
    async (settings) => QUIZ_MESSAGES.published((await api.publishSelectionQuiz(settings)).current.version),
  );
  const [refused, setRefused] = useState<ErrorMap>();
  const admin = me.role === 'admin';
  const current = view.data?.current;
  const publish = (settings: SelectionQuizSettings) => {
    // The server's own check, first here: nothing is sent while a value is refused.
    const { issues } = checkSelectionQuiz(settings);
    if (issues.length) {
      setRefused(errorMapOf(issues));
      return;
    }
    setRefused(undefined);
    actor.send({ type: 'SAVE', request: settings });
  };
  const errors = refused ?? view.errors;

  return (
    <>
      <PageTitle title="Selection video and quiz" />
      <ResourceStatus actor={actor} view={view} refused={refused} />
      {current && (
        <>
          <p>
            Version {current.version}, published {dates.day(current.published_at)}
            {current.published_by ? ` by ${current.published_by}` : ' when the platform was set up'}. New
            applicants get it; an applicant who started an earlier version keeps theirs until they finish.
            {admin ? '' : ' Only an admin can publish a new version.'}
          </p>
          {admin ? (
            <QuizForm
              key={current.version}
              initial={settingsOf(current)}
              busy={view.busy}
              errors={errors}
              onSubmit={publish}
            />
          ) : (
            <CurrentVersion version={current} />
          )}
          {view.data && view.data.history.length > 1 && (
            <section aria-labelledby="quiz-history-title">
              <h2 id="quiz-history-title">Earlier versions</h2>
              <ul>
                {view.data.history.slice(1).map((h) => (
                  <li key={h.version}>
                    Version {h.version}, published {dates.day(h.published_at)}
                    {h.published_by ? ` by ${h.published_by}` : ''}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </>
  );
}

/** What a reviewer sees: the version as applicants get it, the right answers marked. */
function CurrentVersion({ version }: { version: SelectionQuizVersion }) {
  return (
    <>
      <dl className="staff-summary">
        <dt>Video</dt>
        <dd>{version.video_url}</dd>
        <dt>Poster</dt>
        <dd>{version.poster_url || 'None'}</dd>
        <dt>Captions</dt>
        <dd>{version.captions_url}</dd>
      </dl>
      <ol>
        {version.questions.map((q, i) => (
          <li key={i}>
            {q.text}
            <ul>
              {q.choices.map((c, j) => (
                <li key={j}>
                  {choiceValue(j)}. {c.label}
                  {c.correct ? ' (right answer)' : ''}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </>
  );
}

function QuizForm(props: {
  initial: SelectionQuizSettings;
  busy: boolean;
  errors: ErrorMap;
  onSubmit: (settings: SelectionQuizSettings) => void;
}) {
  const [draft, setDraft] = useState(props.initial);
  const { errors } = props;
  const setQuestion = (i: number, change: (q: SelectionQuizSettings['questions'][number]) => typeof q) =>
    setDraft((d) => ({ ...d, questions: d.questions.map((q, k) => (k === i ? change(q) : q)) }));
  const setChoice = (i: number, j: number, patch: Partial<QuizChoiceSetting>) =>
    setQuestion(i, (old) => ({
      ...old,
      choices: old.choices.map((o, k) => (k === j ? { ...o, ...patch } : o)),
    }));
  const address = (name: 'video_url' | 'poster_url' | 'captions_url') => ({
    name,
    value: draft[name],
    onChange: (value: string) => setDraft((d) => ({ ...d, [name]: value })),
    errors,
  });
  return (
    <Form onSubmit={() => props.onSubmit(draft)}>
      <h2>The video</h2>
      <TextField
        {...address('video_url')}
        label="Video address"
        hint="An https:// address, or a path on this site such as /media/selection-video.mp4."
      />
      <TextField
        {...address('poster_url')}
        label="Poster address"
        optional
        hint="The picture shown before it plays."
      />
      <TextField {...address('captions_url')} label="Captions address" hint="A WebVTT file (.vtt)." />
      <h2>The quiz</h2>
      {draft.questions.map((q, i) => (
        <fieldset key={i} className="field">
          <legend>Question {i + 1}</legend>
          <TextField
            name={`questions.${i}.text`}
            label={`Question ${i + 1}`}
            value={q.text}
            onChange={(text) => setQuestion(i, (old) => ({ ...old, text }))}
            errors={errors}
          />
          {q.choices.map((c, j) => (
            <div key={j} className="staff-quiz-choice">
              <TextField
                name={`questions.${i}.choices.${j}.label`}
                label={`Choice ${choiceValue(j)} of question ${i + 1}`}
                value={c.label}
                onChange={(label) => setChoice(i, j, { label })}
                errors={errors}
              />
              <CheckboxField
                // The first choice's box carries the question's "no right answer" message.
                name={j === 0 ? `questions.${i}.correct` : `questions.${i}.choices.${j}.correct`}
                label={`Choice ${choiceValue(j)} is a right answer`}
                checked={c.correct}
                onChange={(correct) => setChoice(i, j, { correct })}
                errors={errors}
              />
              {q.choices.length > QUIZ_CHOICES_MIN && (
                <Button
                  look="link"
                  onClick={() =>
                    setQuestion(i, (old) => ({ ...old, choices: old.choices.filter((_, k) => k !== j) }))
                  }
                >
                  Remove choice {choiceValue(j)} of question {i + 1}
                </Button>
              )}
            </div>
          ))}
          {q.choices.length < QUIZ_CHOICES_MAX && (
            <Button
              look="secondary"
              onClick={() =>
                setQuestion(i, (old) => ({
                  ...old,
                  choices: [...old.choices, { label: '', correct: false }],
                }))
              }
            >
              Add a choice to question {i + 1}
            </Button>
          )}
          {draft.questions.length > 1 && (
            <Button
              look="link"
              onClick={() => setDraft((d) => ({ ...d, questions: d.questions.filter((_, k) => k !== i) }))}
            >
              Remove question {i + 1}
            </Button>
          )}
        </fieldset>
      ))}
      {draft.questions.length < QUIZ_QUESTIONS_MAX && (
        <Button
          look="secondary"
          onClick={() =>
            setDraft((d) => ({
              ...d,
              questions: [
                ...d.questions,
                {
                  text: '',
                  choices: [
                    { label: '', correct: false },
                    { label: '', correct: false },
                  ],
                },
              ],
            }))
          }
        >
          Add a question
        </Button>
      )}
      <p>Publishing makes a new version: applicants who started the video keep the version they started.</p>
      <BusyButton type="submit" busy={props.busy}>
        Publish a new version
      </BusyButton>
    </Form>
  );
}
