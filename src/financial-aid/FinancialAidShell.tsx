import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { financialAidMachine } from '../../machines/financialAid.machine';
import { SiteHeader } from '../components/SiteHeader';
import { FinancialAidCheckInScreen } from './FinancialAidCheckInScreen';
import { FinancialAidFormScreen } from './FinancialAidFormScreen';
import { useArrivalFocus } from '../wizard/ScreenHeading';

export interface FinancialAidShellProps {
  actor: ActorRefFrom<typeof financialAidMachine>;
}

const FORM_STATES = ['form', 'confirming', 'submitting'] as const;

/** The financial aid flow's frame: the site header, its title and the screen of the machine's current state. */
export function FinancialAidShell({ actor }: FinancialAidShellProps) {
  const screen = useSelector(actor, (s) =>
    s.matches('done') ? 'done' : FORM_STATES.some((name) => s.matches(name)) ? 'form' : 'checkIn',
  );
  // The title on arrival; each step's card heading after it (AidCard), and the submitted note at the end.
  const title = useArrivalFocus<HTMLHeadingElement>();
  return (
    <>
      <SiteHeader />
      <main className="shell" id="main">
        <h1 className="shell__title" tabIndex={-1} ref={title}>
          FINANCIAL AID APPLICATION
        </h1>
        {screen === 'checkIn' && <FinancialAidCheckInScreen actor={actor} />}
        {screen === 'form' && <FinancialAidFormScreen actor={actor} />}
        {screen === 'done' && <AidSubmitted />}
      </main>
    </>
  );
}

/** The end of the flow, whose heading takes focus: the form and its button are gone. */
function AidSubmitted() {
  const heading = useArrivalFocus<HTMLHeadingElement>();
  return (
    <section className="card" aria-labelledby="aid-done-title">
      <h2 id="aid-done-title" tabIndex={-1} ref={heading}>
        Financial aid application submitted
      </h2>
      <p role="status">Your financial aid application has been submitted.</p>
    </section>
  );
}
