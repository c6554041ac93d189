/**
 * "Your data" (`/your-data`): proven by the emailed code (the application's own sign-in and session), the applicant
 * downloads everything we hold about them as one zip, or erases it after a confirmation. The machine decides
 * (machines/yourData.machine.ts); this page renders its state and provides its requests.
 */
import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { paths } from '../../machines/rules/contract';
import { MESSAGES } from '../../machines/rules/messages';
import { signInStep } from '../../machines/signInByCode';
import { EXPORT_FILENAME, PRIVACY_MESSAGES, PRIVACY_PATH, privacyPaths } from '../../machines/rules/privacy';
import { yourDataMachine } from '../../machines/yourData.machine';
import { signInByCodeActors } from '../api/signInActors';
import { CodeSignInPage } from '../components/CodeSignInPage';
import { AppDialog } from '../components/Dialog';
import { BusyButton } from '../components/BusyButton';
import { Button } from '../components/Button';
import { markErased } from '../app/persistence';
import { ArrivingHeading } from '../wizard/ScreenHeading';

/** The erase request: its refusal in the server's words. */
async function eraseOwnData(): Promise<void> {
  const response = await fetch(privacyPaths.erase, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ confirm: true }),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? MESSAGES.genericSave);
  }
}

export function YourDataPage() {
  const machine = useMemo(
    () =>
      yourDataMachine.provide({
        actors: {
          // The standing answers 401 without a session; any other answer means this browser is signed in.
          checkSession: fromPromise(async () => {
            const response = await fetch(paths.standing, { credentials: 'same-origin' });
            return response.status !== 401;
          }),
          ...signInByCodeActors(),
          erase: fromPromise(async () => {
            await eraseOwnData();
            // The wizard's copy of the answers in this browser goes with them (docs/privacy.md).
            markErased();
          }),
        },
      }),
    [],
  );
  const [state, send] = useMachine(machine);
  const busy = state.hasTag('busy');
  const error = state.context.error;

  return (
    <CodeSignInPage
      title={state.matches('erased') ? PRIVACY_MESSAGES.erased : 'Your data'}
      intro={
        <p>
          See what we keep and why in our <a href={PRIVACY_PATH}>privacy notice</a>.
        </p>
      }
      error={error}
      loading={state.matches('checking')}
      signIn={{ step: signInStep(state), email: state.context.email, busy, send }}
    >
      {(state.matches('signedIn') || state.matches('confirming') || state.matches('erasing')) && (
        <>
          <ArrivingHeading>Download your data</ArrivingHeading>
          <p>
            One zip file: your answers, what happened and when, the emails we sent you, your decision once it
            is released, your payments and financial-aid answers, and your CV. Open your-data.html in it to
            read them in your browser.
          </p>
          <p>
            <a className="button" href={privacyPaths.download} download={EXPORT_FILENAME}>
              Download your data
            </a>
          </p>
          <h2>Erase your data</h2>
          <p>{PRIVACY_MESSAGES.eraseWarning}</p>
          <Button look="secondary" onClick={() => send({ type: 'ERASE' })}>
            Erase my data
          </Button>
        </>
      )}
      <AppDialog
        open={state.matches('confirming') || state.matches('erasing')}
        title="Erase your data?"
        role="alertdialog"
        onClose={() => send({ type: 'CANCEL' })}
        description={PRIVACY_MESSAGES.eraseWarning}
        actions={
          <>
            <BusyButton busy={busy} onClick={() => send({ type: 'CONFIRM' })}>
              Erase my data
            </BusyButton>
            <Button look="secondary" onClick={() => send({ type: 'CANCEL' })}>
              Cancel
            </Button>
          </>
        }
      />
      {state.matches('erased') && <Erased />}
    </CodeSignInPage>
  );
}

/**
 * What the page says once the data is erased, under the heading that now says so. The heading is a new one and takes
 * the focus, as the buttons and the dialog are gone: Headless UI gives focus back to the last element it saw focused
 * that is still in the page, and that is this heading too.
 */
function Erased() {
  return <p role="status">{PRIVACY_MESSAGES.applyAgain}</p>;
}
