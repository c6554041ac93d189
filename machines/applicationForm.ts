/**
 * The application form data of docs/product.md §3.1 and the other stored values of §3.2: read from the steps'
 * schemas (machines/steps/), so it sits above the steps and below the chart's setup.
 */
import type { EligibilityStatus } from './rules/application';
import type { VideoData } from './rules/contract';
import { savedFields, STEPS, type Step, type StepSchemas } from './steps';
import { schemas, type Answers } from './validation';

/** A union of object types as one object type with all their fields. */
type AllOf<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** Every step's answers (machines/steps/), as their schemas give them. */
type StepAnswers = AllOf<{ [G in keyof StepSchemas]: Answers<G> }[keyof StepSchemas]>;

/**
 * What the wizard holds: the answers of every step's group (machines/steps/), the financial aid answers, and what
 * the browser keeps beside them.
 */
export type ApplicationForm = StepAnswers &
  Answers<'financialAid'> & {
    email_verified_at: string;
    /** The partner code of the link the applicant came by (sent as `referred_by`). */
    referrer: string;
    /** The CV's stored name once uploaded; the file itself never goes to local storage. */
    pdf: string | null;
    hasUploadedCV: boolean;
    /** 'I have sent it': the CV went to the support address by email instead of an upload (the server keeps it). */
    cv_sent_by_email: boolean;
    paymentOption: string;
    eligibilityStatus: EligibilityStatus;
  } & VideoData;

/** A fresh form: each schema's defaults (empty answers, no marketing consent, agreements not yet), nothing else known. */
export const emptyApplication = (): ApplicationForm => ({
  ...(Object.assign({}, ...STEPS.map((step) => step.schema?.getDefault())) as StepAnswers),
  ...schemas.financialAid.getDefault(),
  email_verified_at: '',
  referrer: '',
  pdf: null,
  hasUploadedCV: false,
  cv_sent_by_email: false,
  paymentOption: '',
  eligibilityStatus: 'not measured',
  videoProgress: 0,
  isVideoEnded: false,
  attemptCounter: 0,
});

type OwnFields = {
  [S in Extract<Step, { schema: object }> as S['row']['state']]: S extends { saves: infer F }
    ? F
    : S['fields'];
};

/** The fields each step writes, in the order the screens show them (the steps' own, machines/steps/). */
export const STEP_FIELDS = {
  ...(Object.fromEntries(
    STEPS.flatMap((step) => (step.schema ? [[step.row.state, savedFields(step)]] : [])),
  ) as OwnFields),
  agreements: ['agreement', 'agreement1', 'agreement2'],
  financialAid: [
    'typeOfPhone',
    'haveLaptop',
    'parentAlive',
    'employed',
    'affordableFee',
    'whyBootcamp',
    'anythingElse',
  ],
} as const satisfies Record<string, readonly (keyof ApplicationForm)[]>;
