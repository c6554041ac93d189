/**
 * The staff back office's calls (docs/api.md, "Staff"). Plain fetch on the same origin: the staff cookie is
 * HttpOnly and travels by itself. A 401 means the session ended: the app is told, so it shows the sign-in form.
 */
import { aidDecisionPathOf, type StaffAidDecision } from '../../machines/rules/aidDecision';
import {
  cohortIntakePath,
  cohortSettingsPath,
  cohortSettingsPaths,
  type IntakeBody,
  type StaffCohort,
  type StaffCohortSettings,
} from '../../machines/rules/cohortSettings';
import {
  programmeSettingsPath,
  type ProgrammeSettings,
  type StaffProgrammeSettings,
} from '../../machines/rules/programmeSettings';
import { landingWordsPaths, type LandingWords } from '../../machines/rules/landingWords';
import { interviewPaths, type StaffInterviewSlots } from '../../machines/rules/interview';
import {
  selectionQuizPaths,
  type SelectionQuizSettings,
  type SelectionQuizVersion,
} from '../../machines/rules/selectionQuiz';

/** The back office's selection video and quiz: the version now published, and every version, newest first. */
export interface SelectionQuizSettingsAnswer {
  current: SelectionQuizVersion;
  history: Pick<SelectionQuizVersion, 'version' | 'published_at' | 'published_by'>[];
}
import type { ReviewEventType } from '../../machines/review.machine';
import { failureOfBody } from '../../machines/rules/contract';
import { takeAskedEarly } from '../app/askedEarly';
import type {
  MailTemplate,
  StaffMessageRequest,
  StaffMessageResult,
  StaffTemplate,
  TemplateKind,
} from '../../machines/rules/mailTemplates';
import type { ErrorMap } from '../../machines/rules/messages';
import { privacyPaths } from '../../machines/rules/privacy';
import {
  reportPaths,
  type AuditEntry,
  type AuditQuery,
  type StaffReports,
  type StaffReportsQuery,
} from '../../machines/rules/reports';
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import { savedViewPaths, type SavedView, type SavedViewResult } from '../../machines/rules/staff/savedViews';
import { staffPaths } from '../../machines/rules/staff/paths';
import {
  staffQueuePaths,
  type StaffAssignRequest,
  type StaffAssignResult,
  type StaffCohortOption,
  type StaffQueuePage,
  type StaffQueueQuery,
} from '../../machines/rules/staff/queue';
import { tagsPaths } from '../../machines/rules/staff/tags';
import { type StaffBulkRequest, type StaffBulkResult } from '../../machines/rules/staff/bulk';
import { type StaffCsvResult } from '../../machines/rules/staff/csv';
import { type StaffFunnel } from '../../machines/rules/staff/funnel';
import { type StaffRole } from '../../machines/rules/staff/roles';
import {
  scorecardPaths,
  type Ratings,
  type RubricCriterion,
  type StaffScorecards,
} from '../../machines/rules/scorecard';
import { transferPath } from '../../machines/rules/staffRecord';
import type { StaffApplicationPage } from '../../machines/staffApplication.machine';
import type { StaffMe } from '../../machines/staffSession.machine';

export type { AuditEntry };

export class StaffApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: ErrorMap = {},
  ) {
    super(message);
    this.name = 'StaffApiError';
  }
}

/** The create and change forms' values as typed (the server casts and checks them). */
export interface CohortSettingsDraft {
  name: string;
  start_date: string;
  application_deadline: string;
  seats: string;
  aid_ceiling: string;
  aid_awards: string;
  fee_ngn: string;
  fee_usd: string;
  full_discount: string;
  instalments: string;
}

export interface TeamMember {
  id: number;
  email: string;
  role: StaffRole;
  since: string;
  /** Named in the server's STAFF_EMAILS: removed only there, never in the app. */
  configured: boolean;
}

const withId = (path: string, id: number) => path.replace(':id', String(id));
const templatePath = (kind: TemplateKind) => staffPaths.template.replace(':kind', kind);

/** The query string of a view, without empty values, in a stable order. */
export const queryString = (query: StaffQueueQuery | Record<string, string | undefined>): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query).sort(([a], [b]) => a.localeCompare(b)))
    if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
};

