/**
 * An application's answers as the wizard asks them, the eligibility result with each answer's score, and the CV:
 * what a reviewer reads on the application's page (docs/product.md, the staff side).
 */
import type { ReactNode } from 'react';
import { scoreAnswer, scoreEligibility, NEGATIVE_SCORE } from '../../machines/rules/eligibility';
import { ELIGIBILITY_QUESTIONS, NO_POST_SECONDARY } from '../../machines/rules/options';
import { humanize } from '../../machines/rules/queueView';
import { seesContact, type StaffRole } from '../../machines/rules/staff';
import type { StaffApplicationPage } from '../../machines/staffApplication.machine';
import { cvUrl } from './api';
import { TableHead } from './TableHead';

function Answers({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <section className="staff-section" aria-labelledby={`answers-${title}`}>
      <h2 id={`answers-${title}`}>{title}</h2>
      <dl className="staff-answers">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value === '' || value === null || value === undefined ? '—' : value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** About the applicant and how they heard of us; contact details only for a role that sees them. */
export function ApplicantAnswers({ page, role }: { page: StaffApplicationPage; role: StaffRole }) {
  const a = page.answers;
  return (
    <>
      <Answers
        title="About the applicant"
        rows={[
          ['First name', a.firstname],
          ['Middle name', a.middlename],
          ['Last name', a.lastname],
          ['Gender', a.gender],
          ['Country', a.country],
          ['City', a.city],
          // Absent for a role that does not see contact details (`seesContact`): no row rather than a blank one.
          ...(seesContact(role)
            ? ([
                ['Email', a.email],
                ['Phone', a.phone],
                ['WhatsApp', a.whatsapp_phone],
              ] as [string, ReactNode][])
            : []),
          ['Referred by', a.referred_by],
        ]}
      />
      <Answers
        title="How they heard about us"
        rows={[
          ['Source', a.communications.referral_source],
          ['Detail', a.communications.referral_detail],
          ['Agreed to be contacted', a.communications.communication_consent ? 'Yes' : 'No'],
        ]}
      />
    </>
  );
}

export function EligibilityAnswers({ page }: { page: StaffApplicationPage }) {
  const answers = page.answers.eligibility;
  const measured = ELIGIBILITY_QUESTIONS.every((q) => answers[q.name]);
  const result = measured ? scoreEligibility(answers) : null;
  return (
    <section className="staff-section" aria-labelledby="eligibility-title">
      <h2 id="eligibility-title">Eligibility</h2>
      <p>
        Result: <strong>{humanize(answers.status ?? 'not measured')}</strong>
        {result && ` (${result.negatives} answers scoring ${NEGATIVE_SCORE} or more)`}
      </p>
      <table className="staff-table">
        <caption>Each answer's score: 1 is the strongest, 4 the weakest</caption>
        <TableHead columns={['Question', 'Answer', 'Score']} />
        <tbody>
          {ELIGIBILITY_QUESTIONS.map((q) => {
            const answer = answers[q.name];
            const score = !answer
              ? null
              : q.name === 'highest_qualification'
                ? answer === NO_POST_SECONDARY
                  ? 4
                  : 1
                : scoreAnswer(answer, [...q.options]);
            return (
              <tr key={q.name}>
                <th scope="row">{q.legend}</th>
                <td>{answer || '—'}</td>
                <td>{score ?? '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

/** A PDF shown in the page (framed by the staff pages only: docs/decisions/106-the-cv-framed-by-staff-pages.md), a Word file offered for download. */
export function ApplicationCv({ page }: { page: StaffApplicationPage }) {
  return (
    <section className="staff-section" aria-labelledby="cv-title">
      <h2 id="cv-title">CV</h2>
      {page.cv ? (
        page.cv.kind === 'pdf' ? (
          <>
            <iframe className="staff-cv" title={`CV: ${page.cv.filename}`} src={cvUrl(page.id)} />
            <p>
              <a href={cvUrl(page.id)} target="_blank" rel="noreferrer">
                Open {page.cv.filename} in a new tab
              </a>
            </p>
          </>
        ) : (
          <p>
            <a href={cvUrl(page.id)} download={page.cv.filename}>
              Download {page.cv.filename} (Word, {Math.ceil(page.cv.size / 1024)} KB)
            </a>
          </p>
        )
      ) : (
        <p>
          {page.answers.cv_sent_by_email
            ? 'The applicant says they sent their CV by email.'
            : 'No CV uploaded.'}
        </p>
      )}
    </section>
  );
}

/** The last two steps' answers, each question in words. */
export function LaterAnswers({ page }: { page: StaffApplicationPage }) {
  const a = page.answers;
  return (
    <>
      <Answers
        title="Employment"
        rows={Object.entries(a.employment).map(([k, v]) => [humanize(k), String(v ?? '')])}
      />
      <Answers
        title="The applicant and the bootcamp"
        rows={Object.entries(a.other).map(([k, v]) => [humanize(k), v])}
      />
    </>
  );
}
