/** The later steps: each needs the session of the application it names, and each is one idempotent write. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {
  EligibilityPayload,
  EmploymentPayload,
  FinancialAidData,
  MiscPayload,
  OtherPayload,
  SubmitPayload,
  VideoData,
} from '../../machines/rules/contract';
import { paths } from '../../machines/rules/contract';
import { scoreEligibility } from '../../machines/rules/eligibility';
import { ELIGIBILITY_RESULT, FIELD_MESSAGES, MESSAGES, type ErrorMap } from '../../machines/rules/messages';
import { ALL_OPTION_VALUES } from '../../machines/rules/payments';
import { OTHERS_ANSWERS, validateGroup } from '../../machines/rules/schemas';
import type { Context } from '../context';
import { findCv, type ApplicationRow } from '../applications';
import { cohortById, currentCohort, nextCohort } from '../db/cohorts';
import type { Queryable } from '../db/index';
import { fail, fieldFail, firstMessage } from '../http';
import { submittedEmail } from '../mail/templates';
import { SERVER_MESSAGES } from '../messages';
import { latestPayment } from '../payments';
import { checkEmail, requireOwner } from './guard';
import { formParts } from './multipart';
import { describe, email, emailParams, LONG, object, SHORT, str } from './schemas';
import { idempotentWrite } from './write';

const invalid = (errors: ErrorMap) => fail(400, firstMessage(errors, SERVER_MESSAGES.invalidRequest), errors);

const eligibilityBody = object({
  email,
  eligible: str(40),
  cv_sent_by_email: { type: 'boolean' },
  eligibility: object({
    openness_to_tools: str(LONG),
    work_disruption_feelings: str(LONG),
    feedback_handling: str(LONG),
    approach_to_new_tasks: str(LONG),
    education_focus: str(LONG),
    highest_qualification: str(LONG),
  }),
});
const employmentBody = object({
  email,
  employment: object({
    employment_status: str(),
    unemployment_duration: str(),
    work_experience_years: str(),
    service_completion_date: str(),
    reason_for_leaving: str(LONG),
    exit_timeline: str(),
    job_urgency: { type: 'number' },
  }),
});
const otherBody = object({
  email,
  other: object({
    key_challenge: str(LONG),
    leadership_experience: str(LONG),
    distractions: str(LONG),
    bootcamp_expectations: str(LONG),
  }),
});
const submitBody = object({
  email,
  agreement: { type: 'boolean' },
  agreement1: { type: 'boolean' },
  agreement2: { type: 'boolean' },
});
const aidData = object({
  phone_type: str(LONG),
  has_laptop: str(),
  parents_status: str(LONG),
  employment_status_duration: str(LONG),
  affordable_amount: str(LONG),
  bootcamp_attendance_reason: str(LONG),
  additional_info: str(LONG),
});
const miscBody = object({
  email,
  misc: object({ column_name: str(100), payment_option: str(SHORT), data: aidData }),
});

/** The form's names for the financial aid answers (the 'financialAid' group) and back. */
const AID_NAMES: ReadonlyArray<[keyof FinancialAidData, string]> = [
  ['phone_type', 'typeOfPhone'],
  ['has_laptop', 'haveLaptop'],
  ['parents_status', 'parentAlive'],
  ['employment_status_duration', 'employed'],
  ['affordable_amount', 'affordableFee'],
  ['bootcamp_attendance_reason', 'whyBootcamp'],
  ['additional_info', 'anythingElse'],
];

const ok = (message: string, data: unknown = {}) => ({ status: 200, body: { message, data } });

/**
 * The steps after eligibility belong to applications the server scored eligible: one it scored ineligible or
 * action_required sees the 'under review' panel in the wizard, and the API says the same words (403).
 */
function eligibleOnly(row: ApplicationRow): ApplicationRow {
  if (row.eligibility_status === 'ineligible' || row.eligibility_status === 'action_required')
    throw fieldFail(403, 'eligibility', ELIGIBILITY_RESULT.underReview);
  return row;
}

