import { useApplication, useErrors, useFormFields, useSend } from '../app/ApplicationProvider';
import { AppDialog } from '../components/Dialog';
import { BusyButton } from '../components/BusyButton';
import { ErrorSummary } from '../components/ErrorSummary';
import { CheckboxField } from '../components/Fields';
import { feeFacts } from '../../machines/rules/payments';
import { Button } from '../components/Button';
import { agreements } from '../../machines/steps/other';

/** The three key terms, agreed to before the application is submitted; errors show as red alerts in the body. */
export function KeyInformationDialog({ open }: { open: boolean }) {
  const send = useSend();
  const { checkbox } = useFormFields();
  const { errors, message } = useErrors();
  const submitting = useApplication((s) => s.hasTag('busy'));
  // The fee table of the cohort the application goes to (decision 244); a browser's older copy may not know it.
  const fees = useApplication((s) => s.context.cohort?.fees);
  const facts = fees ? feeFacts(fees) : null;

  return (
    <AppDialog
      open={open}
      title="Key Information:"
      onClose={submitting ? undefined : () => send({ type: 'CANCEL' })}
      description="By submitting this application, you confirm that you understand and agree with the points below."
      actions={
        <>
          <Button look="secondary" disabled={submitting} onClick={() => send({ type: 'CANCEL' })}>
            Edit answers
          </Button>
          <BusyButton type="button" busy={submitting} onClick={() => send({ type: 'SUBMIT' })}>
            Submit Application
          </BusyButton>
        </>
      }
    >
      <ErrorSummary message={message} errors={errors} />
      {Object.entries(agreements).map(([name, { label }]) => (
        <CheckboxField key={name} {...checkbox(name as keyof typeof agreements)} label={label} />
      ))}
      <ul className="fee-notes">
        {/* The amounts come from the cohort's fee table, by the rule the confirmation page and the checkout use. */}
        {facts ? (
          <>
            <li>The commitment fee is {facts.fee}, paid once you are selected.</li>
            <li>{facts.full}.</li>
            <li>{facts.instalments}.</li>
          </>
        ) : (
          <li>A commitment fee is paid once you are selected; your confirmation page states it.</li>
        )}
        <li>
          A limited number of scholarships exist for each cohort
          {facts ? `: ${facts.aid.toLowerCase()}` : ''}.
        </li>
      </ul>
    </AppDialog>
  );
}
