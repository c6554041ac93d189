import { fillTemplate, SAMPLE_VALUES, type MailTemplate } from '../../machines/rules/mailTemplates';

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
