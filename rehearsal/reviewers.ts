/**
 * The review team through the staff API, as the back office sends it: each member signs in with the emailed code,
 * takes their share of the submitted queue of every cohort that has one (the open cohort first, then the next
 * cohorts, whose applications found the one before full), and decides it in bulk (accept within the cohort's seats,
 * waitlist, not successful), undoes a row now and then inside the undo window, and writes to some applicants; with
 * `--interviews` some are invited first and decided once they booked (interviews.ts). They use the pages a team keeps
 * open: the queue page, triage's list and the application, the lead's Reports. Meanwhile the seats are sampled, and
 * an applicant just decided looks at their standing (it must not show yet).
 */
import { paths, type ApplicantStanding } from '../machines/rules/contract';
import {
  cohortSettingsPath,
  cohortSettingsPaths,
  type StaffCohortSettings,
} from '../machines/rules/cohortSettings';
import type { StaffBulkResult } from '../machines/rules/staff/bulk';
import { staffPaths } from '../machines/rules/staff/paths';
import {
  staffQueuePaths,
  type StaffAssignResult,
  type StaffCohortOption,
  type StaffQueuePage,
  type StaffQueueRow,
} from '../machines/rules/staff/queue';
import { STAFF_COOKIE } from '../machines/rules/staff/session';
import { reportPaths } from '../machines/rules/reports';
import type { ApplicantRecord } from './applicant';
import { cookieNamed, type Client, type Reviewer } from './client';
import type { InterviewStage } from './interviews';
import { codeIn } from './mailKinds';
import type { BulkDecision, SeatSample, StandingRead } from './observations';
import type { RehearsalOptions } from './options';
import type { Sink } from './sink';

