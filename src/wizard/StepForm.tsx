import { Suspense, type ReactNode } from 'react';
import { CONFIRM_SAVE, type ErrorMap } from '../../machines/rules';
import { BusyButton } from '../components/BusyButton';
import { ErrorSummary } from '../components/ErrorSummary';
import { ScreenHeading } from './ScreenHeading';
import { useErrors, useSend } from '../app/ApplicationProvider';
import { preloadable } from '../app/preloadable';
import { Form } from '../components/Form';

// The dialog library is not needed until a step asks for confirmation.
const ConfirmDialog = preloadable(() => import('../components/Dialog').then((m) => m.ConfirmDialog));

/** Fetches the confirm dialog with the screens ahead: a step confirmed offline must not wait for its code. */
export const preloadConfirmDialog = (): Promise<void> => ConfirmDialog.preload();

export interface StepFormProps {
  title: string;
  lede?: ReactNode;
  /** Shown between the lede and the errors: a loading line, a notice. */
  status?: ReactNode;
  children: ReactNode;
  submitLabel?: string;
  /** Actions before the submit button (Back, Resend). */
  actions?: ReactNode;
  busy?: boolean;
  /** The 'Yes, continue' / 'Edit' dialog of a step that writes to the server. */
  confirm?: { open: boolean; text: string };
  /** Errors shown elsewhere (in a modal), not above the form. */
  hideErrors?: boolean;
  /** Answers that can no longer change: why, shown above the fields, which are disabled. */
  locked?: ReactNode;
  /** The errors the summary above the form shows, when not all of them (the rest are shown elsewhere). */
  summary?: { message: string; errors: ErrorMap };
}

/**
 * The frame of every wizard step: the heading, the error summary, the fields, Save and continue (a disabled spinner
 * while saving) and the confirm dialog. Submitting sends SAVE; the machine decides what happens.
 */
export function StepForm({
  title,
  lede,
  status,
  children,
  submitLabel = 'Save and continue',
  actions,
  busy,
  confirm,
  hideErrors,
  locked,
  summary,
}: StepFormProps) {
  const send = useSend();
  const all = useErrors();
  const { errors, message } = summary ?? all;
  return (
    <Form onSubmit={() => send({ type: 'SAVE' })}>
      <ScreenHeading>{title}</ScreenHeading>
      {lede && <p className="lede">{lede}</p>}
      {status}
      {!hideErrors && <ErrorSummary message={message} errors={errors} />}
      {locked ? (
        <>
          <p className="notice" role="note">
            {locked}
          </p>
          <fieldset className="locked-fields" disabled>
            {children}
          </fieldset>
        </>
      ) : (
        children
      )}
      <div className="actions">
        {actions}
        <BusyButton type="submit" busy={busy}>
          {submitLabel}
        </BusyButton>
      </div>
      {confirm && (
        <Suspense>
          <ConfirmDialog
            open={confirm.open || Boolean(busy)}
            busy={busy}
            title={CONFIRM_SAVE.title}
            text={confirm.text}
            confirmLabel={CONFIRM_SAVE.confirm}
            cancelLabel={CONFIRM_SAVE.cancel}
            onConfirm={() => send({ type: 'CONFIRM' })}
            onCancel={() => send({ type: 'CANCEL' })}
          />
        </Suspense>
      )}
    </Form>
  );
}

/** Why the bio data and contact details are read-only once the application exists, and how to correct them. */
export function SavedAnswersNote({ support }: { support: string }) {
  return (
    <>
      Your application is saved, so these answers can no longer be changed here. To correct one, write to{' '}
      <a href={`mailto:${support}`}>{support}</a>.
    </>
  );
}
