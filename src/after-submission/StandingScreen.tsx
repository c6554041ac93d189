import { Link } from 'react-router-dom';
import type { ApplicationSnapshot } from '../../machines/application.machine';
import { STANDING_MESSAGES as M, standingHeading } from '../../machines/rules/standing';
import { useApplication, useSend } from '../app/ApplicationProvider';
import { ErrorSummary } from '../components/ErrorSummary';
import { FINANCIAL_AID_URL } from './ConfirmationScreen';
import { ScreenHeading } from '../wizard/ScreenHeading';
import { Button } from '../components/Button';

/** The confirmation page's standing step (the machine's `confirmation.standing` region), or null elsewhere. */
export function standingStep(snapshot: ApplicationSnapshot): string | null {
  const value = snapshot.value;
  if (typeof value !== 'object' || !('confirmation' in value)) return null;
  const region = (value.confirmation as { standing?: unknown }).standing;
  return typeof region === 'string' ? region : null;
}

/**
 * /apply/confirmation for everyone the server has not accepted: where the application stands and what comes next,
 * in the words of the decision emails. A browser that has not proved the email is asked to sign in first.
 */
export function StandingScreen() {
  const send = useSend();
  const step = useApplication(standingStep);
  const standing = useApplication((s) => s.context.standing);
  const errorMessage = useApplication((s) => s.context.errorMessage);
  const cohort = standing?.cohort.name || 'the next cohort';
  const heading = standingHeading(step, cohort) ?? M.checkingTitle;

  if (step === 'checking' || step === 'loading' || step === 'known')
    return (
      <section className="result-panel card">
        <ScreenHeading>{heading}</ScreenHeading>
        <p className="loading" role="status">
          <span className="spinner" aria-hidden="true" /> {M.loading}
        </p>
      </section>
    );
  if (step === 'unavailable')
    return (
      <section className="result-panel card">
        <ScreenHeading>{heading}</ScreenHeading>
        <ErrorSummary message={errorMessage || M.unavailable} errors={{}} />
        <Button onClick={() => send({ type: 'RETRY' })}>Try again</Button>
      </section>
    );
  if (step === 'signedOut')
    return (
      <section className="result-panel card">
        <ScreenHeading>{heading}</ScreenHeading>
        <p>{M.signedOut.text}</p>
        <Link className="button" to="/apply">
          Continue with your email
        </Link>
      </section>
    );
  if (step === 'waitlisted')
    return (
      <section className="result-panel card standing standing--waitlisted">
        <ScreenHeading>{heading}</ScreenHeading>
        <p className="lede">{M.waitlisted.text(cohort)}</p>
        <p>
          If the fee could hold you back when a place opens,{' '}
          <a href={FINANCIAL_AID_URL}>apply for financial aid</a> now.
        </p>
      </section>
    );
  if (step === 'notSuccessful')
    return (
      <section className="result-panel card standing standing--not-successful">
        <ScreenHeading>{heading}</ScreenHeading>
        <p className="lede">{M.not_successful.text(cohort)}</p>
        <p>{M.not_successful.next}</p>
        <p>
          <a className="button" href={FINANCIAL_AID_URL}>
            Apply for financial aid
          </a>
        </p>
      </section>
    );
  if (step === 'withdrawn')
    return (
      <section className="result-panel card standing">
        <ScreenHeading>{heading}</ScreenHeading>
        <p>{M.withdrawn.text}</p>
      </section>
    );
  return (
    <section className="result-panel card standing">
      <ScreenHeading>{heading}</ScreenHeading>
      <p className="lede">{M.under_review.text}</p>
    </section>
  );
}
