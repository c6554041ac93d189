import type { ApplicationSnapshot } from '../../machines/application.machine';
import { useApplication, useSend } from '../app/ApplicationProvider';
import { Button } from './Button';

/** Where a screen after submission is in signing out (its `signedIn`/`signingOut` steps), or null elsewhere. */
export function signOutStep(snapshot: ApplicationSnapshot): 'signedIn' | 'signingOut' | null {
  const value = snapshot.value;
  if (typeof value !== 'object') return null;
  const top = Object.values(value)[0];
  // The confirmation runs its sign-out beside the standing check, as the `session` region.
  const step = top && typeof top === 'object' && 'session' in top ? top.session : top;
  return step === 'signedIn' || step === 'signingOut' ? step : null;
}

/**
 * 'Sign out' under every screen after submission: on a shared phone or at a cybercafé the next person must not
 * find the application open. The server ends the session; the machine forgets the rest and goes to Get Started.
 */
export function SignOut() {
  const send = useSend();
  const step = useApplication(signOutStep);
  const error = useApplication((s) => s.context.signOutError);
  if (!step) return null;
  const busy = step === 'signingOut';
  return (
    <div className="sign-out">
      <p className="sign-out__note">Using a shared phone or computer? Sign out when you are done.</p>
      <Button
        look="secondary"
        onClick={() => send({ type: 'SIGN_OUT' })}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {busy ? 'Signing out…' : 'Sign out'}
      </Button>
      {error && !busy && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
