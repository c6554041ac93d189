import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { NOT_READY } from '../../machines/rules/payments';
import { useApplication } from '../app/ApplicationProvider';
import { FORM_TITLE } from '../app/ApplicationShell';
import { SiteHeader } from '../components/SiteHeader';
import { readConfig } from '../config';

/**
 * /apply/waitlist, where 'Join the waitlist' leads: where this applicant stands, from the submission this browser
 * saved (the cohort it went to, whether it is on that cohort's waitlist, the 'not ready to pay' choice). A browser
 * that holds no submission is told how to find out: continue with the email, which sends a code.
 */
export function WaitlistPage() {
  const email = useApplication((s) => s.context.form.email);
  const submitted = useApplication((s) => s.context.submitted);
  const result = useApplication((s) => s.context.submitResult);
  const notReady = useApplication((s) => s.context.form.paymentOption === NOT_READY);
  const support = readConfig().supportEmail;

  useEffect(() => {
    const previous = document.title;
    document.title = `Your place – ${FORM_TITLE}`;
    return () => {
      document.title = previous;
    };
  }, []);

  return (
    <>
      <SiteHeader />
      <main id="main" className="shell">
        <section className="result-panel card" aria-labelledby="waitlist-title">
          <h1 id="waitlist-title" className="screen-title">
            Your place
          </h1>
          {submitted && result ? (
            result.waitlisted ? (
              <>
                <p className="notice">You are on the waitlist for {result.cohort.name}.</p>
                <p>
                  Your application is in and you do not need to apply again. We keep your place and write to{' '}
                  <strong>{email}</strong> before {result.cohort.name} starts.
                </p>
              </>
            ) : notReady ? (
              <>
                <p className="notice">You are on the waitlist for the next cohort.</p>
                <p>
                  You told us you are not ready to pay for {result.cohort.name}. Your application stays with
                  us: we write to <strong>{email}</strong> when the next cohort opens, and you do not need to
                  apply again.
                </p>
                <p>
                  <Link to="/apply/confirmation">Changed your mind? Back to the payment options</Link>
                </p>
              </>
            ) : (
              <>
                <p className="notice">Your application is in for {result.cohort.name}.</p>
                <p>You are not on a waitlist: your place is in {result.cohort.name}, once the fee is paid.</p>
                <p>
                  <Link to="/apply/confirmation">Back to the payment options</Link>
                </p>
              </>
            )
          ) : (
            <>
              <p>
                This browser holds no submitted application. Applications are rolling: whoever misses a cohort
                goes on the waitlist for the next one automatically.
              </p>
              <p>
                To see where you stand, or to apply, enter your email: if you have applied, we send you a
                code.
              </p>
              <p>
                <Link className="button" to="/apply">
                  Check my application
                </Link>
              </p>
            </>
          )}
          <p>
            Questions? Write to <a href={`mailto:${support}`}>{support}</a>.
          </p>
        </section>
      </main>
    </>
  );
}
