import { useState } from 'react';
import type { StaffApplicationPage } from '../../machines/staffApplication.machine';
import { Button } from '../components/Button';
import { cvUrl } from './api';

/**
 * A PDF shown in the page when asked (framed by the staff pages only: docs/decisions/021-production-is-safe-by-default.md),
 * never on its own: Chromium's PDF viewer takes the focus when it loads, which scrolls the page down to it, stops the
 * keyboard shortcuts and swallows the next click (docs/decisions/014-the-cv-is-checked-twice-by-content.md). A Word file is
 * offered for download.
 */
export function ApplicationCv({ page }: { page: StaffApplicationPage }) {
  return (
    <section className="staff-section" aria-labelledby="cv-title">
      <h2 id="cv-title">CV</h2>
      {page.cv ? (
        page.cv.kind === 'pdf' ? (
          <PdfCv id={page.id} filename={page.cv.filename} />
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

function PdfCv({ id, filename }: { id: number; filename: string }) {
  const [shown, setShown] = useState(false);
  return (
    <>
      <p className="actions">
        <Button
          look="secondary"
          aria-expanded={shown}
          aria-controls="cv-frame"
          onClick={() => setShown(!shown)}
        >
          {shown ? 'Hide the CV' : 'Show the CV on this page'}
        </Button>
        <a href={cvUrl(id)} target="_blank" rel="noreferrer">
          Open {filename} in a new tab
        </a>
      </p>
      <div id="cv-frame">
        {shown && <iframe className="staff-cv" title={`CV: ${filename}`} src={cvUrl(id)} />}
      </div>
    </>
  );
}