/** What a complete application still lacks, field by field, in the catalogue's words. */
async function missing(
  tx: Queryable,
  row: ApplicationRow,
  agreements: Omit<SubmitPayload, 'email'>,
): Promise<ErrorMap> {
  const flat = { ...row, communication_consent: row.communication_consent };
  const errors: ErrorMap = {
    ...validateGroup('biodata', flat).errors,
    ...validateGroup('communications', flat).errors,
  };
  if (!row.email_verified_at) errors.email = [SERVER_MESSAGES.needSession];
  Object.assign(errors, validateGroup('eligibility', row.eligibility ?? {}).errors);
  // A CV emailed to the support address ('I have sent it') stands in for the upload; staff see the flag.
  if (!row.cv_sent_by_email && !(await findCv(tx, row.id))) errors.cv = [FIELD_MESSAGES.cv];
  Object.assign(errors, validateGroup('employment', row.employment ?? {}).errors);
  Object.assign(errors, validateGroup('others', { ...(row.other ?? {}), ...agreements }).errors);
  return errors;
}

export async function stepRoutes(app: FastifyInstance, ctx: Context): Promise<void> {
  const { config, mailer } = ctx;

  app.post<{ Body: Partial<EligibilityPayload> }>(
    paths.eligibility,
    { schema: describe('Save the eligibility answers; the server scores them', eligibilityBody) },
    async (request, reply) => {
      const address = checkEmail(request.body?.email);
      await requireOwner(ctx, request, address);
      const checked = validateGroup('eligibility', request.body?.eligibility ?? {});
      if (!checked.ok) throw invalid(checked.errors);
      // The client's `eligible` is ignored: the status is the server's own score.
      const { status } = scoreEligibility(checked.value);
      return idempotentWrite(ctx, request, reply, 'eligibility', address, async (tx) => {
        const row = await requireOwner(ctx, request, address, tx);
        await tx.query(
          'UPDATE applications SET eligibility = $2, eligibility_status = $3, updated_at = $4, cv_sent_by_email = $5 WHERE id = $1',
          [
            row.id,
            JSON.stringify(checked.value),
            status,
            config.now(),
            request.body?.cv_sent_by_email === true,
          ],
        );
        return ok('Eligibility saved', { status });
      });
    },
  );

  app.post<{ Body: Partial<EmploymentPayload> }>(
    paths.employment,
    { schema: describe('Save the employment answers', employmentBody) },
    async (request, reply) => {
      const address = checkEmail(request.body?.email);
      await requireOwner(ctx, request, address);
      const checked = validateGroup('employment', request.body?.employment ?? {});
      if (!checked.ok) throw invalid(checked.errors);
      return idempotentWrite(ctx, request, reply, 'employment', address, async (tx) => {
        const row = eligibleOnly(await requireOwner(ctx, request, address, tx));
        await tx.query('UPDATE applications SET employment = $2, updated_at = $3 WHERE id = $1', [
          row.id,
          JSON.stringify(checked.value),
          config.now(),
        ]);
        return ok('Employment saved');
      });
    },
  );

  app.post<{ Body: Partial<OtherPayload> }>(
    paths.other,
    { schema: describe('Save the open answers', otherBody) },
    async (request, reply) => {
      const address = checkEmail(request.body?.email);
      await requireOwner(ctx, request, address);
      const checked = validateGroup('others', request.body?.other ?? {}, OTHERS_ANSWERS);
      if (!checked.ok) throw invalid(checked.errors);
      return idempotentWrite(ctx, request, reply, 'other', address, async (tx) => {
        const row = eligibleOnly(await requireOwner(ctx, request, address, tx));
        await tx.query('UPDATE applications SET other = $2, updated_at = $3 WHERE id = $1', [
          row.id,
          JSON.stringify(checked.value),
          config.now(),
        ]);
        return ok('Answers saved');
      });
    },
  );

  app.post<{ Body: Partial<SubmitPayload> }>(
    paths.submit,
    { schema: describe('Submit a complete application; assigns a cohort or its waitlist', submitBody) },
    async (request, reply) => {
      const address = checkEmail(request.body?.email);
      await requireOwner(ctx, request, address);
      const agreements = {
        agreement: request.body?.agreement === true,
        agreement1: request.body?.agreement1 === true,
        agreement2: request.body?.agreement2 === true,
      };
      return idempotentWrite(ctx, request, reply, 'submit', address, async (tx) => {
        const row = eligibleOnly(await requireOwner(ctx, request, address, tx));
        if (row.submitted_at && row.cohort_id) {
          const cohort = await cohortById(tx, row.cohort_id);
          return ok('Application submitted', {
            cohort: { id: cohort?.id ?? 0, name: cohort?.name ?? '' },
            waitlisted: row.waitlisted,
          });
        }
        const errors = await missing(tx, row, agreements);
        if (Object.keys(errors).length) throw fail(400, SERVER_MESSAGES.incomplete, errors);
        const now = config.now();
        const applied =
          (row.applied_cohort_id ? await cohortById(tx, row.applied_cohort_id) : undefined) ??
          (await currentCohort(tx, now));
        // Lock the cohort so two submits cannot both take its last seat.
        await tx.query('SELECT id FROM cohorts WHERE id = $1 FOR UPDATE', [applied.id]);
        const { rows } = await tx.query<{ taken: number }>(
          'SELECT count(*)::int AS taken FROM applications WHERE cohort_id = $1 AND waitlisted = false AND submitted_at IS NOT NULL',
          [applied.id],
        );
        const closed = now.toISOString().slice(0, 10) > applied.application_deadline;
        const full = rows[0].taken >= applied.seats;
        const waitlisted = closed || full;
        const cohort = waitlisted ? await nextCohort(tx, applied, now) : applied;
        await tx.query(
          `UPDATE applications SET agreement = $2, agreement1 = $3, agreement2 = $4, submitted_at = $5,
             cohort_id = $6, waitlisted = $7, updated_at = $5 WHERE id = $1`,
          [
            row.id,
            agreements.agreement,
            agreements.agreement1,
            agreements.agreement2,
            now,
            cohort.id,
            waitlisted,
          ],
        );
        await mailer.send(submittedEmail(row.email, row.firstname, cohort.name, waitlisted), tx);
        return ok('Application submitted', { cohort: { id: cohort.id, name: cohort.name }, waitlisted });
      });
    },
  );

  app.post<{ Body: Partial<MiscPayload> }>(
    paths.misc,
    {
      schema: describe(
        "Save the payment option and/or the financial aid answers ('Financial Info')",
        miscBody,
      ),
    },
    async (request, reply) => {
      const address = checkEmail(request.body?.email);
      await requireOwner(ctx, request, address);
      const misc = request.body?.misc;
      if (misc?.column_name !== 'Financial Info')
        throw fieldFail(400, 'column_name', SERVER_MESSAGES.columnName);
      const paymentOption = (misc.payment_option ?? '').trim();
      let aid: FinancialAidData | null = null;
      if (misc.data) {
        const form = Object.fromEntries(AID_NAMES.map(([api, name]) => [name, misc.data?.[api] ?? '']));
        const checked = validateGroup('financialAid', form);
        if (!checked.ok) throw invalid(checked.errors);
        const clean = checked.value as Record<string, string>;
        aid = Object.fromEntries(
          AID_NAMES.map(([api, name]) => [api, clean[name]]),
        ) as unknown as FinancialAidData;
      }
      if (!paymentOption && !aid) throw fieldFail(400, 'payment_option', MESSAGES.paymentChoiceFailed);
      // Only an option the cards offer is stored; anything else would read as a choice nobody was offered.
      if (paymentOption && !ALL_OPTION_VALUES.includes(paymentOption))
        throw fieldFail(400, 'payment_option', SERVER_MESSAGES.paymentOption);
      return idempotentWrite(ctx, request, reply, 'misc', address, async (tx) => {
        const row = await requireOwner(ctx, request, address, tx);
        // A paid fee settles the choice: the option on record stays the one that was paid.
        if (paymentOption && (await latestPayment(tx, row.id))?.status === 'paid')
          throw fieldFail(409, 'payment_option', SERVER_MESSAGES.paymentAlreadyPaid);
        await tx.query(
          `UPDATE applications SET payment_option = CASE WHEN $2 = '' THEN payment_option ELSE $2 END,
             financial_aid = COALESCE($3::jsonb, financial_aid), updated_at = $4 WHERE id = $1`,
          [row.id, paymentOption, aid ? JSON.stringify(aid) : null, config.now()],
        );
        return ok('Financial info saved');
      });
    },
  );

  app.post<{ Params: { email: string } }>(
    paths.update.pattern,
    {
      schema: describe(
        'Save a reminder date and/or the video progress (JSON or multipart)',
        undefined,
        emailParams,
      ),
    },
    async (request, reply) => {
      const address = checkEmail(request.params.email);
      // The owner first: a multipart body is only read for them.
      await requireOwner(ctx, request, address);
      const fields = await updateFields(request);
      const now = config.now();
      const sets: string[] = [];
      const values: unknown[] = [];
      if (fields.reminderDate !== undefined) {
        if (typeof fields.reminderDate !== 'string')
          throw fieldFail(400, 'reminderDate', MESSAGES.dateInvalid);
        const checked = validateGroup('reminder', { reminderDate: fields.reminderDate });
        if (!checked.ok) throw invalid(checked.errors);
        const when = new Date(checked.value.reminderDate);
        if (when.getTime() <= now.getTime())
          throw fieldFail(400, 'reminderDate', SERVER_MESSAGES.reminderPast);
        values.push(when);
        // A new date is a new reminder: not sent yet, and no longer claimed by a scheduler.
        sets.push(
          `reminder_date = $${values.length + 1}, reminder_sent_at = NULL, reminder_claimed_until = NULL`,
        );
      }
      if (fields.videoData !== undefined) {
        values.push(JSON.stringify(parseVideo(fields.videoData)));
        sets.push(`video = $${values.length + 1}`);
      }
      if (!sets.length) throw fieldFail(400, 'reminderDate', MESSAGES.dateTimeRequired);
      return idempotentWrite(ctx, request, reply, 'update', address, async (tx) => {
        const row = await requireOwner(ctx, request, address, tx);
        await tx.query(
          `UPDATE applications SET ${sets.join(', ')}, updated_at = $${values.length + 2} WHERE id = $1`,
          [row.id, ...values, now],
        );
        return ok('Application updated');
      });
    },
  );
}

