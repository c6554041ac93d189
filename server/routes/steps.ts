/** The later steps: each needs the session of the application it names, and each is one idempotent write. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EligibilityPayload } from '../../machines/steps/eligibility';
import type { MiscPayload, VideoData } from '../../machines/rules/contract';
import type { SubmitPayload } from '../../machines/steps/other';
import { financialAidForm, paths, toFinancialAidData } from '../../machines/rules/contract';
import { goesToEligibilityReview, scoreEligibility } from '../../machines/rules/eligibility';
import { MESSAGES } from '../../machines/rules/messages';
import { ALL_OPTION_VALUES, OPTION_FINANCIAL_AID } from '../../machines/rules/payments';
import { checkGroup } from '../../machines/rules/schemas';
import { validateGroup } from '../../machines/validation';
import { STEP_SPECS } from '../../machines/steps';
import { spec as eligibilityStep } from '../../machines/steps/eligibility';
import type { Context } from '../context';
import { saveAnswers, saveEligibility, saveFinancialInfo, saveReminderOrVideo } from '../applications';
import { fail, fieldFail, invalid } from '../http';
import { aidReceivedEmail, confirmationUrl } from '../mail/templates';
import { SERVER_MESSAGES } from '../messages';
import { applicantFees } from '../fees';
import { latestPayment } from '../payments';
import { requireAccepted } from '../standing';
import { sendToEligibilityReview, submitApplication } from '../submission';
import { checkEmail, eligibleOnly, ownedEmail, requireOwner } from './guard';
import { formParts } from './multipart';
import { bodyOf, describe, email, emailParams, BODY_CAP_LONG, object, BODY_CAP_SHORT, str } from './schemas';
import { idempotentWrite } from './write';

const eligibilityBody = object({
  email,
  eligible: str(40),
  cv_sent_by_email: { type: 'boolean' },
  eligibility: bodyOf(eligibilityStep.schema),
});
const submitBody = object({
  email,
  agreement: { type: 'boolean' },
  agreement1: { type: 'boolean' },
  agreement2: { type: 'boolean' },
});
const aidData = object({
  phone_type: str(BODY_CAP_LONG),
  has_laptop: str(),
  parents_status: str(BODY_CAP_LONG),
  employment_status_duration: str(BODY_CAP_LONG),
  affordable_amount: str(BODY_CAP_LONG),
  bootcamp_attendance_reason: str(BODY_CAP_LONG),
  additional_info: str(BODY_CAP_LONG),
});
const miscBody = object({
  email,
  misc: object({ column_name: str(100), payment_option: str(BODY_CAP_SHORT), data: aidData }),
});
const miscSchema = describe(
  "Save the payment option and/or the financial aid answers ('Financial Info')",
  miscBody,
);

const ok = (message: string, data: unknown = {}) => ({ status: 200, body: { message, data } });

/** The steps with a save route of their own (machines/steps/): one handler over all of them. */
export const ANSWER_STEPS = STEP_SPECS.flatMap((step) =>
  step.save && step.schema && step.column
    ? [{ ...step.save, column: step.column, schema: step.schema, only: step.saves }]
    : [],
);

