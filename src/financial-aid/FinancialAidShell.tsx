import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { financialAidMachine } from '../../machines/financialAid.machine';
import { SiteHeader } from '../components/SiteHeader';
import { FinancialAidCheckInScreen } from './FinancialAidCheckInScreen';
import { FinancialAidFormScreen } from './FinancialAidFormScreen';
import { Notice } from '../components/Notice';

export interface FinancialAidShellProps {
  actor: ActorRefFrom<typeof financialAidMachine>;
}

const FORM_STATES = ['form', 'confirming', 'submitting'] as const;

/** The financial aid flow's frame: the site header, its title and the screen of the machine's current state. */
export function FinancialAidShell({ actor }: FinancialAidShellProps) {
  const screen = useSelector(actor, (s) =>
    s.matches('done') ? 'done' : FORM_STATES.some((name) => s.matches(name)) ? 'form' : 'checkIn',
  );
  return (
    <>
      <SiteHeader />
      <main className="shell" id="main">
        <h1 className="shell__title">FINANCIAL AID APPLICATION</h1>
        {screen === 'checkIn' && <FinancialAidCheckInScreen actor={actor} />}
        {screen === 'form' && <FinancialAidFormScreen actor={actor} />}
        {screen === 'done' && <Notice>Your financial aid application has been submitted.</Notice>}
      </main>
    </>
  );
}
