import type { ReactNode } from 'react';
import type { MailTemplate } from '../../machines/rules/mailTemplates';
import { BusyButton } from '../components/BusyButton';
import { TextAreaField, TextField, type useFieldState } from '../components/Fields';
import { Form } from '../components/Form';

type FieldState = ReturnType<typeof useFieldState>;

/**
 * An email's subject and body and the form's button, as a template and a message to applicants are both written;
 * `children` follow the button (another action).
 */
export function WordingForm({
  subject,
  body,
  bodyLabel,
  bodyHint,
  busy,
  action,
  onSubmit,
  children,
}: {
  subject: FieldState;
  body: FieldState;
  bodyLabel: string;
  bodyHint: string;
  busy: boolean;
  action: string;
  onSubmit: (words: MailTemplate) => void;
  children?: ReactNode;
}) {
  return (
    <Form onSubmit={() => onSubmit({ subject: subject.value, body: body.value })}>
      <TextField {...subject} label="Subject" />
      <TextAreaField {...body} label={bodyLabel} hint={bodyHint} />
      <BusyButton type="submit" busy={busy}>
        {action}
      </BusyButton>
      {children}
    </Form>
  );
}
