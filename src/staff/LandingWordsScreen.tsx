/**
 * The landing page's words (/staff/landing-words; docs/staff.md "The landing page's words", decision 246): the FAQ's
 * questions and answers and the key information cards' words. An admin edits them (adds, removes, reorders the
 * questions), previews the landing page with them in a new tab, and publishes: `/` shows them at once. A reviewer
 * sees the published words and no control: the server refuses their changes too. The form is checked by the same rule
 * as the server (machines/rules/landingWordsRule.ts).
 */
import { useState } from 'react';
import {
  COHORT_TOKENS,
  LANDING_PREVIEW_PATH,
  type KeyInfoCard,
  type LandingWords,
} from '../../machines/rules/landingWords';
import { checkLandingWords } from '../../machines/rules/landingWordsRule';
import type { ErrorMap } from '../../machines/rules/messages';
import { errorMapOf } from '../../machines/rules/yupAnswers';
import { BusyButton } from '../components/BusyButton';
import { Button } from '../components/Button';
import { ErrorSummary } from '../components/ErrorSummary';
import { TextAreaField, TextField } from '../components/Fields';
import { Form } from '../components/Form';
import { Notice } from '../components/Notice';
import type { StaffLandingWords } from './api';
import { useStaff, useStaffDates } from './StaffContext';
import { PageTitle } from './PageTitle';
import { useResource } from './useResource';

type Change =
  { kind: 'preview'; words: LandingWords } | { kind: 'publish'; words: LandingWords; version: number };

/** The form's words: a card's lines as one text, a line each. */
interface Draft {
  faq: { question: string; answer: string }[];
  cards: { title: string; lead: string; details: string }[];
}

const draftOf = (words: LandingWords): Draft => ({
  faq: words.faq.map((entry) => ({ ...entry })),
  cards: words.cards.map((card) => ({
    title: card.title,
    lead: card.lead,
    details: card.details.join('\n'),
  })),
});

const wordsOf = (draft: Draft): LandingWords => ({
  faq: draft.faq,
  cards: draft.cards.map((card): KeyInfoCard => ({
    title: card.title,
    lead: card.lead,
    details: card.details.split('\n').filter((line) => line.trim() !== ''),
  })),
});

export function LandingWordsScreen() {
  const { api, me } = useStaff();
  const dates = useStaffDates();
  const { actor, view } = useResource<StaffLandingWords, Change>(
    () => api.landingWords(),
    async (change) => {
      if (change.kind === 'preview') {
        await api.saveLandingDraft(change.words);
        return 'Preview saved: open it below';
      }
      await api.publishLandingWords(change.words, change.version);
      return 'Published: the landing page shows these words now';
    },
  );
  const admin = me.role === 'admin';
  const data = view.data;
  return (
    <>
      <PageTitle title="The landing page's words" />
      <Notice>{view.notice}</Notice>
      {view.failed && <Button onClick={() => actor.send({ type: 'RETRY' })}>Try again</Button>}
      {data && (
        <p>
          Version {data.version}
          {data.version > 0 && `, published ${dates.day(data.published_at.slice(0, 10))}`}.{' '}
          {admin
            ? `Where the cohort open now goes, write ${COHORT_TOKENS.number}, ${COHORT_TOKENS.start} or ${COHORT_TOKENS.deadline}; for its fee, ${COHORT_TOKENS.fee}, ${COHORT_TOKENS.full} or ${COHORT_TOKENS.instalments}.`
            : 'Only an admin can change them.'}
        </p>
      )}
      {data && admin && (
        <WordsForm
          key={data.version}
          initial={draftOf(data.draft ?? data.published)}
          busy={view.busy}
          serverErrors={view.errors}
          message={view.message}
          preview={view.notice?.startsWith('Preview')}
          onPreview={(words) => actor.send({ type: 'SAVE', request: { kind: 'preview', words } })}
          onPublish={(words) =>
            actor.send({ type: 'SAVE', request: { kind: 'publish', words, version: data.version } })
          }
        />
      )}
      {data && !admin && <PublishedWords words={data.published} />}
    </>
  );
}

