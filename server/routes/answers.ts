/**
 * The success answers of the applicant routes, as JSON schemas for the OpenAPI document and the serialiser
 * (server/openapi.ts puts them on the routes). A response schema makes Fastify write the answer with
 * fast-json-stringify, which writes only the fields a schema names: every object here names all of its fields
 * (`additionalProperties: false` says so to integrators), and the server tests compare each answer written with its
 * schema to the same value written without one (tests/server/support.ts, `checkDocumentedAnswers`).
 */
import { STAGES } from '../../machines/rules/contract';
import { ELIGIBILITY_STATUSES } from '../../machines/rules/application';
import { FINANCIAL_AID_NAMES } from '../../machines/rules/contract';
import { savedFields, storedSteps } from '../../machines/steps';
import { answersOf } from './schemas';

export const text = { type: 'string' } as const;
export const int = { type: 'integer' } as const;
export const num = { type: 'number' } as const;
export const bool = { type: 'boolean' } as const;
export const oneOf = (values: readonly string[]) => ({ type: 'string', enum: [...values] });

/** An object with exactly these fields; all of them always sent unless `required` says otherwise. */
export const closed = (
  properties: Record<string, unknown>,
  required: string[] = Object.keys(properties),
) => ({
  type: 'object',
  additionalProperties: false,
  properties,
  ...(required.length ? { required } : {}),
});

/** `{ message, data }`, the envelope of every success answer (docs/api.md). */
export const envelope = (description: string, data: unknown) => ({
  description,
  ...closed({ message: text, data }),
});

export const nothing = closed({});

const cohortRef = closed({ id: int, name: text });

/** machines/rules/payments.ts `FeeTable` (decision 244). */
export const feeTable = closed({
  fee_ngn: int,
  fee_usd: int,
  full_discount: int,
  instalments: int,
  aid_ceiling: int,
});

/** machines/rules/contract.ts `PaymentRecord`. */
export const paymentRecord = {
  reference: text,
  option: text,
  amount: num,
  currency: oneOf(['NGN', 'USD']),
  status: oneOf(['pending', 'paid', 'failed', 'duplicate']),
  paid_at: { ...text, description: "ISO date and time; '' until paid" },
};

/** Where an aid request stands as the applicant may be told it (decision 238); null when none was made. */
const aidStanding = {
  ...closed({ status: oneOf(['received', 'awarded', 'declined']), share: int }),
  type: ['object', 'null'],
};
const aidAnswers = closed(Object.fromEntries(Object.keys(FINANCIAL_AID_NAMES).map((name) => [name, text])));

/**
 * Each stored step's saved answers (machines/steps/), typed from its one schema as the body is; the eligibility's with
 * the server's own score beside them.
 */
const stepAnswers = Object.fromEntries(
  storedSteps().map((step) => {
    const answers = step.schema ? answersOf(step.schema, savedFields(step)) : {};
    const scored = step.column === 'eligibility' ? { status: oneOf(ELIGIBILITY_STATUSES) } : {};
    return [step.column, closed({ ...answers, ...scored })];
  }),
);

/** `SavedApplication`: the application as its owner sees it (server/applications.ts `savedApplication`). */
export const savedApplicationFields = {
  firstname: text,
  middlename: text,
  lastname: text,
  gender: text,
  country: text,
  city: text,
  email: text,
  phone: text,
  whatsapp_phone: text,
  referred_by: text,
  email_verified_at: text,
  stage: oneOf(STAGES),
  communications: closed({
    referral_source: text,
    referral_detail: text,
    communication_consent: { type: 'integer', enum: [0, 1] },
  }),
  ...stepAnswers,
  cv: { ...closed({ filename: text, size: int }), type: ['object', 'null'] },
  cv_sent_by_email: bool,
  video: closed({ videoProgress: num, isVideoEnded: bool, attemptCounter: int }),
  payment_option: text,
  payment: { ...closed(paymentRecord), type: ['object', 'null'] },
  financial_aid: { ...aidAnswers, type: ['object', 'null'] },
  aid: aidStanding,
  fees: feeTable,
  reminder_date: text,
  submitted_at: text,
  cohort: closed({ id: int, name: text, waitlisted: bool, start_date: text }),
};
const savedApplication = closed(savedApplicationFields);