export interface ReviewLog {
  bulk: BulkDecision[];
  seats: SeatSample[];
  standingReads: StandingRead[];
  undone: number;
  undoRefused: number;
  messages: number;
  refusedRows: number;
  /** Rows the first admin dealt to the team (the assign route, round-robin). */
  assigned: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function signIn(client: Client, sink: Sink, email: string): Promise<Reviewer> {
  const asked = Date.now();
  const reply = await client.once({ method: 'POST', path: staffPaths.signIn, body: { email }, who: email });
  if (reply.status !== 200) throw new Error(`staff sign-in for ${email} answered ${reply.status}`);
  const mail = await sink.waitFor(email, (s) => codeIn(s) !== undefined, asked - 1000);
  const verified = await client.once({
    method: 'POST',
    path: staffPaths.verify,
    body: { email, token: codeIn(mail.subject) },
    who: email,
  });
  const cookie = cookieNamed(verified, STAFF_COOKIE);
  if (verified.status !== 200 || !cookie)
    throw new Error(`staff verify for ${email} answered ${verified.status}`);
  return { email, cookie };
}

/** The open cohort's number, its seats set to the round's (the admin's edit on the Cohorts screen). */
export async function setSeats(client: Client, admin: Reviewer, seats: number): Promise<number> {
  const options = await client.read<{ data: StaffCohortOption[] }>(admin, staffQueuePaths.cohorts);
  const current = options.body.data.find((c) => c.current);
  if (!current) throw new Error('no open cohort');
  const list = await client.read<{ data: StaffCohortSettings }>(admin, cohortSettingsPaths.cohorts);
  const cohort = list.body.data.cohorts.find((c) => c.number === current.number)!;
  const saved = await client.write({
    method: 'POST',
    path: cohortSettingsPath(current.number),
    route: cohortSettingsPaths.cohort,
    body: { ...cohort, seats },
    cookie: admin.cookie,
    who: admin.email,
  });
  if (saved.status !== 200)
    throw new Error(`setting the seats answered ${saved.status}: ${JSON.stringify(saved.body)}`);
  return current.number;
}

/** The team members' ids, in the order of `team` (the Team screen's list). */
export async function teamIds(client: Client, admin: Reviewer, team: Reviewer[]): Promise<number[]> {
  const reply = await client.read<{ data: { id: number; email: string }[] }>(admin, staffPaths.team);
  return team.map((member) => reply.body.data.find((m) => m.email === member.email)!.id);
}

/**
 * The cohorts the team works, oldest first: the one open now and every later one (the cohort picker lists them
 * newest first). A later cohort holds the applications that found the open one full: its waitlist.
 */
export async function teamCohorts(client: Client, me: Reviewer): Promise<number[]> {
  const reply = await client.read<{ data: StaffCohortOption[] }>(me, staffQueuePaths.cohorts);
  if (reply.status !== 200) return [];
  const open = reply.body.data.find((c) => c.current)?.number ?? 0;
  return reply.body.data
    .map((c) => c.number)
    .filter((n) => n >= open)
    .sort((a, b) => a - b);
}

/**
 * While applicants arrive, the first admin deals the unassigned submitted rows of every cohort worked to the team (My
 * queue), round-robin, every second; each member decides their own until the arrivals are over.
 */
export async function assignNew(
  client: Client,
  admin: Reviewer,
  ids: number[],
  log: ReviewLog,
  stop: () => boolean,
): Promise<void> {
  while (!stop()) {
    for (const cohort of await teamCohorts(client, admin)) {
      const reply = await client.write<{ data: StaffAssignResult }>({
        method: 'POST',
        path: staffQueuePaths.assign,
        body: { filter: { cohort: String(cohort), status: 'submitted', assignee: 'none' }, reviewers: ids },
        cookie: admin.cookie,
        who: admin.email,
      });
      if (reply.status === 200) log.assigned += reply.body.data.perReviewer.reduce((n, r) => n + r.count, 0);
    }
    await sleep(1000);
  }
}

/** The lead keeps the open cohort's Reports open during the round: read again every few seconds. */
export async function watchReports(client: Client, lead: Reviewer, stop: () => boolean): Promise<void> {
  while (!stop()) {
    const [open] = await teamCohorts(client, lead);
    if (open !== undefined)
      await client.read(lead, `${reportPaths.reports}?cohort=${open}&per=day`, reportPaths.reports);
    await sleep(3000);
  }
}

/** Samples every cohort's seats and acceptances until `stop()` says so. */
export async function sampleSeats(client: Client, admin: Reviewer, log: ReviewLog, stop: () => boolean) {
  while (!stop()) {
    const reply = await client.read<{ data: StaffCohortSettings }>(admin, cohortSettingsPaths.cohorts);
    if (reply.status === 200)
      for (const c of reply.body.data.cohorts)
        log.seats.push({ at: Date.now(), cohort: c.number, seats: c.seats, taken: c.taken });
    await sleep(250);
  }
}

/** The statuses a member decides now: not yet decided, or interviewed (the booking made). */
const TO_DECIDE = ['submitted', 'in_review', 'eligibility_review', 'interview_booked'] as const;
/** Invited but not booked: decided without the interview once every applicant who would book has done so. */
const INVITED = 'interview_invited';
/** Whom a member may invite rather than decide at once (START_REVIEW then INVITE_TO_INTERVIEW). */
const INVITABLE = new Set(['submitted', 'in_review']);

/** The routes as the report names them: the same queue route read as the screen's page or as triage's list. */
export const QUEUE_PAGE_ROUTE = `${staffQueuePaths.queue} (queue page)`;
export const TRIAGE_LIST_ROUTE = `${staffQueuePaths.queue} (triage list, 200 rows)`;

/**
 * One team member's work, one cohort at a time, the open one first: the next cohort's turn (the applications that
 * found the one before full, on its waitlist) comes when the one before has nothing left to decide. In a cohort: the
 * rows assigned to them (My queue) of the triage list, the first one opened, the queue page looked at, then a small
 * batch decided in bulk within the cohort's seats; with `--interviews`, some are invited instead and decided once
 * they booked. Once the applicants have all finished, everyone's leftovers, until nothing is left to decide.
 */
export async function review(
  client: Client,
  me: Reviewer,
  index: number,
  team: number,
  deps: {
    options: RehearsalOptions;
    random: () => number;
    log: ReviewLog;
    applicants: Map<string, ApplicantRecord>;
    arrivalsDone: () => boolean;
    interviews?: InterviewStage;
  },
): Promise<void> {
  const { options, random, log, applicants, arrivalsDone, interviews } = deps;
  let idle = 0;
  for (;;) {
    const finished = arrivalsDone();
    const lastCall = finished && (!interviews || interviews.settled());
    const statuses = [...TO_DECIDE, ...(lastCall ? [INVITED] : [])].join(',');
    // Everyone's leftovers once the arrivals are over, so no row waits for a member who has stopped.
    const view = finished ? '' : '&assignee=me';
    let cohort: number | undefined;
    let rows: StaffQueueRow[] = [];
    for (const number of await teamCohorts(client, me)) {
      const page = await client.read<{ data: StaffQueuePage }>(
        me,
        `${staffQueuePaths.queue}?cohort=${number}&status=${statuses}&limit=200&sort=submitted&dir=asc${view}`,
        TRIAGE_LIST_ROUTE,
      );
      if (page.status === 200 && page.body.data.rows.length) {
        cohort = number;
        rows = page.body.data.rows;
        break;
      }
    }
    // After the arrivals, the members share the leftovers by id, so two rarely take the same row.
    const mine = rows.filter((row) => !finished || row.id % team === index || idle > 5);
    if (cohort === undefined || mine.length === 0) {
      if (lastCall && (rows.length === 0 || ++idle > 20)) return;
      await sleep(300);
      continue;
    }
    idle = 0;
    // Triage opens the first of the list; the member goes back to the queue page before deciding in bulk.
    await client.read(me, staffPaths.application.replace(':id', String(mine[0].id)), staffPaths.application);
    await client.read(me, `${staffQueuePaths.queue}?cohort=${cohort}`, QUEUE_PAGE_ROUTE);
    let batch = mine.slice(0, 3 + Math.floor(random() * 10));
    if (interviews && !finished) {
      const invited = new Set<number>();
      for (const row of batch)
        if (row.status && INVITABLE.has(row.status) && random() < options.invite)
          if (await interviews.invite(me, cohort, row)) invited.add(row.id);
      batch = batch.filter((row) => !invited.has(row.id));
      if (batch.length === 0) continue;
    }
    const roll = random();
    const event = roll < 0.55 ? 'ACCEPT' : roll < 0.8 ? 'WAITLIST' : 'REJECT';
    const sentAt = Date.now();
    const reply = await client.write<{ data: StaffBulkResult }>({
      method: 'POST',
      path: staffQueuePaths.bulk,
      body: { event, ids: batch.map((row) => row.id), capSeats: event === 'ACCEPT' },
      cookie: me.cookie,
      who: me.email,
    });
    if (reply.status !== 200) {
      await sleep(300);
      continue;
    }
    const refused = new Set(reply.body.data.refused.map((r) => r.id));
    log.refusedRows += refused.size;
    const decided = batch.filter((row) => !refused.has(row.id));
    log.bulk.push({
      reviewer: me.email,
      event,
      ids: decided.map((row) => row.id),
      sentAt,
      applied: reply.body.data.applied,
    });
    // The applicant looks at once: the decision is held, so their standing must still say under review.
    const peek = decided[0] && decided[0].email ? applicants.get(decided[0].email.toLowerCase()) : undefined;
    if (peek?.cookie) {
      const standing = await client.read<{ data: ApplicantStanding }>(peek, paths.standing);
      if (standing.status === 200)
        log.standingReads.push({ email: peek.email, at: Date.now(), standing: standing.body.data.standing });
    }
    if (decided.length && random() < options.undo) {
      const row = decided[Math.floor(random() * decided.length)];
      const undo = await client.postOn(me, staffPaths.events, row.id, { type: 'UNDO' });
      if (undo.status === 200) log.undone += 1;
      else log.undoRefused += 1;
    }
    if (decided.length && random() < options.message) {
      const row = decided[Math.floor(random() * decided.length)];
      const sent = await client.postOn(me, staffPaths.message, row.id, {
        subject: 'A note about your application',
        body: '{{greeting}}\n\nThank you for applying to {{programme}}. We will write again soon.',
      });
      if (sent.status === 200) log.messages += 1;
    }
    await sleep(150 + random() * 400);
  }
}
