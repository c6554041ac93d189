/**
 * One applicant's data as one zip (docs/privacy.md): `your-data.json` with every answer, the timeline, the emails sent
 * to them (and the same as a readable page, `your-data.html`), the decision once it is released (a held one is not theirs yet: decision 121), payments and
 * financial-aid answers; and their CV under `cv/`. The same file for the applicant and for an admin answering a
 * subject-access request, except that an admin's copy masks every sign-in code in the emails as the staff page does
 * (`maskCodes`, machines/rules/staffRecord.ts): a code in a file an admin holds could sign someone in (decision 149).
 */
import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { reviewMeta } from '../../machines/review.machine';
import { privacyNoticeVersion } from '../../machines/rules/privacy';
import { maskCodes } from '../../machines/rules/staffRecord';
import { storedSteps } from '../../machines/steps';
import { sql } from 'kysely';
import { savedApplication } from '../applications';
import { iso, type Queryable } from '../db/index';
import { first, qb, run } from '../db/query';
import { paymentRecord, paymentsOf } from '../payments';
import { releasedStatus } from '../standing';
import type { CvStorage } from '../storage/index';
import { exportPage } from './exportPage';

/**
 * The moments of the application, in order, as the applicant lived them (steps only; never a held decision): each
 * step that keeps its answers in a column of its own is answered at its `<column>_saved_at` where the row has one
 * (the step-times trigger sets it, server/db/migrations.ts).
 */
const TIMELINE_COLUMNS: readonly (readonly [string, string])[] = [
  ['created_at', 'Started the application'],
  ['email_verified_at', 'Verified the email address'],
  ...storedSteps().map(
    (step) => [`${step.column}_saved_at`, `Answered the ${step.row.title.toLowerCase()} questions`] as const,
  ),
  ['submitted_at', 'Submitted the application'],
  ['video_watched_at', 'Watched the selection video'],
  ['payment_chosen_at', 'Chose how to pay'],
  ['reminder_sent_at', 'Was sent the reminder'],
];

/** A name safe inside a zip: no folders, no characters a file system refuses. */
const safeName = (name: string) => name.replace(/[^\w.\- ]+/g, '_').slice(0, 120) || 'cv';

/** Who the zip is for: the applicant themself, or an admin answering their request (codes masked). */
export type ExportReader = 'applicant' | 'staff';

/** What a zip holds, as the audit entry of an admin's export records it (counts and flags, never the data). */
export interface ExportContents {
  answers: boolean;
  emails: number;
  codes_masked: boolean;
  payments: number;
  decision: boolean;
  cv: boolean;
}

/** The zip of application `id` and what it holds, or null when there is none (or it was erased). */
export async function applicantExport(
  db: Queryable,
  storage: CvStorage,
  id: number,
  now: Date,
  reader: ExportReader = 'applicant',
): Promise<{ zip: Readable; contents: ExportContents } | null> {
  const shown = reader === 'staff' ? maskCodes : (text: string) => text;
  const row = await first(
    db,
    qb.selectFrom('applications').selectAll().where('id', '=', id).where('erased_at', 'is', null),
  );
  if (!row) return null;
  const [answers, released, payments, emails, cv] = await Promise.all([
    savedApplication(db, row),
    releasedStatus(db, id, now),
    paymentsOf(db, id),
    run(
      db,
      qb
        .selectFrom('outbox')
        .select(['subject', 'text_body', 'sent_at', 'delivered_at'])
        .where(sql`lower(to_address)`, '=', sql`lower(${row.email})`)
        .orderBy('id'),
    ),
    run(
      db,
      qb
        .selectFrom('cvs')
        .select(['stored_name', 'original_name', 'kind', 'size'])
        .where('application_id', '=', id),
    ),
  ]);
  const timeline = TIMELINE_COLUMNS.flatMap(([column, what]) => {
    const at = (row as Record<string, unknown>)[column];
    return at ? [{ at: iso(at), what }] : [];
  }).sort((a, b) => String(a.at).localeCompare(String(b.at)));
  const file = cv[0];
  const cvEntry = file ? `cv/${safeName(file.original_name)}` : null;
  const data = {
    exportedAt: now.toISOString(),
    noticeVersion: privacyNoticeVersion(),
    answers,
    communicationConsent: row.communication_consent,
    // Which notice they agreed to, and when (decision 150); null for an application from before consent was recorded.
    privacyConsent: row.privacy_notice_version
      ? {
          version: row.privacy_notice_version,
          agreedAt: row.privacy_consented_at ? iso(row.privacy_consented_at) : null,
        }
      : null,
    timeline,
    decision: released
      ? {
          status: released.status,
          label: reviewMeta(released.status).label,
          standing: reviewMeta(released.status).standing,
          cohort: released.cohort,
        }
      : null,
    payments: payments.map(paymentRecord),
    financialAid: row.financial_aid,
    reminderDate: row.reminder_date ? iso(row.reminder_date) : null,
    emails: emails.map((mail) => ({
      subject: shown(mail.subject),
      sentAt: iso(mail.sent_at),
      deliveredAt: mail.delivered_at ? iso(mail.delivered_at) : null,
      // Empty once the retention period for email bodies has passed (docs/privacy.md).
      text: shown(mail.text_body),
    })),
    cv: file ? { filename: file.original_name, kind: file.kind, size: file.size, inZip: cvEntry } : null,
  };
  const body = file ? await storage.read(file.stored_name) : null;
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(JSON.stringify(data, null, 2)), 'your-data.json');
  // The same data as a page a person can read without a JSON viewer.
  zip.addBuffer(Buffer.from(exportPage(data)), 'your-data.html');
  if (body && cvEntry) zip.addReadStream(body, cvEntry);
  zip.end();
  const contents: ExportContents = {
    answers: true,
    emails: emails.length,
    codes_masked: reader === 'staff',
    payments: payments.length,
    decision: data.decision !== null,
    cv: Boolean(body && cvEntry),
  };
  return { zip: Readable.from(zip.outputStream), contents };
}
