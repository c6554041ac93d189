import {
  CONFIRM_SAVE,
  EMPLOYMENT_EMPLOYED_LOOKING,
  EMPLOYMENT_NYSC,
  EMPLOYMENT_STATUSES,
  EMPLOYMENT_UNEMPLOYED,
  EXIT_TIMELINES,
  JOB_URGENCY,
  jobUrgencyGuide,
  UNEMPLOYMENT_DURATIONS,
  WORK_EXPERIENCE_YEARS,
} from '../../machines/rules';
import {
  useApplication,
  useErrors,
  useFieldChange,
  useForm,
  useFormFields,
} from '../app/ApplicationProvider';
import { StepForm } from './StepForm';
import { describedBy, FieldError, fieldId } from '../components/ErrorSummary';
import { RadioField, SelectField, TextAreaField, TextField } from '../components/Fields';

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
  const change = useFieldChange();
  const { field } = useFormFields();
  const form = useForm();
  const { errors } = useErrors();
  const confirming = useApplication((s) => s.matches({ employment: 'confirming' }));
  const saving = useApplication((s) => s.hasTag('busy'));
  const status = form.employment_status;
  const urgency = form.job_urgency;
  const setUrgency = change('job_urgency');

  return (
    <StepForm
      title="Employment"
      lede="Tell us where you are in your career today."
      busy={saving}
      confirm={{ open: confirming, text: CONFIRM_SAVE.text }}
    >
      <RadioField
        {...field('employment_status')}
        label="What is your employment status?"
        options={EMPLOYMENT_STATUSES}
      />
      {status === EMPLOYMENT_UNEMPLOYED && (
        <RadioField
          {...field('unemployment_duration')}
          label="How long have you been unemployed?"
          options={UNEMPLOYMENT_DURATIONS}
        />
      )}
      {status === EMPLOYMENT_EMPLOYED_LOOKING && (
        <>
          <TextAreaField
            {...field('reason_for_leaving')}
            label="Why do you want to leave your current job?"
          />
          <SelectField
            {...field('exit_timeline')}
            label="When could you leave your current job?"
            options={EXIT_TIMELINES}
          />
        </>
      )}
      {status === EMPLOYMENT_NYSC && (
        <TextField {...field('service_completion_date')} label="When does your service end?" type="date" />
      )}
      <RadioField
        {...field('work_experience_years')}
        label="How many years of work experience do you have? Internships count."
        options={WORK_EXPERIENCE_YEARS}
      />
      <div className={errors.job_urgency?.length ? 'field field--error' : 'field'}>
        <label htmlFor={fieldId('job_urgency')}>How badly do you need a job?</label>
        <span className="hint" id="field-job_urgency-hint">
          1–4: not really needed · 5–7: I need a job · 8–10: I am desperate for a job
        </span>
        <FieldError name="job_urgency" errors={errors} />
        <div className="range">
          {/* A range input always holds a value. Until one is chosen the thumb is hidden (the scale says
              'Not set'), and the first tap, click or key press chooses, even 1, where the thumb rests unseen
              and the browser reports no change. */}
          <input
            id={fieldId('job_urgency')}
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
            {...describedBy('job_urgency', errors, 'field-job_urgency-hint')}
          />
          <output htmlFor={fieldId('job_urgency')}>
            {urgency ? `${urgency} – ${jobUrgencyGuide(urgency)}` : 'Not set'}
          </output>
        </div>
      </div>
    </StepForm>
  );
}