const lookupSummary = closed({
  exists: { type: 'boolean', enum: [true] },
  stage: oneOf(STAGES),
  email_verified: bool,
});

const cohortInfo = {
  id: int,
  name: text,
  number: int,
  start_date: text,
  application_deadline: text,
  fees: feeTable,
};

/** Where the session's own application stands (the standing answer, and the withdrawal's). */
const standingAnswer = closed({
  standing: oneOf(['under_review', 'accepted', 'waitlisted', 'not_successful', 'withdrawn']),
  cohort: closed({ id: int, name: text, number: int }),
  aid: aidStanding,
  withdrawable: bool,
});

/** Keyed by the route's path in machines/rules/contract.ts `paths`. */
export const applicantAnswers = {
  currentCohort: envelope(
    'The cohort an application started now is for; `full`: the cohort open now, when it is full (decision 016); `paused`: the cohort open now, when an admin paused it, with its reopen day or null (decision 235)',
    {
      type: 'array',
      items: closed(
        {
          ...cohortInfo,
          full: closed(cohortInfo),
          paused: closed({ ...cohortInfo, reopens_on: { type: ['string', 'null'] } }, [
            ...Object.keys(cohortInfo),
            'reopens_on',
          ]),
        },
        Object.keys(cohortInfo),
      ),
    },
  ),
  privacyNotice: envelope(
    "The privacy notice's version, which a create's `communications.privacy_notice_version` must carry, and `path`, the notice's page (decision 150)",
    closed({ version: text, path: text }),
  ),
  lookup: envelope(
    'Empty when no application has this email; its whole saved application for its owner (the session), else how far it got',
    { type: 'array', maxItems: 1, items: { anyOf: [lookupSummary, savedApplication] } },
  ),
  create: envelope(
    'Created, and a code emailed; `retryAfter`: seconds before another code may be asked for',
    closed({ email: text, stage: oneOf(['created']), retryAfter: int }),
  ),
  resendCode: envelope('A new code emailed', closed({ retryAfter: int })),
  verifyEmail: envelope('The saved application; the session cookie is set', savedApplication),
  signOut: envelope('Signed out', nothing),
  standing: envelope(
    'Where the application stands, once a decision is released, and where its financial aid request stands (null: none made); `withdrawable`: whether the applicant may withdraw it now',
    standingAnswer,
  ),
  withdraw: envelope('Withdrawn (or withdrawn already): where the application now stands', standingAnswer),
  selectionQuiz: envelope(
    "The selection video and quiz the session's application started, else the newest (decision 245)",
    closed({
      version: int,
      video_url: text,
      poster_url: text,
      captions_url: text,
      questions: {
        type: 'array',
        items: closed({ text, choices: { type: 'array', items: closed({ label: text, correct: bool }) } }),
      },
      published_at: text,
    }),
  ),
  eligibility: envelope(
    "Saved; `status` is the server's own score",
    closed({ status: oneOf(ELIGIBILITY_STATUSES) }),
  ),
  saved: envelope('Saved', nothing),
  submit: envelope(
    'Submitted: the cohort it is for (or waitlisted for)',
    closed({ cohort: cohortRef, waitlisted: bool }),
  ),
  uploadCv: envelope('The CV stored, replacing any before', closed({ filename: text, size: int })),
  geo: envelope("The visitor's country", closed({ country_name: text })),
  paymentStart: envelope(
    'The payment issued: the order to open at the checkout, priced by the server',
    closed({
      order: closed({
        amount: num,
        currency: oneOf(['NGN', 'USD']),
        shipping_fee: num,
        merchant_reference: text,
        items: { type: 'array', items: closed({ name: text, unit_price: num, quantity: int }) },
        meta_data: closed({ email: text, payment_option: text }),
      }),
      sandbox: bool,
    }),
  ),
  paymentVerify: envelope(
    'The payment that counts (a second one paid is kept as a duplicate to refund, and the message says so)',
    closed(paymentRecord),
  ),
};
