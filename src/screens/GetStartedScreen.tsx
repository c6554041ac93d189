import { useApplication, useErrors, useFieldChange, useForm, useSend } from '../app/ApplicationContext';
import { BusyButton } from '../components/Dialog';
import { ErrorSummary } from '../components/ErrorSummary';
import { TextField } from '../components/Fields';
import { ScreenHeading } from './ScreenHeading';

export function GetStartedScreen() {
  const send = useSend();
  const change = useFieldChange();
  const form = useForm();
  const { errors, message } = useErrors();
  const loadingCohort = useApplication((s) => s.matches({ getStarted: 'loadingCohort' }));
  const lookingUp = useApplication((s) => s.matches({ getStarted: 'lookingUp' }));
  const cohort = useApplication((s) => s.context.cohort);

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'SAVE' });
      }}
    >
      <ScreenHeading>Get Started</ScreenHeading>
      <p className="lede">
        Enter your email address to start your application, or to continue one you have already started.
      </p>
      {loadingCohort ? (
        <p className="loading" role="status">
          <span className="spinner" aria-hidden="true" /> Loading the current cohort…
        </p>
      ) : (
        cohort && <p className="notice">Applications are open for {cohort.name}.</p>
      )}
      <ErrorSummary message={message} errors={errors} />
      <TextField
        name="email"
        label="Email address"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={form.email}
        onChange={change('email')}
        errors={errors}
      />
      <div className="actions">
        <BusyButton type="submit" busy={lookingUp}>
          Get Started
        </BusyButton>
      </div>
    </form>
  );
}
