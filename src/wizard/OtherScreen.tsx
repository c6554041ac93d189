import { Link } from 'react-router-dom';
import { type ErrorMap } from '../../machines/rules';
import { STEP_SPECS } from '../../machines/steps';
import { OTHERS_ANSWERS, questions } from '../../machines/steps/other';
import { useApplication, useErrors, useFormFields } from '../app/ApplicationProvider';
import { StepForm } from './StepForm';
import { TextAreaField } from '../components/Fields';
import { KeyInformationDialog } from './KeyInformationDialog';

/** The earlier steps with answers, for problems the server finds there at submission: each message links to its step. */
const HERE = STEP_SPECS.findIndex((step) => step.row.screen === 'Other');
const EARLIER_STEPS = STEP_SPECS.slice(0, HERE)
  .filter((step) => step.schema)
  .map((step) => ({
    title: step.row.title,
    path: step.row.path,
    fields: step.fields,
  }));

const stepOf = (field: string) => EARLIER_STEPS.find((step) => step.fields.includes(field));

/** Splits the errors: this page's fields (shown above the form) and earlier steps' (shown below, with links). */
function splitErrors(errors: ErrorMap): { here: ErrorMap; earlier: [string, string][] } {
  const here: ErrorMap = {};
  const earlier: [string, string][] = [];
  for (const [field, messages] of Object.entries(errors)) {
    if (stepOf(field)) (messages ?? []).forEach((m) => earlier.push([field, m]));
    else here[field] = messages;
  }
  return { here, earlier };
}

export function OtherScreen() {
  const { field } = useFormFields();
  const { errors, message } = useErrors();
  // The Key Information dialog stays open while the application is sent.
  const modalOpen = useApplication((s) => s.hasTag('dialog') || s.hasTag('busy'));
  const { here, earlier } = splitErrors(errors);
  // The server's overall message goes above, unless it only repeats one of the earlier steps' messages.
  const summary = { errors: here, message: earlier.some(([, m]) => m === message) ? '' : message };

  return (
    <StepForm
      title="Getting to know you"
      lede="A few sentences for each is enough. Tell us in your own words."
      submitLabel="Save & Continue"
      hideErrors={modalOpen}
      summary={summary}
    >
      {OTHERS_ANSWERS.map((name) => (
        <TextAreaField
          key={name}
          {...field(name)}
          label={questions[name].label}
          errors={modalOpen ? {} : errors}
        />
      ))}
      {!modalOpen && earlier.length > 0 && <EarlierStepErrors entries={earlier} />}
      <KeyInformationDialog open={modalOpen} />
    </StepForm>
  );
}

/** Red alerts below the questions for answers missing from earlier steps; each link opens that step. */
function EarlierStepErrors({ entries }: { entries: [string, string][] }) {
  return (
    <div className="error-summary" role="alert" aria-labelledby="earlier-errors-title">
      <h2 id="earlier-errors-title" className="error-summary__title">
        Answers missing from earlier steps
      </h2>
      <ul className="error-summary__list">
        {entries.map(([field, text]) => {
          const step = stepOf(field)!;
          return (
            <li key={field + text} className="alert alert--error">
              <Link to={step.path}>
                {text} ({step.title})
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
