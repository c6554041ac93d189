import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { paymentChoiceMachine } from '../../machines/paymentChoice.machine';
import type { reminderMachine } from '../../machines/reminder.machine';
import { ReminderScheduler } from '../components/ReminderScheduler';
import type { AppConfig } from '../config';
import { useArrivalFocus } from '../wizard/ScreenHeading';
import { ConfirmationBanner } from './ConfirmationBanner';
import { ConfirmationDialogs } from './ConfirmationDialogs';
import { FinancialAidCard } from './FinancialAidCard';
import { PaymentOptionsSection } from './PaymentOptionsSection';

export interface ConfirmationScreenProps {
  actor: ActorRefFrom<typeof paymentChoiceMachine>;
  reminder: ActorRefFrom<typeof reminderMachine>;
  config: AppConfig;
}

/** /apply/confirmation: the acceptance banner, the payment options and their dialogs, and the reminder. */
export function ConfirmationScreen({ actor, reminder, config }: ConfirmationScreenProps) {
  const heading = useArrivalFocus<HTMLHeadingElement>();
  const state = useSelector(actor, (s) => s);
  const send = actor.send;
  // Once the fee is paid, neither the options, financial aid nor a reminder to pay has anything left to do.
  const settled = state.matches('settled') && state.context.payment;

  return (
    <div className="confirmation">
      <ConfirmationBanner state={state} send={send} heading={heading} />
      {!settled && <PaymentOptionsSection state={state} send={send} />}
      {!settled && <FinancialAidCard aid={state.context.aid} fees={state.context.fees} />}
      {!settled && <ReminderScheduler actor={reminder} />}
      <ConfirmationDialogs state={state} send={send} config={config} />
    </div>
  );
}