export function createStaffApi() {
  const lost = new Set<() => void>();
  /** The answer when it is a success; otherwise its refusal thrown, in the server's words. */
  async function send(
    path: string,
    init?: { method?: string; body?: unknown; csv?: string },
    early?: Promise<Response>,
  ): Promise<Response> {
    let response: Response;
    try {
      response = await (early ??
        fetch(path, {
          method: init?.method ?? 'GET',
          credentials: 'same-origin',
          headers:
            init?.csv !== undefined
              ? { 'content-type': 'text/csv' }
              : init?.body === undefined
                ? {}
                : { 'content-type': 'application/json' },
          body: init?.csv ?? (init?.body === undefined ? undefined : JSON.stringify(init.body)),
        }));
    } catch {
      throw new StaffApiError(STAFF_MESSAGES.unreachable, 0);
    }
    if (response.status === 401 && path !== staffPaths.me && path !== staffPaths.verify)
      lost.forEach((listener) => listener());
    if (!response.ok) {
      const body: unknown = await response.json().catch(() => null);
      const failure = failureOfBody(body, response.status, STAFF_MESSAGES.unreachable);
      throw new StaffApiError(failure.message, response.status, failure.errors);
    }
    return response;
  }

  async function call<T>(
    path: string,
    init?: { method?: string; body?: unknown; csv?: string },
    early?: Promise<Response>,
  ): Promise<T> {
    const body = (await (await send(path, init, early)).json().catch(() => null)) as { data?: T } | null;
    return body?.data as T;
  }

  return {
    /** Calls `listener` whenever a call meets a 401; returns the unsubscribe. */
    onSessionLost: (listener: () => void) => {
      lost.add(listener);
      return () => void lost.delete(listener);
    },
    // The first answer is the one the page asked for with its scripts, if it did (src/app/askedEarly.ts).
    me: () => call<StaffMe>(staffPaths.me, undefined, takeAskedEarly(staffPaths.me)),
    sendCode: (email: string) => call<unknown>(staffPaths.signIn, { method: 'POST', body: { email } }),
    verify: (email: string, token: string) =>
      call<StaffMe>(staffPaths.verify, { method: 'POST', body: { email, token } }),
    signOut: () => call<unknown>(staffPaths.signOut, { method: 'POST', body: {} }),
    queue: (query: StaffQueueQuery) => call<StaffQueuePage>(staffQueuePaths.queue + queryString(query)),
    bulk: (request: StaffBulkRequest) =>
      call<StaffBulkResult>(staffQueuePaths.bulk, { method: 'POST', body: request }),
    application: (id: number) => call<StaffApplicationPage>(withId(staffPaths.application, id)),
    review: (id: number, type: ReviewEventType, overbook = false) =>
      call<{ status: string; label: string }>(withId(staffPaths.events, id), {
        method: 'POST',
        body: overbook ? { type, overbook } : { type },
      }),
    /** An admin records the applicant's bank transfer as paid (machines/rules/staffRecord.ts). */
    recordTransfer: (id: number, reference: string) =>
      call<{ status: string; label: string }>(withId(transferPath, id), {
        method: 'POST',
        body: { reference },
      }),
    addNote: (id: number, body: string) =>
      call<unknown>(withId(staffPaths.notes, id), { method: 'POST', body: { body } }),
    /** Cohorts in the back office (machines/rules/cohortSettings.ts): the list, create, change, pause/close/reopen. */
    cohortSettings: () => call<StaffCohortSettings>(cohortSettingsPaths.cohorts),
    createCohort: (settings: CohortSettingsDraft) =>
      call<StaffCohort>(cohortSettingsPaths.cohorts, { method: 'POST', body: settings }),
    changeCohort: (number: number, settings: CohortSettingsDraft) =>
      call<StaffCohort>(cohortSettingsPath(number), { method: 'POST', body: settings }),
    changeIntake: (number: number, body: IntakeBody) =>
      call<StaffCohort>(cohortIntakePath(number), { method: 'POST', body }),
    /** The bank details and support address (machines/rules/programmeSettings.ts): every member sees, admins save. */
    programmeSettings: () => call<StaffProgrammeSettings>(programmeSettingsPath),
    saveProgrammeSettings: (settings: ProgrammeSettings) =>
      call<StaffProgrammeSettings>(programmeSettingsPath, { method: 'POST', body: settings }),
    /** The selection video and quiz (machines/rules/selectionQuiz.ts, decision 245): the current version, publish. */
    selectionQuiz: () => call<SelectionQuizSettingsAnswer>(selectionQuizPaths.settings),
    publishSelectionQuiz: (settings: SelectionQuizSettings) =>
      call<SelectionQuizSettingsAnswer>(selectionQuizPaths.settings, { method: 'POST', body: settings }),
    /** The landing page's words (machines/rules/landingWords.ts, decision 246): read, a draft to preview, publish. */
    landingWords: () => call<StaffLandingWords>(landingWordsPaths.words),
    saveLandingDraft: (words: LandingWords) =>
      call<unknown>(landingWordsPaths.draft, { method: 'POST', body: { words } }),
    publishLandingWords: (words: LandingWords, version: number) =>
      call<unknown>(landingWordsPaths.publish, { method: 'POST', body: { words, version } }),
    team: () => call<TeamMember[]>(staffPaths.team),
    addMember: (email: string, role: string) =>
      call<unknown>(staffPaths.team, { method: 'POST', body: { email, role } }),
    removeMember: (id: number) => call<unknown>(withId(staffPaths.teamMember, id), { method: 'DELETE' }),
    audit: (query: AuditQuery) => call<AuditEntry[]>(staffPaths.audit + queryString({ ...query })),
    cohorts: () => call<StaffCohortOption[]>(staffQueuePaths.cohorts),
    /** Decisions from a CSV file's text: a dry run unless `apply`. */
    bulkCsv: (text: string, cohort: string | undefined, apply: boolean) =>
      call<StaffCsvResult>(
        staffQueuePaths.bulkCsv + queryString({ cohort, ...(apply ? {} : { dryRun: '1' }) }),
        { method: 'POST', csv: text },
      ),
    /** One applicant's data as the zip they would download themselves (audited on the server). */
    exportData: async (id: number) => (await send(withId(privacyPaths.staffExport, id))).blob(),
    eraseData: (id: number) =>
      call<{ id: number }>(withId(privacyPaths.staffErase, id), { method: 'POST', body: { confirm: true } }),
    reports: (query: StaffReportsQuery) =>
      call<StaffReports>(reportPaths.reports + queryString({ ...query })),
    assign: (request: StaffAssignRequest) =>
      call<StaffAssignResult>(staffQueuePaths.assign, { method: 'POST', body: request }),
    scorecards: (id: number) => call<StaffScorecards>(withId(scorecardPaths.scorecards, id)),
    saveScorecard: (id: number, ratings: Ratings) =>
      call<StaffScorecards>(withId(scorecardPaths.scorecards, id), { method: 'PUT', body: { ratings } }),
    rubric: (cohort: number) =>
      call<{ criteria: RubricCriterion[] }>(scorecardPaths.rubric.replace(':number', String(cohort))),
    saveRubric: (cohort: number, criteria: Pick<RubricCriterion, 'label' | 'guidance'>[]) =>
      call<unknown>(scorecardPaths.rubric.replace(':number', String(cohort)), {
        method: 'PUT',
        body: { criteria },
      }),
    interviewSlots: (cohort: number) =>
      call<StaffInterviewSlots>(interviewPaths.slots.replace(':number', String(cohort))),
    switchInterviews: (cohort: number, on: boolean) =>
      call<StaffInterviewSlots>(interviewPaths.setting.replace(':number', String(cohort)), {
        method: 'PUT',
        body: { on },
      }),
    addInterviewSlot: (cohort: number, start: string, minutes: number) =>
      call<StaffInterviewSlots>(interviewPaths.slots.replace(':number', String(cohort)), {
        method: 'POST',
        body: { start, minutes },
      }),
    removeInterviewSlot: (id: number) =>
      call<{ id: number }>(withId(interviewPaths.slot, id), { method: 'DELETE' }),
    templates: () => call<StaffTemplate[]>(staffPaths.templates),
    saveTemplate: (kind: TemplateKind, template: MailTemplate) =>
      call<unknown>(templatePath(kind), { method: 'POST', body: template }),
    restoreTemplate: (kind: TemplateKind) => call<unknown>(templatePath(kind), { method: 'DELETE' }),
    tags: (id: number) => call<string[]>(withId(tagsPaths.tags, id)),
    aidDecision: (id: number) => call<StaffAidDecision>(aidDecisionPathOf(id)),
    decideAid: (id: number, body: { decision: 'award' | 'decline' | 'undo'; share?: string }) =>
      call<StaffAidDecision>(aidDecisionPathOf(id), { method: 'POST', body }),
    addTag: (id: number, tag: string) =>
      call<string[]>(withId(tagsPaths.tags, id), { method: 'POST', body: { tag } }),
    removeTag: (id: number, tag: string) =>
      call<string[]>(withId(tagsPaths.tag, id).replace(':tag', encodeURIComponent(tag)), {
        method: 'DELETE',
      }),
    savedViews: () => call<SavedView[]>(savedViewPaths.views),
    saveView: (name: string, query: string) =>
      call<SavedViewResult>(savedViewPaths.views, { method: 'POST', body: { name, query } }),
    deleteView: (id: number) => call<{ id: number }>(withId(savedViewPaths.view, id), { method: 'DELETE' }),
    messageOne: (id: number, words: MailTemplate) =>
      call<unknown>(withId(staffPaths.message, id), { method: 'POST', body: words }),
    messageMany: (request: StaffMessageRequest) =>
      call<StaffMessageResult>(staffPaths.messages, { method: 'POST', body: request }),
    funnel: (cohort?: string) =>
      call<StaffFunnel>(staffQueuePaths.funnel + (cohort ? `?cohort=${encodeURIComponent(cohort)}` : '')),
  };
}

export type StaffApi = ReturnType<typeof createStaffApi>;

export const cvUrl = (id: number) => withId(staffPaths.cv, id);

/** What GET landingWordsPaths.words answers. */
export interface StaffLandingWords {
  published: LandingWords;
  version: number;
  published_at: string;
  draft: LandingWords | null;
}
