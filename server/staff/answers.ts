/**
 * The success answers of the staff routes, as JSON schemas (see server/routes/answers.ts for why each object names
 * every field it sends), and the table that gives each staff route its answers: server/app.ts hands it to
 * server/openapi.ts, which puts them on the routes.
 */
import { ELIGIBILITY_STATUSES } from '../../machines/rules/application';
import { REVIEW_STATUSES } from '../../machines/review.machine';
import { AUDIT_ACTIONS, REPORT_PERIODS } from '../../machines/rules/reports';
import { EMAIL_STATUSES } from '../../machines/rules/staffRecord';
import { BULK_EVENTS } from '../../machines/rules/staff/bulk';
import { staffPaths } from '../../machines/rules/staff/paths';
import { PAYMENT_STATUSES, QUEUE_STAGES, staffQueuePaths } from '../../machines/rules/staff/queue';
import { STAFF_ROLES } from '../../machines/rules/staff/roles';
import { savedViewPaths } from '../../machines/rules/staff/savedViews';
import { tagsPaths } from '../../machines/rules/staff/tags';
import { reportPaths } from '../../machines/rules/reports';
import { scorecardPaths } from '../../machines/rules/scorecard';
import { transferPath } from '../../machines/rules/staffRecord';
import { file, json, staff, type StaffDocument } from '../openapi';
import {
  bool,
  closed,
  envelope,
  int,
  nothing,
  num,
  oneOf,
  paymentRecord,
  savedApplicationFields,
  text,
} from '../routes/answers';
import { isOneApplicationWrite } from './erasedGuard';

const CONTACT = ['email', 'phone', 'whatsapp_phone'];
const list = (items: unknown) => ({ type: 'array', items });
/** A count per value (the values with none are left out). */
const countsBy = (values?: readonly string[]) => ({
  type: 'object',
  ...(values ? { propertyNames: { enum: [...values] } } : {}),
  additionalProperties: int,
});
const orNullObject = (schema: object) => ({ ...schema, type: ['object', 'null'] });
const orNullOf = (type: string) => ({ type: [type, 'null'] });

const member = closed({ email: text, role: oneOf(STAFF_ROLES), locale: text });
const queueCohort = closed({ id: int, number: int, name: text, seats: int, taken: int, waitlisted: int });
const criterion = closed({ key: text, label: text, guidance: text });
const scorecard = closed({ by: text, ratings: countsBy(), mean: num, at: text });
const scorecards = closed({
  rubric: list(criterion),
  mine: orNullObject(scorecard),
  othersVisible: { ...bool, description: 'false: the others are hidden until this team member scores' },
  others: list(scorecard),
  summary: orNullObject(
    closed({ count: int, mean: orNullOf('number'), spread: num, needsAnotherReview: bool }),
  ),
});
const savedViewFields = { id: int, name: text, query: text };
const savedView = closed(savedViewFields);
const byEvent = closed(Object.fromEntries(BULK_EVENTS.map((event) => [event, int])), []);

