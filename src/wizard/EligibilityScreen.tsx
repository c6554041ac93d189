import {
  CONFIRM_SAVE,
  CV_ACCEPT,
  ELIGIBILITY_INTRO,
  ELIGIBILITY_QUESTIONS,
  ELIGIBILITY_RESULT,
  ELIGIBILITY_REVIEW,
  MESSAGES,
} from '../../machines/rules';
import { Link } from 'react-router';
import { screenRow } from '../../machines/screens';
import { useApplication, useErrors, useForm, useFormFields, useSend } from '../app/ApplicationProvider';
import { StepForm } from './StepForm';
import { AppDialog } from '../components/Dialog';
import { describedBy, FieldError, fieldId } from '../components/ErrorSummary';
import { RadioField } from '../components/Fields';
import { readConfig } from '../config';
import { ScreenHeading } from './ScreenHeading';
import { Notice } from '../components/Notice';
import { Button } from '../components/Button';

export function EligibilityScreen() {
  const showResult = useApplication((s) => s.matches({ eligibility: { answers: 'result' } }));
  return showResult ? <EligibilityResult /> : <EligibilityForm />;
}

function EligibilityResult() {
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

/**
 * What happens after an 'under review' result, in the words of what the review chart allows (the application is
 * with staff now, decision 124), and what the applicant can do meanwhile (never a dead end).
 */
function UnderReviewNextSteps() {
  const email = useApplication((s) => s.context.form.email);
  const ineligible = useApplication((s) => s.context.form.eligibilityStatus === 'ineligible');
  const support = readConfig().supportEmail;
  const nextCohort = `mailto:${support}?subject=${encodeURIComponent('Tell me when the next cohort opens')}`;
  const [before, after] = ELIGIBILITY_REVIEW.decision;
  return (
    <div className="next-steps">
      <h3>{ELIGIBILITY_REVIEW.heading}</h3>
      <ul>
        <li>{ELIGIBILITY_REVIEW.saved}</li>
        <li>
          {before}
          <strong>{email}</strong>
          {after}
        </li>
        <li>{ELIGIBILITY_REVIEW.place}</li>
        {ineligible && <li>{ELIGIBILITY_REVIEW.ineligible}</li>}
        <li>
          <Link to={screenRow('confirmation').path}>{ELIGIBILITY_REVIEW.standingLink}</Link>
        </li>
      </ul>
      <h3>Meanwhile</h3>
      <ul>
        {ineligible && (
          <li>
            <a href={nextCohort}>Ask us to tell you when the next cohort opens</a>
          </li>
        )}
        <li>
          Something to add, or a question? Write to <a href={`mailto:${support}`}>{support}</a>.
        </li>
        <li>
          <a href="/#faq">Read the answers to common questions</a>
        </li>
      </ul>
    </div>
  );
}

function EligibilityForm() {
  const { field } = useFormFields();
  const confirming = useApplication((s) => s.matches({ eligibility: { answers: 'confirming' } }));
  const saving = useApplication((s) => s.matches({ eligibility: { answers: 'saving' } }));

  return (
    <StepForm
      title="Eligibility"
      lede={ELIGIBILITY_INTRO}
      busy={saving}
      confirm={{ open: confirming, text: CONFIRM_SAVE.text }}
    >
      {ELIGIBILITY_QUESTIONS.map((q) => (
        <RadioField key={q.name} {...field(q.name)} label={q.legend} options={q.options} />
      ))}
      <CvUpload />
    </StepForm>
  );
}

function CvUpload() {
  const send = useSend();
  const form = useForm();
  const { errors } = useErrors();
  const upload = useApplication((s) => s.context.upload);
  const uploading = useApplication((s) => s.matches({ eligibility: { cv: 'uploading' } }));
  const helpOpen = useApplication((s) => s.matches({ eligibility: { cv: 'help' } }));
  const uploadingName = useApplication((s) => s.context.cvFile?.name);
  const percent = upload && upload.total > 0 ? Math.round((upload.loaded / upload.total) * 100) : 0;
  const support = readConfig().supportEmail;
  const chosen = uploadingName ?? (form.pdf || 'No file chosen');

  return (
    <div className={errors.cv?.length ? 'field field--error' : 'field'}>
      <label htmlFor={fieldId('cv')}>Upload your CV (required)</label>
      <span className="hint" id="field-cv-hint">
        PDF or Word (.doc, .docx), up to 10 MB.
      </span>
      <FieldError name="cv" errors={errors} />
      {/* The browser's own 'Choose File / No file chosen' cannot be styled or translated: the input stays (it
          keeps the keyboard, the picker and the label) but is hidden, and a second label is the visible button. */}
      <div className="file-picker">
        <input
          id={fieldId('cv')}
          className="file-picker__input visually-hidden"
          name="cv"
          type="file"
          accept={CV_ACCEPT}
          disabled={uploading}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) send({ type: 'CV.SELECT', file });
            e.target.value = '';
          }}
          {...describedBy('cv', errors, 'field-cv-hint field-cv-file')}
        />
        <label htmlFor={fieldId('cv')} className="button button--secondary file-picker__button">
          {form.pdf ? 'Choose another file' : 'Choose a file'}
        </label>
        <span className="file-picker__name" id="field-cv-file">
          {chosen}
        </span>
      </div>
      {uploading && (
        <div className="upload" role="status">
          <progress className="upload-progress" max={100} value={percent} aria-label="CV upload progress" />
          <span>Uploading your CV… {percent}%</span>
        </div>
      )}
      {!uploading && form.hasUploadedCV && (
        <Notice>{form.pdf ? `Your CV is uploaded: ${form.pdf}` : 'You told us you emailed your CV.'}</Notice>
      )}
      <p>
        <button type="button" className="button--link" onClick={() => send({ type: 'CV.HELP' })}>
          Help: I cannot upload my CV
        </button>
      </p>
      <AppDialog
        open={helpOpen}
        title="Send your CV by email"
        description={
          <>
            {MESSAGES.cvUploadFailed} Write to <a href={`mailto:${support}`}>{support}</a> with your CV
            attached and the email address you are applying with.
          </>
        }
        onClose={() => send({ type: 'CANCEL' })}
        actions={
          <>
            <Button look="secondary" onClick={() => send({ type: 'CANCEL' })}>
              Cancel
            </Button>
            <Button onClick={() => send({ type: 'CV.SENT' })}>I have sent it</Button>
          </>
        }
      />
    </div>
  );
}
