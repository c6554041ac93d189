/**
 * The words of a message staff write to applicants (docs/decisions/012-emails.md): subject and body,
 * the templates' variables, a live preview with the sample applicant, and the form's button.
 */
import type { MailTemplate } from '../../machines/rules/mailTemplates';
import type { ErrorMap } from '../../machines/rules/messages';
import { useFieldState } from '../components/Fields';
import { TemplatePreview } from './TemplatePreview';
import { TemplateVariables } from './TemplateVariables';
import { WordingForm } from './WordingForm';

/**
 * The server's field errors under the form's own names: an application's page has a note form with a `body` too, and
 * two fields of one id would share a label.
 */
export const asMessageFields = ({ subject, body, ...rest }: ErrorMap): ErrorMap => ({
  ...rest,
  ...(subject ? { message_subject: subject } : {}),
  ...(body ? { message_body: body } : {}),
});

export function MessageWordsForm({
  errors,
  busy,
  action,
  initial,
  onSubmit,
}: {
  errors: ErrorMap;
  busy: boolean;
  action: string;
  initial?: MailTemplate;
  onSubmit: (words: MailTemplate) => void;
}) {
  const subject = useFieldState('message_subject', errors, initial?.subject);
  const body = useFieldState('message_body', errors, initial?.body);
  const words = { subject: subject.value, body: body.value };
  return (
    <>
      <WordingForm
        subject={subject}
        body={body}
        bodyLabel="Message"
        bodyHint="About the applicant's own application. Paragraphs are separated by an empty line."
        busy={busy}
        action={action}
        onSubmit={onSubmit}
      />
      <TemplateVariables />
      {words.subject && words.body && <TemplatePreview wording={words} />}
    </>
  );
}