export async function stepRoutes(app: FastifyInstance, ctx: Context): Promise<void> {
  const { config, mailer } = ctx;

  app.post<{ Body: Partial<EligibilityPayload> }>(
    paths.eligibility,
    { schema: describe('Save the eligibility answers; the server scores them', eligibilityBody) },
    async (request, reply) => {
      const address = await ownedEmail(ctx, request, request.body?.email);
      const checked = validateGroup('eligibility', request.body?.eligibility ?? {});
      if (!checked.ok) throw invalid(checked.errors);
      // The client's `eligible` is ignored: the status is the server's own score.
      const { status } = scoreEligibility(checked.value);
      const cvSentByEmail = request.body?.cv_sent_by_email === true;
      return idempotentWrite(ctx, request, reply, 'eligibility', address, async (tx) => {
        const row = await requireOwner(ctx, request, address, tx);
        // Once submitted (or sent to eligibility review) the score is final: staff decide on these answers.
        if (row.submitted_at) throw fieldFail(409, 'eligibility', SERVER_MESSAGES.eligibilityFinal);
        await saveEligibility(tx, row.id, checked.value, status, cvSentByEmail, config.now());
        if (goesToEligibilityReview(status)) await sendToEligibilityReview(tx, row, config.now());
        return ok('Eligibility saved', { status });
      });
    },
  );

  for (const step of ANSWER_STEPS) {
    app.post<{ Body: { email?: string } & Partial<Record<string, object>> }>(
      step.path,
      { schema: describe(step.summary, object({ email, [step.column]: bodyOf(step.schema, step.only) })) },
      async (request, reply) => {
        const address = await ownedEmail(ctx, request, request.body?.email);
        const checked = checkGroup(step.schema, request.body?.[step.column] ?? {}, step.only);
        if (!checked.ok) throw invalid(checked.errors);
        return idempotentWrite(ctx, request, reply, step.column, address, async (tx) => {
          const row = eligibleOnly(await requireOwner(ctx, request, address, tx));
          await saveAnswers(tx, row.id, step.column, checked.value, config.now());
          return ok(step.saved);
        });
      },
    );
  }

  app.post<{ Body: Partial<SubmitPayload> }>(
    paths.submit,
    { schema: describe('Submit a complete application; assigns a cohort or its waitlist', submitBody) },
    async (request, reply) => {
      const address = await ownedEmail(ctx, request, request.body?.email);
      const agreements = {
        agreement: request.body?.agreement === true,
        agreement1: request.body?.agreement1 === true,
        agreement2: request.body?.agreement2 === true,
      };
      return idempotentWrite(ctx, request, reply, 'submit', address, async (tx) => {
        const row = eligibleOnly(await requireOwner(ctx, request, address, tx));
        return ok(
          'Application submitted',
          await submitApplication(tx, row, agreements, config.now(), mailer, config.publicUrl),
        );
      });
    },
  );

  app.post<{ Body: Partial<MiscPayload> }>(paths.misc, { schema: miscSchema }, async (request, reply) => {
    const address = await ownedEmail(ctx, request, request.body?.email);
    const misc = request.body?.misc;
    if (misc?.column_name !== 'Financial Info')
      throw fieldFail(400, 'column_name', SERVER_MESSAGES.columnName);
    const paymentOption = (misc.payment_option ?? '').trim();
    let aid = null;
    if (misc.data) {
      const checked = validateGroup('financialAid', financialAidForm(misc.data));
      if (!checked.ok) throw invalid(checked.errors);
      aid = toFinancialAidData(checked.value);
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
      // A payment choice is for accepted applicants; financial aid answers may come from anyone who applied (the
      // not-successful and waitlisted pages point to the form), with no other option beside them.
      if (paymentOption && !(aid && paymentOption === OPTION_FINANCIAL_AID))
        await requireAccepted(tx, row.id, config.now());
      await saveFinancialInfo(tx, row.id, paymentOption, aid, config.now());
      // The first aid application gets its receipt; answers sent again (or a retried request) send no second one.
      if (aid && row.financial_aid === null)
        await mailer.send(
          aidReceivedEmail(
            row.email,
            row.firstname,
            confirmationUrl(config.publicUrl),
            await applicantFees(tx, row),
          ),
          tx,
        );
      return ok('Financial info saved');
    });
  });

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
      const changes: { reminderDate?: Date; video?: VideoData } = {};
      if (fields.reminderDate !== undefined) {
        if (typeof fields.reminderDate !== 'string')
          throw fieldFail(400, 'reminderDate', MESSAGES.dateInvalid);
        const checked = validateGroup('reminder', { reminderDate: fields.reminderDate });
        if (!checked.ok) throw invalid(checked.errors);
        changes.reminderDate = new Date(checked.value.reminderDate);
        if (changes.reminderDate.getTime() <= now.getTime())
          throw fieldFail(400, 'reminderDate', SERVER_MESSAGES.reminderPast);
      }
      if (fields.videoData !== undefined) changes.video = parseVideo(fields.videoData);
      if (!changes.reminderDate && !changes.video)
        throw fieldFail(400, 'reminderDate', MESSAGES.dateTimeRequired);
      return idempotentWrite(ctx, request, reply, 'update', address, async (tx) => {
        const row = await requireOwner(ctx, request, address, tx);
        await saveReminderOrVideo(tx, row.id, changes, now);
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
