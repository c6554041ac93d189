/**
 * Email templates (/staff/templates, admins): the decision emails' subject and body, the variables they may use, a
 * preview filled with a sample applicant, Save and "Restore the default" (docs/decisions/160-email-templates-staff-can-edit.md).
 */
import { useState } from 'react';
import {
  SAMPLE_VALUES,
  TEMPLATE_KINDS,
  TEMPLATE_LABELS,
  TEMPLATE_VARIABLE_HELP,
  TEMPLATE_VARIABLES,
  fillTemplate,
  type MailTemplate,
  type StaffTemplate,
  type TemplateKind,
} from '../../machines/rules/mailTemplates';
import type { ErrorMap } from '../../machines/rules/messages';
import { STAFF_TEMPLATE_MESSAGES } from '../../machines/rules/staff';
import { BusyButton } from '../components/BusyButton';
import { Button } from '../components/Button';
import { ErrorSummary } from '../components/ErrorSummary';
import { TextAreaField, TextField, useFieldState } from '../components/Fields';
import { Form } from '../components/Form';
import { Notice } from '../components/Notice';
import { usePageHeading, useStaff, useStaffDates } from './StaffContext';
import { useResource } from './useResource';

type TemplateChange =
  | { kind: 'save'; template: TemplateKind; wording: MailTemplate }
  | { kind: 'restore'; template: TemplateKind };

/** The variables and what each becomes: the same list for every template and for messages. */
export function TemplateVariables() {
  return (
    <details className="staff-variables">
      <summary>Variables you can use</summary>
      <dl>
        {TEMPLATE_VARIABLES.map((name) => (
          <div key={name}>
            <dt>
              <code>{`{{${name}}}`}</code>
            </dt>
            <dd>{TEMPLATE_VARIABLE_HELP[name]}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** The email as the sample applicant would read it (its text part). */
export function TemplatePreview({ wording }: { wording: MailTemplate }) {
  const filled = fillTemplate(wording, SAMPLE_VALUES);
  return (
    <section className="staff-preview" aria-label="Preview">
      <h3>
        Preview, for {SAMPLE_VALUES.firstname} in {SAMPLE_VALUES.cohort}
      </h3>
      <p>
        <strong>Subject:</strong> {filled.subject}
      </p>
      <pre className="staff-preview__text">{filled.text}</pre>
    </section>
  );
}

/** One template's form; keyed by its stored wording, so a save or a restore shows what the server keeps. */
function TemplateEditor({
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
      <Form onSubmit={() => onSave({ subject: subject.value, body: body.value })}>
        <TextField {...subject} label="Subject" />
        <TextAreaField
          {...body}
          label="Body"
          hint="Paragraphs are separated by an empty line. A link variable alone in a paragraph becomes a button."
        />
        <BusyButton type="submit" busy={busy}>
          Save
        </BusyButton>{' '}
        {template.edited && (
          <Button look="secondary" disabled={busy} onClick={onRestore}>
            Restore the default
          </Button>
        )}
      </Form>
      <TemplatePreview wording={{ subject: subject.value, body: body.value }} />
    </section>
  );
}

export function TemplatesScreen() {
  const { api, me } = useStaff();
  const heading = usePageHeading<HTMLHeadingElement>('Email templates');
  const { actor, view } = useResource<StaffTemplate[], TemplateChange>(
    () => api.templates(),
    async (change) => {
      if (change.kind === 'save') {
        await api.saveTemplate(change.template, change.wording);
        return STAFF_TEMPLATE_MESSAGES.saved;
      }
      await api.restoreTemplate(change.template);
      return STAFF_TEMPLATE_MESSAGES.restored;
    },
  );
  const templates = view.data ?? [];
  const { errors, message, notice } = view;
  const [chosen, choose] = useState<TemplateKind>('accepted');
  const template = templates.find((x) => x.kind === chosen);

  if (me.role !== 'admin')
    return (
      <h1 className="screen-title" ref={heading} tabIndex={-1}>
        Email templates: only an admin can see this page
      </h1>
    );
  return (
    <>
      <h1 className="screen-title" ref={heading} tabIndex={-1}>
        Email templates
      </h1>
      <p>The emails a decision sends. An edited template is used for every email that leaves from then on.</p>
      <Notice>{notice}</Notice>
      <ErrorSummary message={message} errors={errors} />
      {view.failed && <Button onClick={() => actor.send({ type: 'RETRY' })}>Try again</Button>}
      <nav aria-label="Templates" className="staff-template-tabs">
        {TEMPLATE_KINDS.map((kind) => (
          <Button
            key={kind}
            look={kind === chosen ? 'primary' : 'secondary'}
            aria-pressed={kind === chosen}
            onClick={() => choose(kind)}
          >
            {TEMPLATE_LABELS[kind]}
          </Button>
        ))}
      </nav>
      <TemplateVariables />
      {template && (
        <TemplateEditor
          key={`${template.kind} ${template.edited?.at ?? 'default'}`}
          template={template}
          errors={errors}
          busy={view.busy}
          onSave={(wording) =>
            actor.send({ type: 'SAVE', request: { kind: 'save', template: chosen, wording } })
          }
          onRestore={() => actor.send({ type: 'SAVE', request: { kind: 'restore', template: chosen } })}
        />
      )}
    </>
  );
}
