import type { StaffApplicationPage } from '../../machines/staffApplication.machine';
import { cvUrl } from './api';

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
