import { CONFIRM_SAVE, JOB_URGENCY, jobUrgencyGuide } from '../../machines/rules';
import { questions } from '../../machines/steps/employment';
import { isAsked } from '../../machines/steps/spec';
import { useApplication, useErrors, useFieldChange, useForm } from '../app/ApplicationProvider';
import { StepForm } from './StepForm';
import { QuestionField } from './QuestionField';
import { describedBy, FieldError, fieldId } from '../components/ErrorSummary';
import type { FormField } from '../../machines/persistence';

/** The keys that move a range input; on an unset scale the first press chooses 1 (End: 10) instead. */
const FIRST_CHOICE_KEYS = new Set([
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);

export function EmploymentScreen() {
  const form = useForm();
  const confirming = useApplication((s) => s.matches({ employment: 'confirming' }));
  const saving = useApplication((s) => s.hasTag('busy'));

  return (
    <StepForm
      title="Employment"
      lede="Tell us where you are in your career today."
      busy={saving}
      confirm={{ open: confirming, text: CONFIRM_SAVE.text }}
    >
      {/* The follow-up questions show only for the employment status they ask about. */}
      {Object.entries(questions).map(([name, question]) =>
        !isAsked(question, form) ? null : question.control === 'scale' ? (
          <UrgencyScale key={name} name={name as FormField} label={question.label} hint={question.hint} />
        ) : (
          <QuestionField key={name} name={name} question={question} />
        ),
      )}
    </StepForm>
  );
}

/** The 1–10 scale of how badly a job is needed; 0 is 'not set'. */
function UrgencyScale({ name, label, hint }: { name: FormField; label: string; hint: string }) {
  const change = useFieldChange();
  const form = useForm();
  const { errors } = useErrors();
  const urgency = Number(form[name]);
  const setUrgency = change(name);
  const hintId = `field-${name}-hint`;

  return (
    <div className={errors[name]?.length ? 'field field--error' : 'field'}>
      <label htmlFor={fieldId(name)}>{label}</label>
      <span className="hint" id={hintId}>
        {hint}
      </span>
      <FieldError name={name} errors={errors} />
      <div className="range">
        {/* A range input always holds a value. Until one is chosen the thumb is hidden (the scale says
            'Not set'), and the first tap, click or key press chooses, even 1, where the thumb rests unseen
            and the browser reports no change. */}
        <input
          id={fieldId(name)}
          className="range__input"
          type="range"
          min={JOB_URGENCY.min}
          max={JOB_URGENCY.max}
          step={JOB_URGENCY.step}
          value={urgency || JOB_URGENCY.min}
          data-unset={urgency ? undefined : ''}
          aria-valuetext={urgency ? `${urgency}: ${jobUrgencyGuide(urgency)}` : 'Not set'}
          onChange={(e) => setUrgency(Number(e.target.value))}
          onPointerUp={(e) => {
            if (!urgency) setUrgency(Number(e.currentTarget.value));
          }}
          onKeyDown={(e) => {
            if (urgency || !FIRST_CHOICE_KEYS.has(e.key)) return;
            e.preventDefault();
            setUrgency(e.key === 'End' ? JOB_URGENCY.max : JOB_URGENCY.min);
          }}
          {...describedBy(name, errors, hintId)}
        />
        <output htmlFor={fieldId(name)}>
          {urgency ? `${urgency} – ${jobUrgencyGuide(urgency)}` : 'Not set'}
        </output>
      </div>
    </div>
  );
}
