/**
 * Exports of the queue's current filter (docs/decisions/062-exports.md): a CSV streamed from the database a keyset
 * page at a time (memory stays flat whatever the count), UTF-8 with a BOM so that Excel reads the names right, one
 * row per application with the answers in columns; email and phone only in an admin's export. And a zip of the
 * filter's CVs, streamed from storage. Cells that a spreadsheet would run as a formula are quoted as text.
 */
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { ZipFile } from 'yazl';
import type { QueueView } from './queueStore';
import { eachPage } from './queueStore';
import type { Queryable } from '../db/index';
import { iso } from '../db/index';
import type { CvStorage } from '../storage/index';
import { reviewMeta, type ReviewStatus } from '../../machines/review.machine';
import { savedFields, storedSteps } from '../../machines/steps';
import type { QueueStatusFilter } from '../../machines/rules/staff/queue';

// The steps whose answers are a JSON column of their own (machines/steps/): a CSV column per answer, in the order
// the wizard's screens ask them.
const ANSWER_STEPS = storedSteps();

interface ExportRow {
  id: number;
  sort_key: unknown;
  stage: string;
  status: QueueStatusFilter;
  payment_status: string;
  cv: string;
  firstname: string;
  middlename: string;
  lastname: string;
  email: string;
  phone: string;
  whatsapp_phone: string;
  gender: string;
  country: string;
  city: string;
  referral_source: string;
  referral_detail: string;
  referred_by: string;
  privacy_notice_version: string | null;
  privacy_consented_at: Date | null;
  eligibility_status: string;
  /** Each stored step's answers, under its column's name. */
  [column: string]: unknown;
  payment_option: string;
  created_at: Date;
  submitted_at: Date | null;
}

const CONTACT = ['email', 'phone', 'whatsapp_phone'] as const;

export function columns(withContact: boolean): string[] {
  return [
    'id',
    'submitted_at',
    'created_at',
    'stage',
    'review_status',
    'firstname',
    'middlename',
    'lastname',
    ...(withContact ? CONTACT : []),
    'gender',
    'country',
    'city',
    'referral_source',
    'referral_detail',
    'referred_by',
    'privacy_notice_version',
    'privacy_consented_at',
    'eligibility_status',
    ...ANSWER_STEPS.flatMap(savedFields),
    'cv',
    'payment_option',
    'payment_status',
  ];
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

function cells(row: ExportRow, withContact: boolean): string[] {
  const answers = (group: Record<string, unknown> | null, names: readonly string[]) =>
    names.map((n) => text(group?.[n]));
  return [
    String(row.id),
    iso(row.submitted_at),
    iso(row.created_at),
    row.stage,
    row.status === 'not_submitted' ? 'Not submitted' : reviewMeta(row.status as ReviewStatus).label,
    row.firstname,
    row.middlename,
    row.lastname,
    ...(withContact ? [row.email, row.phone, row.whatsapp_phone] : []),
    row.gender,
    row.country,
    row.city,
    row.referral_source,
    row.referral_detail,
    row.referred_by,
    text(row.privacy_notice_version),
    iso(row.privacy_consented_at),
    row.eligibility_status,
    ...ANSWER_STEPS.flatMap((step) =>
      answers(row[step.column] as Record<string, unknown> | null, savedFields(step)),
    ),
    row.cv,
    row.payment_option,
    row.payment_status,
  ];
}

/** A spreadsheet runs a cell that starts with = + - @ (or a tab or return) as a formula: such cells become text. */
export const neutralise = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** The view's applications as a CSV stream (BOM, header, then a row per application, read 1000 at a time). */
export function exportCsv(db: Queryable, view: QueueView, withContact: boolean): Readable {
  const csv = stringify({
    bom: true,
    header: true,
    columns: columns(withContact),
    cast: { string: neutralise },
  });
  const rows = async function* () {
    for await (const page of eachPage<ExportRow>(db, view, (q) =>
      q.select([
        'a.firstname',
        'a.middlename',
        'a.lastname',
        'a.email',
        'a.phone',
        'a.whatsapp_phone',
        'a.gender',
        'a.country',
        'a.city',
        'a.referral_source',
        'a.referral_detail',
        'a.referred_by',
        'a.privacy_notice_version',
        'a.privacy_consented_at',
        'a.eligibility_status',
        ...ANSWER_STEPS.map((step) => `a.${step.column}` as 'a.eligibility'),
        'a.payment_option',
        'a.created_at',
        'a.submitted_at',
      ]),
    )) {
      for (const row of page) yield cells(row, withContact);
    }
  };
  // pipe() waits for the stringifier to drain, so the next page is read only when the client has taken the last.
  const source = Readable.from(rows());
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}

interface CvEntry {
  id: number;
  sort_key: unknown;
  lastname: string;
  stored_name: string | null;
  kind: string | null;
}

const safeName = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9-]+/g, '_')
    .slice(0, 40) || 'applicant';

/**
 * The view's uploaded CVs as a zip stream, each `<id>-<lastname>.<kind>`. Entries are added a page at a time and
 * each file is opened from storage (local disk or the bucket) only once the zip has taken the one before, so one
 * file at a time is open however many the view holds.
 */
export function exportCvZip(
  db: Queryable,
  view: QueueView,
  storage: Pick<CvStorage, 'read'>,
): NodeJS.ReadableStream {
  const zip = new ZipFile();
  let gone = false;
  const output = zip.outputStream as NodeJS.ReadableStream & Readable;
  // The client went away: stop opening files.
  const closed = once(output, 'close').then(
    () => (gone = true),
    () => (gone = true),
  );
  void (async () => {
    try {
      for await (const page of eachPage<CvEntry>(db, view, (q) =>
        q
          .leftJoin('cvs as c', 'c.application_id', 'a.id')
          .select(['a.lastname', 'c.stored_name', 'c.kind'])
          .where('c.stored_name', 'is not', null),
      )) {
        for (const entry of page) {
          if (gone) return;
          if (!entry.stored_name) continue;
          const body = await storage.read(entry.stored_name);
          // A file gone from storage leaves its application out rather than breaking the whole zip.
          if (!body) continue;
          const taken = finished(body).catch(() => undefined);
          zip.addReadStream(body, `${entry.id}-${safeName(entry.lastname)}.${entry.kind ?? 'pdf'}`, {
            compress: false,
          });
          await Promise.race([taken, closed]);
          if (gone) body.destroy();
        }
      }
      zip.end();
    } catch (error) {
      zip.outputStream.emit('error', error);
    }
  })();
  return zip.outputStream;
}
