/**
 * What the rehearsal saw, as plain data: every answer the server gave, what each applicant and each admin did and
 * read, the seats sampled during the bulk decisions, the mail that reached the sink, and the tables read at the end.
 * The invariants (rehearsal/invariants.ts) are pure functions over this.
 */
import type { Standing } from '../machines/review.machine';

/** One request's answer: `status` 0 when the client gave up waiting (a timeout the applicant then retries). */
export interface Answer {
  method: string;
  route: string;
  status: number;
  ms: number;
  /** Epoch ms when the answer arrived. */
  at: number;
  /** The applicant's email, or the staff member's, when the request was theirs. */
  who?: string;
}

/** A decision email's kind, from its subject; `undefined` when a message is none. */
export type DecisionKind = 'accepted' | 'waitlisted' | 'rejected';

/** One message the SMTP sink received. */
export interface SinkMessage {
  /** The outbox row's id, from `Message-ID: <outbox-ID@domain>`; null when the header is not the product's. */
  outboxId: number | null;
  to: string;
  subject: string;
  at: number;
}

/** An outbox row at the end of the run (read from the database). */
export interface OutboxRow {
  id: number;
  to: string;
  subject: string;
  delivered: boolean;
  attempts: number;
  /** Epoch ms it was queued and delivered (null while not delivered). */
  queuedAt: number;
  deliveredAt: number | null;
}

/** A staff decision as the database recorded it (review_events). */
export interface DecisionEvent {
  applicationId: number;
  toStatus: string;
  /** Epoch ms. */
  createdAt: number;
  undone: boolean;
  /** When the decision mailer released it (queued its email: review_events.email_sent_at), epoch ms; or null. */
  releasedAt: number | null;
}

/** The cohort's seats and acceptances at one moment of the bulk decisions. */
export interface SeatSample {
  at: number;
  cohort: number;
  seats: number;
  taken: number;
}

/**
 * The processes at one moment of the run (rehearsal/sampler.ts), for the report (no invariant reads them); null where
 * the server's /metrics did not say.
 */
export interface ProcessSample {
  at: number;
  /** The server's CPU time so far and resident memory (summed over its workers), and its outbox's undelivered rows. */
  serverCpuSeconds: number | null;
  serverRssBytes: number | null;
  outboxMessages: number | null;
  /** The rehearsal's own process: the applicants, the team and the SMTP sink. */
  rehearsalCpuSeconds: number;
  rehearsalRssBytes: number;
}

/** An applicant read their standing: `at` is when the answer arrived. */
export interface StandingRead {
  email: string;
  at: number;
  standing: Standing;
}

/** A bulk decision as the admin sent it: the rows it applied to, from `sentAt` (the earliest it can be taken). */
export interface BulkDecision {
  reviewer: string;
  event: 'ACCEPT' | 'WAITLIST' | 'REJECT';
  ids: number[];
  sentAt: number;
  /** What the server applied per event (with capSeats, the rows past the last seat are waitlisted). */
  applied: Partial<Record<'ACCEPT' | 'WAITLIST' | 'REJECT', number>>;
}

/** One decided application as both sides read it at the end. */
export interface FinalRead {
  applicationId: number;
  email: string;
  /** The staff record's standing (`reviewMeta(status).standing`) and whether it still says held. */
  staff: Standing;
  staffHeld: boolean;
  /** The applicant's standing endpoint. */
  applicant: Standing;
}

/** A save the server acknowledged (2xx), and what the application holds for it at the end. */
export interface AcknowledgedWrite {
  email: string;
  step: string;
  sent: Record<string, unknown>;
  /** The same fields as read back (the owner's get-application); undefined when the application is gone. */
  stored: Record<string, unknown> | undefined;
}

/** How many emails of one kind an applicant should have had, and how many reached the sink. */
export interface EmailEffect {
  email: string;
  kind: 'code' | 'confirmation';
  expected: number;
  received: number;
}

/** One invited applicant's interview at the end (decision 175), as each side reads it. */
export interface InterviewRead {
  applicationId: number;
  email: string;
  /** The start of the slot the applicant's booking was acknowledged for; null when they did not book. */
  booked: string | null;
  /** The booking's start on the staff application page, and on the applicant's interview page (null: none). */
  staff: string | null;
  applicant: string | null;
}

/** A slot at the end (from the database): its capacity, how many booked it, and who offers it. */
export interface SlotCount {
  id: number;
  cohort: number;
  capacity: number;
  booked: number;
  offeredBy: string;
}

/** A submitted application at the end (from the database): its cohort and review status. */
export interface Placement {
  applicationId: number;
  email: string;
  cohort: number;
  /** The stored review status (`submitted` when none). */
  status: string;
  erased: boolean;
  /** Placed on this cohort's waitlist at submit (its own cohort was full or closed). */
  waitlistedAtSubmit: boolean;
}

export interface Observations {
  answers: Answer[];
  sink: SinkMessage[];
  outbox: OutboxRow[];
  /** The outbox's own retry budget (attempts after which a row stays for an operator). */
  retryBudget: number;
  decisions: DecisionEvent[];
  bulk: BulkDecision[];
  seats: SeatSample[];
  standingReads: StandingRead[];
  finals: FinalRead[];
  writes: AcknowledgedWrite[];
  effects: EmailEffect[];
  /** email → application id, from the database. */
  ids: Record<string, number>;
  /** The server's undo window, and what a release may take after it (the decision mailer's period and a grace). */
  undoMs: number;
  releaseBudgetMs: number;
  /** Every submitted application's cohort and status; the interviews and slots (empty without `--interviews`). */
  placements: Placement[];
  interviews: InterviewRead[];
  slots: SlotCount[];
  /** The database's data as `pg_dump` wrote it after the server stopped (PostgreSQL runs), else null. */
  dump: string | null;
  /** The applicants whose erasure the server acknowledged, as they typed their email and phone. */
  erased: { email: string; phone: string }[];
}

/** An applicant as breach messages name them: `application 42 (r-0007@rehearsal.test)`. */
export function who(observations: Pick<Observations, 'ids'>, email: string): string {
  const id = observations.ids[email.toLowerCase()];
  return id === undefined ? email : `application ${id} (${email})`;
}