function PublishedWords({ words }: { words: LandingWords }) {
  return (
    <>
      <h2>Frequently asked questions</h2>
      <dl className="landing-words">
        {words.faq.map((entry, i) => (
          <div key={i}>
            <dt>{entry.question}</dt>
            <dd>{entry.answer}</dd>
          </div>
        ))}
      </dl>
      <h2>Key information</h2>
      {words.cards.map((card, i) => (
        <section key={i} aria-labelledby={`card-${i}`}>
          <h3 id={`card-${i}`}>{card.title}</h3>
          <p>{card.lead}</p>
          <ul>
            {card.details.map((detail, j) => (
              <li key={j}>{detail}</li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

function WordsForm({
  initial,
  busy,
  serverErrors,
  message,
  preview,
  onPreview,
  onPublish,
}: {
  initial: Draft;
  busy: boolean;
  serverErrors: ErrorMap;
  message?: string;
  preview?: boolean;
  onPreview: (words: LandingWords) => void;
  onPublish: (words: LandingWords) => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<ErrorMap>({});
  const shown = Object.keys(errors).length ? errors : serverErrors;
  const setFaq = (faq: Draft['faq']) => setDraft({ ...draft, faq });
  const setEntry = (i: number, change: Partial<Draft['faq'][number]>) =>
    setFaq(draft.faq.map((entry, j) => (j === i ? { ...entry, ...change } : entry)));
  const move = (i: number, by: number) => {
    const faq = [...draft.faq];
    const [entry] = faq.splice(i, 1);
    faq.splice(i + by, 0, entry!);
    setFaq(faq);
  };
  const setCard = (i: number, change: Partial<Draft['cards'][number]>) =>
    setDraft({ ...draft, cards: draft.cards.map((card, j) => (j === i ? { ...card, ...change } : card)) });
  /** The words when the rule takes them; else its problems are shown and nothing is sent. */
  const checked = (): LandingWords | undefined => {
    const { value, issues } = checkLandingWords(wordsOf(draft));
    // A card's line is shown on its card's one field of lines.
    setErrors(
      errorMapOf(
        issues.map((issue) => ({
          ...issue,
          path: issue.path.replace(/(cards\[\d+\]\.details)\[\d+\]/, '$1'),
        })),
      ),
    );
    return issues.length ? undefined : value;
  };
  const [action, setAction] = useState<'preview' | 'publish'>('publish');
  const send = (chosen: 'preview' | 'publish') => {
    setAction(chosen);
    const words = checked();
    if (words) (chosen === 'preview' ? onPreview : onPublish)(words);
  };
  return (
    <Form aria-label="The landing page's words" onSubmit={() => send('publish')}>
      <ErrorSummary message={Object.keys(errors).length ? undefined : message} errors={shown} />
      <h2>Frequently asked questions</h2>
      {draft.faq.map((entry, i) => (
        <fieldset key={i} className="landing-words-entry">
          <legend>Question {i + 1}</legend>
          <TextField
            name={`faq[${i}].question`}
            label="Question"
            errors={shown}
            value={entry.question}
            onChange={(question) => setEntry(i, { question })}
          />
          <TextAreaField
            name={`faq[${i}].answer`}
            label="Answer"
            errors={shown}
            value={entry.answer}
            onChange={(answer) => setEntry(i, { answer })}
          />
          <div className="button-row">
            {i > 0 && (
              <Button look="link" onClick={() => move(i, -1)}>
                Move up <span className="visually-hidden">question {i + 1}</span>
              </Button>
            )}
            {i < draft.faq.length - 1 && (
              <Button look="link" onClick={() => move(i, 1)}>
                Move down <span className="visually-hidden">question {i + 1}</span>
              </Button>
            )}
            <Button look="link" onClick={() => setFaq(draft.faq.filter((_, j) => j !== i))}>
              Remove <span className="visually-hidden">question {i + 1}</span>
            </Button>
          </div>
        </fieldset>
      ))}
      <Button onClick={() => setFaq([...draft.faq, { question: '', answer: '' }])}>Add a question</Button>
      <h2>Key information</h2>
      {draft.cards.map((card, i) => (
        <fieldset key={i} className="landing-words-entry">
          <legend>Card {i + 1}</legend>
          <TextField
            name={`cards[${i}].title`}
            label="Title"
            errors={shown}
            value={card.title}
            onChange={(title) => setCard(i, { title })}
          />
          <TextField
            name={`cards[${i}].lead`}
            label="First line"
            errors={shown}
            value={card.lead}
            onChange={(lead) => setCard(i, { lead })}
          />
          <TextAreaField
            name={`cards[${i}].details`}
            label="Lines"
            hint="One line each"
            errors={shown}
            value={card.details}
            onChange={(details) => setCard(i, { details })}
          />
        </fieldset>
      ))}
      <div className="button-row">
        <BusyButton type="button" busy={busy && action === 'preview'} onClick={() => send('preview')}>
          Save and preview
        </BusyButton>
        <BusyButton type="submit" busy={busy && action === 'publish'}>
          Publish
        </BusyButton>
      </div>
      {preview && (
        <p>
          <a href={LANDING_PREVIEW_PATH} target="_blank" rel="noopener">
            Open the preview of the landing page<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      )}
    </Form>
  );
}