/** Keyed by the route's name in machines/rules/staff.ts `staffPaths` / `staffQueuePaths`. */
export const staffAnswers = {
  signIn: envelope('A code is on its way if the address is on the team (the answer does not say)', nothing),
  verify: envelope('Signed in: the staff session cookie is set', member),
  signOut: envelope('Signed out', nothing),
  me: envelope('Who is signed in', member),
  team: envelope(
    'The team; `configured`: an admin named in STAFF_EMAILS, managed by configuration',
    list(closed({ id: int, email: text, role: oneOf(STAFF_ROLES), since: text, configured: bool })),
  ),
  teamAdd: envelope('Added to the team', closed({ id: int, email: text, role: oneOf(STAFF_ROLES) })),
  teamRemove: envelope('Removed from the team', closed({ id: int })),
  tags: envelope("The application's tags, sorted (decision 060)", list(text)),
  savedViews: envelope(
    "Your saved views, by name; `query` is the queue's query string (decision 060)",
    list(savedView),
  ),
  savedViewSaved: envelope(
    'Saved; `replaced`: you had a view of that name, and it now holds this query',
    closed({ ...savedViewFields, replaced: bool }),
  ),
  savedViewDeleted: envelope('Deleted', closed({ id: int })),
  application: envelope(
    "An application's page; `answers` without email and phones for a role that does not see contact details",
    closed({
      id: int,
      answers: closed(
        savedApplicationFields,
        Object.keys(savedApplicationFields).filter((field) => !CONTACT.includes(field)),
      ),
      review: orNullObject(
        closed({
          status: oneOf(REVIEW_STATUSES),
          label: text,
          allowed: list(text),
          releasesInMs: { ...orNullOf('integer'), description: 'Until the decision reaches the applicant' },
          seats: orNullObject(closed({ seats: int, taken: int })),
          undoSeconds: num,
          interviews: { ...bool, description: "Whether the application's cohort has the interview stage on" },
        }),
      ),
      cv: orNullObject(closed({ filename: text, kind: oneOf(['pdf', 'doc', 'docx']), size: int })),
      payments: list(closed({ ...paymentRecord, provider_reference: text })),
      notes: list(closed({ id: int, body: text, at: text, by: text })),
      emails: list(
        closed({
          subject: text,
          status: oneOf(EMAIL_STATUSES),
          at: text,
          sentAt: orNullOf('string'),
          attempts: int,
        }),
      ),
      reminder: orNullObject(closed({ at: text, sentAt: orNullOf('string') })),
      interview: orNullObject(closed({ start: text, minutes: int, offeredBy: text, words: text })),
      timeline: list(
        closed({ at: text, what: text, by: text, emailSentAt: text, emailDueAt: text }, ['at', 'what']),
      ),
    }),
  ),
  note: envelope('Note added', closed({ id: int })),
  scorecards: envelope("An application's scorecards as this team member may see them", scorecards),
  scorecardSaved: envelope('Saved: every scorecard is now visible to its author', scorecards),
  rubric: envelope("A cohort's rubric", closed({ criteria: list(criterion) })),
  transfer: envelope(
    'The transfer is recorded as paid; the receipt is queued for the applicant',
    closed({ status: oneOf(REVIEW_STATUSES), label: text, payment: closed(paymentRecord) }),
  ),
  event: envelope('The review status now', closed({ status: oneOf(REVIEW_STATUSES), label: text })),
  audit: envelope(
    'The audit log, newest first, 100 entries from `before`, filtered by `staff`, `action` and `applicant`',
    list(
      closed({
        id: int,
        at: text,
        staff: text,
        action: oneOf(AUDIT_ACTIONS),
        applicationId: orNullOf('integer'),
        applicant: { ...orNullOf('string'), description: "The applicant's name; null once erased" },
        detail: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean'] } },
      }),
    ),
  ),
  queue: envelope(
    "One page of a cohort's applications; `email` and `phone` only for a role that sees contact details",
    closed({
      cohort: queueCohort,
      rows: list(
        closed(
          {
            id: int,
            name: text,
            email: text,
            phone: text,
            country: text,
            city: text,
            cohort: text,
            referralSource: text,
            stage: oneOf(QUEUE_STAGES),
            eligibility: oneOf(ELIGIBILITY_STATUSES),
            status: { ...orNullOf('string'), description: 'null until submitted' },
            statusLabel: text,
            paymentOption: text,
            paymentStatus: oneOf(PAYMENT_STATUSES),
            cv: oneOf(['uploaded', 'email', 'none']),
            createdAt: text,
            submittedAt: text,
            score: {
              ...orNullOf('number'),
              description: 'Null with no review, or until a reviewer has scored it',
            },
            reviews: int,
            assignee: orNullOf('string'),
            tags: list(text),
          },
          [
            'id',
            'name',
            'country',
            'city',
            'cohort',
            'referralSource',
            'stage',
            'eligibility',
            'status',
            'statusLabel',
            'paymentOption',
            'paymentStatus',
            'cv',
            'createdAt',
            'submittedAt',
            'score',
            'reviews',
            'assignee',
            'tags',
          ],
        ),
      ),
      nextCursor: orNullOf('string'),
      total: int,
      elsewhere: int,
      counts: closed({ status: countsBy(), stage: countsBy(QUEUE_STAGES), mine: int }),
    }),
  ),
  bulk: envelope(
    'What was (or, with dryRun, would be) applied and refused',
    closed({
      dryRun: bool,
      matched: int,
      applied: byEvent,
      refused: list(closed({ id: int, reason: text })),
      preview: list(closed({ event: oneOf(BULK_EVENTS), to: text, subject: text, text })),
      seatsFree: int,
      undoSeconds: num,
    }),
  ),
  assign: envelope(
    'How many each reviewer gets (or, with dryRun, would get), and how many change hands',
    closed({
      dryRun: bool,
      matched: int,
      perReviewer: list(closed({ id: int, email: text, count: int })),
      reassigned: int,
    }),
  ),
  bulkCsv: envelope(
    "Each row's outcome, and what was (or would be) applied",
    closed({
      dryRun: bool,
      cohort: queueCohort,
      rows: list(
        closed(
          {
            line: int,
            email: text,
            decision: text,
            outcome: oneOf(['ok', 'refused', 'unknown', 'invalid']),
            id: int,
            reason: text,
          },
          ['line', 'email', 'decision', 'outcome'],
        ),
      ),
      applied: byEvent,
    }),
  ),
  cohorts: envelope('The cohorts, newest first', list(closed({ number: int, name: text, current: bool }))),
  funnel: envelope(
    "A cohort's funnel",
    closed({
      cohort: queueCohort,
      steps: list(
        closed({
          state: text,
          title: text,
          path: text,
          reached: int,
          anonymous: bool,
          dropOff: orNullOf('number'),
          medianSeconds: orNullOf('number'),
        }),
      ),
      validationErrors: list(closed({ route: text, field: text, message: text, count: int })),
      eligibility: countsBy(ELIGIBILITY_STATUSES),
      decisions: countsBy(REVIEW_STATUSES),
      paymentOptions: countsBy(),
      submissions: closed({ submitted: int, eligibilityReview: int }),
      quizVersions: { type: 'array', items: closed({ version: int, started: int, watched: int }) },
    }),
  ),
  reports: envelope(
    "A cohort's reports (decisions 063 and 163)",
    closed({
      cohort: queueCohort,
      from: orNullOf('string'),
      to: orNullOf('string'),
      per: oneOf(REPORT_PERIODS),
      days: list(closed({ day: text, started: int, submitted: int })),
      sources: list(closed({ source: text, started: int, submitted: int })),
      countries: list(closed({ country: text, started: int, submitted: int })),
      timeToDecision: closed({
        decided: int,
        medianSeconds: orNullOf('integer'),
        p25Seconds: orNullOf('integer'),
        p75Seconds: orNullOf('integer'),
        p90Seconds: orNullOf('integer'),
        maxSeconds: orNullOf('integer'),
      }),
      throughput: list(closed({ staff: text, period: text, decisions: int })),
      agreement: closed({
        compared: int,
        agreeing: int,
        meanDifference: orNullOf('number'),
        pairs: list(
          closed({ first: text, second: text, applications: int, meanDifference: num, agreeing: int }),
        ),
        reviewers: list(closed({ staff: text, comparisons: int, meanDistance: num })),
      }),
      aid: closed({
        requests: int,
        awarded: int,
        declined: int,
        cost: list(closed({ amount: num, currency: { type: 'string', enum: ['NGN', 'USD'] } })),
      }),
    }),
  ),
};

