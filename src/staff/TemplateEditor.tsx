import type { MailTemplate, StaffTemplate } from '../../machines/rules/mailTemplates';
import type { ErrorMap } from '../../machines/rules/messages';
import { Button } from '../components/Button';
import { useFieldState } from '../components/Fields';
import { useStaffDates } from './StaffContext';
import { TemplatePreview } from './TemplatePreview';
import { WordingForm } from './WordingForm';

/** One template's form; keyed by its stored wording, so a save or a restore shows what the server keeps. */
export function TemplateEditor({
  template,
  errors,
  busy,
  onSave,
  onRestore,
}: {
  template: StaffTemplate;
  errors: ErrorMap;
  busy: boolean;
  onSave: (wording: MailTemplate) => void;
  onRestore: () => void;
}) {
  const dates = useStaffDates();
  const subject = useFieldState('subject', errors, template.subject);
  const body = useFieldState('body', errors, template.body);
  return (
    <section className="staff-section" aria-labelledby="template-title">
      <h2 id="template-title">{template.label}</h2>
      <p>
        {template.edited
          ? `Edited by ${template.edited.by} on ${dates.day(template.edited.at)}.`
          : 'The built-in wording.'}
      </p>
      <WordingForm
        subject={subject}
        body={body}
        bodyLabel="Body"
        bodyHint="Paragraphs are separated by an empty line. A link variable alone in a paragraph becomes a button."
        busy={busy}
        action="Save"
        onSubmit={onSave}
      >
        {' '}
        {template.edited && (
          <Button look="secondary" disabled={busy} onClick={onRestore}>
            Restore the default
          </Button>
        )}
      </WordingForm>
      <TemplatePreview wording={{ subject: subject.value, body: body.value }} />
    </section>
  );
}
