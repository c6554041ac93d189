import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ApplicationSnapshot } from '../../machines/application.machine';
import { aidStandingWords } from '../../machines/rules/aidDecision';
import { STANDING_MESSAGES as M, standingHeading } from '../../machines/rules/standing';
import { useApplication, useSend } from '../app/ApplicationProvider';
import { ErrorSummary } from '../components/ErrorSummary';
import { FINANCIAL_AID_URL } from './FinancialAidCard';
import { ScreenHeading } from '../wizard/ScreenHeading';
import { Button } from '../components/Button';
import { YourDataLink } from '../privacy/YourDataLink';
import { PRIVACY_MESSAGES } from '../../machines/rules/privacy';
import { wasErasedHere } from '../app/persistence';
import { WithdrawApplication } from './WithdrawApplication';

/** The confirmation page's standing step (the machine's `confirmation.standing` region), or null elsewhere. */
export function standingStep(snapshot: ApplicationSnapshot): string | null {
  const value = snapshot.value;
  if (typeof value !== 'object' || !('confirmation' in value)) return null;
  const region = (value.confirmation as { standing?: unknown }).standing;
  return typeof region === 'string' ? region : null;
}

interface PanelProps {
  heading: string;
  kind?: string;
  /** The standing's one sentence, set large under the heading. */
  lede?: string;
  children?: ReactNode;
}

/** The standing's card: its heading, then what it says. */
function Panel({ heading, kind, lede, children }: PanelProps) {
  return (
    <section className={kind ? `result-panel card ${kind}` : 'result-panel card'}>
      {/* Keyed by its words: a standing that changes on the page (a withdrawal) is a new heading, which takes focus. */}
      <ScreenHeading key={heading}>{heading}</ScreenHeading>
      {lede && <p className="lede">{lede}</p>}
      {children}
      <YourDataLink />
    </section>
  );
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
  // Once the applicant has asked for aid the form is offered no more: the page says where the request stands, in
  // the confirmation page's words (decision 238).
  const aid = standing?.aid ?? null;
  // The heading is the standing's one message, as on the success page (decision 121).
  const heading = standingHeading(step, standing?.cohort.name ?? '');

  if (step === 'checking' || step === 'loading' || step === 'known')
    return (
      <Panel heading={heading}>
        <p className="loading" role="status">
          <span className="spinner" aria-hidden="true" /> {M.loading}
        </p>
      </Panel>
    );
  if (step === 'unavailable')
    return (
      <Panel heading={heading}>
        <ErrorSummary message={errorMessage || M.unavailable} errors={{}} />
        <Button onClick={() => send({ type: 'RETRY' })}>Try again</Button>
      </Panel>
    );
  // The browser that erased its data on Your data is told so, not asked to sign in to an application that is gone.
  if (step === 'signedOut' && wasErasedHere())
    return (
      <Panel heading={PRIVACY_MESSAGES.erased}>
        <p>{PRIVACY_MESSAGES.applyAgain}</p>
        <Link className="button" to="/apply">
          Start a new application
        </Link>
      </Panel>
    );
  if (step === 'signedOut')
    return (
      <Panel heading={heading}>
        <p>{M.signedOut.text}</p>
        {/* Get Started as a sign-in: no cohort a new applicant would get, no step count (decision 227). */}
        <Button onClick={() => send({ type: 'SIGN_IN' })}>Continue with your email</Button>
      </Panel>
    );
  if (step === 'waitlisted')
    return (
      <Panel heading={heading} kind="standing standing--waitlisted" lede={M.waitlisted.text(cohort)}>
        {aid ? (
          <p>{aidStandingWords(aid)}</p>
        ) : (
          <p>
            If the fee could hold you back when a place opens,{' '}
            <a href={FINANCIAL_AID_URL}>apply for financial aid</a> now.
          </p>
        )}
        <WithdrawApplication />
      </Panel>
    );
  if (step === 'notSuccessful')
    return (
      <Panel heading={heading} kind="standing standing--not-successful" lede={M.not_successful.text(cohort)}>
        <p>{M.not_successful.next}</p>
        {aid ? (
          <p>{aidStandingWords(aid)}</p>
        ) : (
          <p>
            <a className="button" href={FINANCIAL_AID_URL}>
              Apply for financial aid
            </a>
          </p>
        )}
      </Panel>
    );
  if (step === 'withdrawn')
    return (
      <Panel heading={heading} kind="standing">
        <p>{M.withdrawn.text}</p>
      </Panel>
    );
  return (
    <Panel heading={heading} kind="standing" lede={M.under_review.text}>
      <WithdrawApplication />
    </Panel>
  );
}