const S = staffAnswers;

/** Each staff route's answers, keyed `METHOD url` as the route is registered, for server/openapi.ts. */
export const staffDocument: StaffDocument = {
  answers: {
    [`POST ${staffPaths.signIn}`]: { ok: json(S.signIn), refuses: [400] },
    [`POST ${staffPaths.verify}`]: { ok: json(S.verify), refuses: [400] },
    [`POST ${staffPaths.signOut}`]: { ok: json(S.signOut), refuses: [] },
    [`GET ${staffPaths.me}`]: staff(S.me),
    [`GET ${staffPaths.team}`]: staff(S.team),
    [`POST ${staffPaths.team}`]: { ok: json(S.teamAdd, 201), refuses: [400, 409] },
    [`DELETE ${staffPaths.teamMember}`]: staff(S.teamRemove, 400, 404, 409),
    [`GET ${staffPaths.application}`]: staff(S.application, 400, 404),
    [`GET ${staffPaths.cv}`]: {
      ok: [
        200,
        file(
          'The CV: a PDF inline, a Word file as an attachment',
          'application/pdf',
          'application/msword',
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        ),
      ],
      refuses: [400, 404],
    },
    [`POST ${staffPaths.notes}`]: { ok: json(S.note, 201), refuses: [400, 404] },
    [`POST ${staffPaths.events}`]: staff(S.event, 400, 404, 409),
    [`POST ${transferPath}`]: staff(S.transfer, 400, 403, 404, 409),
    [`GET ${staffPaths.audit}`]: staff(S.audit, 400),
    [`GET ${scorecardPaths.scorecards}`]: staff(S.scorecards, 400, 404, 409),
    [`PUT ${scorecardPaths.scorecards}`]: staff(S.scorecardSaved, 400, 404, 409),
    [`GET ${scorecardPaths.rubric}`]: staff(S.rubric, 400, 404),
    [`GET ${tagsPaths.tags}`]: staff(S.tags, 400, 404),
    [`POST ${tagsPaths.tags}`]: staff(S.tags, 400, 404),
    [`DELETE ${tagsPaths.tag}`]: staff(S.tags, 400, 404),
    [`GET ${savedViewPaths.views}`]: staff(S.savedViews),
    [`POST ${savedViewPaths.views}`]: staff(S.savedViewSaved, 400, 409),
    [`DELETE ${savedViewPaths.view}`]: staff(S.savedViewDeleted, 400, 404),
    [`PUT ${scorecardPaths.rubric}`]: staff(S.rubric, 400, 404),
    [`GET ${staffQueuePaths.queue}`]: staff(S.queue, 400, 404),
    [`POST ${staffQueuePaths.bulk}`]: staff(S.bulk, 400, 404),
    [`POST ${staffQueuePaths.assign}`]: staff(S.assign, 400, 404),
    [`POST ${staffQueuePaths.bulkCsv}`]: staff(S.bulkCsv, 400, 404),
    [`GET ${staffQueuePaths.cohorts}`]: staff(S.cohorts),
    [`GET ${staffQueuePaths.exportCsv}`]: {
      ok: [200, file("The filter's applications, UTF-8 with a BOM", 'text/csv')],
      refuses: [400, 404],
    },
    [`GET ${staffQueuePaths.cvsZip}`]: {
      ok: [200, file("The filter's CVs", 'application/zip')],
      refuses: [400, 404],
    },
    [`GET ${staffQueuePaths.funnel}`]: staff(S.funnel, 400, 404),
    [`GET ${reportPaths.reports}`]: staff(S.reports, 400, 404),
  },
  isOneApplicationWrite,
};
