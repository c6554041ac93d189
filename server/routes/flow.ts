/** The start of the flow: current cohort, lookup, create (sends the code), resend the code, verify the email. */
import type { FastifyInstance } from 'fastify';
import type { CreatePayload } from '../../machines/steps/communications';
import type { PrivacyNoticeInfo } from '../../machines/rules/contract';
import { paths } from '../../machines/rules/contract';
import { MESSAGES } from '../../machines/rules/messages';
import { PRIVACY_PATH, privacyNoticeVersion } from '../../machines/rules/privacy';
import { validateGroup } from '../../machines/validation';
import { messages as COMMUNICATIONS } from '../../machines/steps/communications';
import type { Context } from '../context';
import { findByEmail, insertApplication, lookupSummary, savedApplication } from '../applications';
import { newCode, waitAfterSends, CODE_MINUTES } from '../codes';
import { toCohortInfo } from '../db/cohorts';
import { groupCommitOf } from '../db/groupCommit';
import { fieldFail, invalid } from '../http';
import { idempotencyKey, remember, replay } from '../idempotency';
import { withDeliverableEmail } from '../mail/address';
import { codeEmail } from '../mail/templates';
import { perEmailLimit, tooManyRequests } from '../limits';
import { inboxFull } from '../mailQuota';
import { SERVER_MESSAGES } from '../messages';
import { sessionApplicationId, setSessionCookie } from '../sessions';
import { resendCode, verifyCode } from '../verification';
import { describe, email, emailParams, object, str } from './schemas';
import { checkEmail } from './guard';
import { idempotentWrite } from './write';

const createBody = object({
  firstname: str(),
  middlename: str(),
  lastname: str(),
  gender: str(),
  country: str(),
  city: str(),
  email,
  phone: str(),
  whatsapp_phone: str(),
  referred_by: str(),
  communications: object({
    referral_source: str(),
    referral_detail: str(),
    communication_consent: { enum: ['Yes', 'No', true, false] },
    privacy_notice_version: str(),
  }),
});

const VERIFIED = 'Email verified';