interface UpdateFields {
  reminderDate?: unknown;
  videoData?: unknown;
}

/** The update's fields, from JSON or from multipart form fields (files are refused). */
async function updateFields(request: FastifyRequest): Promise<UpdateFields> {
  if (request.isMultipart()) {
    const fields: Record<string, string> = {};
    for await (const part of formParts(request)) {
      if (part.type === 'file') {
        part.file.resume();
        throw fail(400, SERVER_MESSAGES.invalidRequest);
      }
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
    return { reminderDate: fields.reminderDate, videoData: fields.videoData };
  }
  const body = request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return {};
  const { reminderDate, videoData } = body as UpdateFields;
  return { reminderDate, videoData };
}

function parseVideo(raw: unknown): VideoData {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      value = null;
    }
  }
  const v = value as Partial<Record<keyof VideoData, unknown>> | null;
  const progress = v?.videoProgress;
  const ended = v?.isVideoEnded;
  const attempts = v?.attemptCounter;
  if (
    typeof progress !== 'number' ||
    !Number.isFinite(progress) ||
    progress < 0 ||
    progress > 100 ||
    typeof ended !== 'boolean' ||
    typeof attempts !== 'number' ||
    !Number.isInteger(attempts) ||
    attempts < 0 ||
    attempts > 1_000_000
  ) {
    throw fieldFail(400, 'videoData', SERVER_MESSAGES.videoData);
  }
  return { videoProgress: progress, isVideoEnded: ended, attemptCounter: attempts };
}
