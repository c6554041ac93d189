/**
 * The staff back office's calls (docs/api.md, "Staff"). Plain fetch on the same origin: the staff cookie is
 * HttpOnly and travels by itself. A 401 means the session ended: the app is told, so it shows the sign-in form.
 */
import type { ReviewEventType } from '../../machines/review.machine';
import { failureOfBody } from '../../machines/rules/contract';
import type { ErrorMap } from '../../machines/rules/messages';
import {
  STAFF_MESSAGES,
  staffPaths,
  staffQueuePaths,
  type StaffBulkRequest,
  type StaffBulkResult,
  type StaffCohortOption,
  type StaffCsvResult,
  type StaffFunnel,
  type StaffQueuePage,
  type StaffQueueQuery,
  type StaffRole,
} from '../../machines/rules/staff';
import { transferPath } from '../../machines/rules/staffRecord';
import type { StaffApplicationPage } from '../../machines/staffApplication.machine';
import type { StaffMe } from '../../machines/staffSession.machine';

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

export interface TeamMember {
  id: number;
  email: string;
  role: StaffRole;
  since: string;
  /** Named in the server's STAFF_EMAILS: removed only there, never in the app. */
  configured: boolean;
}

export interface AuditEntry {
  id: number;
  at: string;
  staff: string;
  action: string;
  applicationId: number | null;
  detail: Record<string, unknown> | null;
}

const withId = (path: string, id: number) => path.replace(':id', String(id));

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
  async function call<T>(path: string, init?: { method?: string; body?: unknown; csv?: string }): Promise<T> {
    let response: Response;
    try {
      response = await fetch(path, {
        method: init?.method ?? 'GET',
        credentials: 'same-origin',
        headers:
          init?.csv !== undefined
            ? { 'content-type': 'text/csv' }
            : init?.body === undefined
              ? {}
              : { 'content-type': 'application/json' },
        body: init?.csv ?? (init?.body === undefined ? undefined : JSON.stringify(init.body)),
      });
    } catch {
      throw new StaffApiError(STAFF_MESSAGES.unreachable, 0);
    }
    const body = (await response.json().catch(() => null)) as {
      message?: string;
      data?: T & { error?: ErrorMap };
    } | null;
    if (response.status === 401 && path !== staffPaths.me && path !== staffPaths.verify)
      lost.forEach((listener) => listener());
    if (!response.ok) {
      const failure = failureOfBody(body, response.status, STAFF_MESSAGES.unreachable);
      throw new StaffApiError(failure.message, response.status, failure.errors);
    }
    return body?.data as T;
  }

  return {
    /** Calls `listener` whenever a call meets a 401; returns the unsubscribe. */
    onSessionLost: (listener: () => void) => {
      lost.add(listener);
      return () => void lost.delete(listener);
    },
    me: () => call<StaffMe>(staffPaths.me),
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
    team: () => call<TeamMember[]>(staffPaths.team),
    addMember: (email: string, role: string) =>
      call<unknown>(staffPaths.team, { method: 'POST', body: { email, role } }),
    removeMember: (id: number) => call<unknown>(withId(staffPaths.teamMember, id), { method: 'DELETE' }),
    audit: (before?: string) =>
      call<AuditEntry[]>(staffPaths.audit + (before ? `?before=${encodeURIComponent(before)}` : '')),
    cohorts: () => call<StaffCohortOption[]>(staffQueuePaths.cohorts),
    /** Decisions from a CSV file's text: a dry run unless `apply`. */
    bulkCsv: (text: string, cohort: string | undefined, apply: boolean) =>
      call<StaffCsvResult>(
        staffQueuePaths.bulkCsv + queryString({ cohort, ...(apply ? {} : { dryRun: '1' }) }),
        { method: 'POST', csv: text },
      ),
    funnel: (cohort?: string) =>
      call<StaffFunnel>(staffQueuePaths.funnel + (cohort ? `?cohort=${encodeURIComponent(cohort)}` : '')),
  };
}

export type StaffApi = ReturnType<typeof createStaffApi>;

export const cvUrl = (id: number) => withId(staffPaths.cv, id);
