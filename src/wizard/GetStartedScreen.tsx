import { PRIVACY_PATH } from '../../machines/rules/privacy';
import { SEAT_MESSAGES } from '../../machines/rules/seats';
import { STANDING_MESSAGES } from '../../machines/rules/standing';
import { useApplication, useFormFields } from '../app/ApplicationProvider';
import { StepForm } from './StepForm';
import { TextField } from '../components/Fields';

export function GetStartedScreen() {
  const { field } = useFormFields();
  const loadingCohort = useApplication((s) => s.matches({ getStarted: 'loadingCohort' }));
  const lookingUp = useApplication((s) => s.hasTag('busy'));
  const cohort = useApplication((s) => s.context.cohort);
  // Signing back in names no cohort: the one a new application would get is not theirs (decision 227).
  const signingIn = useApplication((s) => s.context.signingIn);

  // A sign-in is Get Started without the cohort a new applicant would get (decision 227).
  return (
    <StepForm
      title={signingIn ? STANDING_MESSAGES.signIn.title : 'Get Started'}
      lede={
        signingIn
          ? STANDING_MESSAGES.signIn.lede
          : 'Enter your email address to start your application, or to continue one you have already started.'
      }
      submitLabel={signingIn ? 'Continue' : 'Get Started'}
      busy={lookingUp}
      status={
        signingIn ? undefined : (
          // One box for the loading line and the notice, its height kept: the cohort arriving must not move Get
          // Started from under a finger already on it (docs/decisions/018-landing-page.md).
          <div className="cohort-status">
            {loadingCohort ? (
              <p className="notice loading" role="status">
                <span className="spinner" aria-hidden="true" /> Loading the current cohort…
              </p>
            ) : (
              cohort && <p className="notice">{cohort.notice ?? SEAT_MESSAGES.open(cohort.name)}</p>
            )}
          </div>
        )
      }
    >
      <TextField
        {...field('email')}
        label="Email address"
        type="email"
        autoComplete="email"
        inputMode="email"
      />
      <p>
        How we use and keep your data, and how to see or erase it: <a href={PRIVACY_PATH}>privacy notice</a>.
      </p>
    </StepForm>
  );
}