export async function flowRoutes(app: FastifyInstance, ctx: Context): Promise<void> {
  const { db, config, mailer, cohorts } = ctx;
  const perIp = { rateLimit: { max: config.rateLimits.ipPerMinute, timeWindow: 60_000 } };
  const perEmail = perEmailLimit(ctx.counters, config.rateLimits.emailPer15Minutes, 15 * 60_000, config.now);

  app.get(
    paths.currentCohort,
    {
      schema: describe(
        'The cohort an application started now is for, and the one open now when that is full',
      ),
    },
    async () => {
      const { cohort, full, paused } = await cohorts.applying();
      return {
        message: 'Current cohort',
        data: [
          {
            ...toCohortInfo(cohort),
            ...(full ? { full: toCohortInfo(full) } : {}),
            ...(paused ? { paused: { ...toCohortInfo(paused), reopens_on: paused.reopens_on } } : {}),
          },
        ],
      };
    },
  );

  // A client reads the version a create must carry here, not from our JavaScript (decision 150).
  app.get(
    paths.privacyNotice,
    { schema: describe("The privacy notice's version, which a create carries, and the notice's address") },
    async (): Promise<{ message: string; data: PrivacyNoticeInfo }> => ({
      message: 'Privacy notice',
      data: { version: privacyNoticeVersion(), path: PRIVACY_PATH },
    }),
  );

  app.get<{ Params: { email: string } }>(
    paths.lookup.pattern,
    {
      config: perIp,
      schema: describe(
        'Whether an application exists; the whole of it for its owner',
        undefined,
        emailParams,
      ),
    },
    async (request) => {
      const address = checkEmail(request.params.email);
      const row = await findByEmail(db, address);
      if (!row) return { message: MESSAGES.startNewApplication, data: [] };
      const owner = (await sessionApplicationId(db, request, config.now())) === row.id;
      return {
        message: 'Application found',
        data: [owner ? await savedApplication(db, row, config.now()) : lookupSummary(row)],
      };
    },
  );

  app.post<{ Body: Partial<CreatePayload> }>(
    paths.create,
    { config: perIp, schema: describe('Create an application and email a code', createBody) },
    async (request, reply) => {
      const body = request.body ?? {};
      const comms = body.communications ?? {
        referral_source: '',
        referral_detail: '',
        communication_consent: 'No',
        privacy_notice_version: '',
      };
      const consent = comms.communication_consent as unknown;
      const flat = {
        ...body,
        referral_source: comms.referral_source,
        referral_detail: comms.referral_detail,
        // Opt-in (docs/privacy.md): no answer is no consent.
        communication_consent: consent === true || consent === 'Yes',
        privacy_consent: Boolean(comms.privacy_notice_version),
      };
      const bio = validateGroup('biodata', flat);
      const com = validateGroup('communications', flat);
      const errors = withDeliverableEmail({ ...bio.errors, ...com.errors }, com.value.email);
      // Consent counts only to the words shown now: an older version's (the notice changed since) is refused.
      if (flat.privacy_consent && comms.privacy_notice_version !== privacyNoticeVersion()) {
        errors.privacy_consent = [COMMUNICATIONS.privacy_notice_version];
      }
      if (Object.keys(errors).length > 0) throw invalid(errors);
      const address = com.value.email;
      const referredBy = typeof body.referred_by === 'string' ? body.referred_by.trim().slice(0, 200) : '';
      const now = config.now();
      const key = idempotencyKey(request, 'create', address);
      const { cohort } = await cohorts.applying();
      const code = newCode(now);
      const answer = {
        status: 201,
        body: {
          message: 'Application created',
          data: { email: address, stage: 'created', retryAfter: waitAfterSends(1) },
        },
      };
      const application = {
        email: address,
        ...bio.value,
        phone: com.value.phone,
        whatsapp_phone: com.value.whatsapp_phone,
        referred_by: referredBy,
        referral_source: com.value.referral_source,
        referral_detail: com.value.referral_detail,
        communication_consent: com.value.communication_consent,
        privacy_notice_version: privacyNoticeVersion(),
        applied_cohort_id: cohort.id,
      };
      const mail = codeEmail(address, application.firstname, code.code, CODE_MINUTES);
      const outboxRow = mailer.outboxRow?.(mail);
      // With the outbox the code email is part of the one statement; a mailer that sends for real sends inside
      // the transaction, so a failed send stores nothing. An inbox that has had its codes for the hour
      // (mailQuota.ts) gets nothing stored either.
      const created = outboxRow
        ? // Group commit (db/groupCommit.ts): creates arriving together share one transaction; answered after it.
          await insertApplication(
            groupCommitOf(db),
            application,
            request.ip,
            now,
            code,
            { key, answer },
            outboxRow,
          )
        : await db.transaction(async (tx) => {
            const result = await insertApplication(tx, application, request.ip, now, code, { key, answer });
            if (result.id !== undefined) await mailer.send(mail, tx);
            return result;
          });
      if (created.id !== undefined) return reply.code(answer.status).send(answer.body);
      // Refused for the inbox, unless a create racing this one took the email meanwhile (then: replay or 409).
      if (created.granted === false && !(await findByEmail(db, address)))
        throw inboxFull(created.oldest, now);
      // The email is taken: by this very request before (its answer was lost; replay it), or by someone else.
      const earlier = await replay(db, key, now);
      if (earlier) return reply.code(earlier.status).send(earlier.body);
      throw fieldFail(409, 'email', SERVER_MESSAGES.emailTaken);
    },
  );

  app.post<{ Body: { email?: string } }>(
    paths.resendCode,
    {
      config: perIp,
      preHandler: perEmail,
      schema: describe('Email a new code (the old one stops working)', object({ email })),
    },
    async (request, reply) => {
      const address = checkEmail(request.body?.email);
      return idempotentWrite(ctx, request, reply, 'resend', address, async (tx) => {
        const { retryAfter } = await resendCode(tx, address, request.ip, config.now(), mailer);
        return { status: 200, body: { message: MESSAGES.otpSent, data: { retryAfter } } };
      });
    },
  );

  app.post<{ Body: { email?: string; token?: string } }>(
    paths.verifyEmail,
    {
      config: perIp,
      preHandler: perEmail,
      schema: describe(
        'Check a code; a correct one sets the session cookie',
        object({ email, token: str(100) }),
      ),
    },
    async (request, reply) => {
      const checked = validateGroup('code', {
        email: request.body?.email ?? '',
        token: request.body?.token ?? '',
      });
      const errors = withDeliverableEmail(checked.errors, checked.value.email);
      if (Object.keys(errors).length > 0) throw invalid(errors, MESSAGES.verificationFailed);
      const { email: address, token } = checked.value;
      const key = idempotencyKey(request, 'verify', address);
      const now = config.now();
      // A replay earns nothing new (decision 031): the browser that holds the session the first request started
      // gets the first answer again, without a new cookie; anyone else is told the code was used.
      if (await replay(db, key, now)) {
        const row = await findByEmail(db, address);
        if (row && (await sessionApplicationId(db, request, now)) === row.id)
          return reply.code(200).send({ message: VERIFIED, data: await savedApplication(db, row, now) });
        throw fieldFail(409, 'token', SERVER_MESSAGES.codeUsed);
      }
      const result = await db.transaction(async (tx) => {
        const verified = await verifyCode(tx, address, token, request.ip, now);
        if (verified.ok) await remember(tx, key, { status: 200, body: { message: VERIFIED } }, now);
        return verified;
      });
      // The wrong try is committed above before the failure is answered.
      if (!result.ok && result.retryAfter !== undefined) throw tooManyRequests(result.retryAfter);
      if (!result.ok) throw fieldFail(400, 'token', result.message);
      setSessionCookie(reply, result.session.token, result.session.expires, ctx.secureCookies);
      return reply.code(200).send({ message: VERIFIED, data: result.application });
    },
  );
}
