/**
 * The review team through the staff API, as the back office sends it: each member signs in with the emailed code,
 * takes their share of the open cohort's submitted queue, and decides it in bulk (accept within the seats, waitlist,
 * not successful), undoes a row now and then inside the undo window, and writes to some applicants. Meanwhile the
 * cohort's seats are sampled, and an applicant just decided looks at their standing (it must not show yet).
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
} from '../machines/rules/staff/queue';
import { STAFF_COOKIE } from '../machines/rules/staff/session';
import type { ApplicantRecord } from './applicant';
import { cookieNamed, type Client } from './client';
import { codeIn } from './mailKinds';
import type { BulkDecision, SeatSample, StandingRead } from './observations';
import type { RehearsalOptions } from './options';
import type { Sink } from './sink';

export interface Reviewer {
  email: string;
  cookie: string;
}

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
  const options = await client.once<{ data: StaffCohortOption[] }>({
    method: 'GET',
    path: staffQueuePaths.cohorts,
    cookie: admin.cookie,
    who: admin.email,
  });
  const current = options.body.data.find((c) => c.current);
  if (!current) throw new Error('no open cohort');
  const list = await client.once<{ data: StaffCohortSettings }>({
    method: 'GET',
    path: cohortSettingsPaths.cohorts,
    cookie: admin.cookie,
    who: admin.email,
  });
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
  const reply = await client.once<{ data: { id: number; email: string }[] }>({
    method: 'GET',
    path: staffPaths.team,
    cookie: admin.cookie,
    who: admin.email,
  });
  return team.map((member) => reply.body.data.find((m) => m.email === member.email)!.id);
}

/**
 * While applicants arrive, the first admin deals the unassigned submitted rows to the team (My queue), round-robin,
 * every second; each member decides their own until the arrivals are over.
 */
export async function assignNew(
  client: Client,
  admin: Reviewer,
  ids: number[],
  log: ReviewLog,
  stop: () => boolean,
): Promise<void> {
  while (!stop()) {
    const reply = await client.write<{ data: StaffAssignResult }>({
      method: 'POST',
      path: staffQueuePaths.assign,
      body: { filter: { status: 'submitted', assignee: 'none' }, reviewers: ids },
      cookie: admin.cookie,
      who: admin.email,
    });
    if (reply.status === 200) log.assigned += reply.body.data.perReviewer.reduce((n, r) => n + r.count, 0);
    await sleep(1000);
  }
}

/** Samples every cohort's seats and acceptances until `stop()` says so. */
export async function sampleSeats(client: Client, admin: Reviewer, log: ReviewLog, stop: () => boolean) {
  while (!stop()) {
    const reply = await client.once<{ data: StaffCohortSettings }>({
      method: 'GET',
      path: cohortSettingsPaths.cohorts,
      cookie: admin.cookie,
      who: admin.email,
    });
    if (reply.status === 200)
      for (const c of reply.body.data.cohorts)
        log.seats.push({ at: Date.now(), cohort: c.number, seats: c.seats, taken: c.taken });
    await sleep(250);
  }
}

/**
 * One team member's work: the submitted rows assigned to them (My queue), decided in small batches; once the
 * applicants have all finished, everyone's leftovers, until nothing submitted is left.
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
  },
): Promise<void> {
  const { options, random, log, applicants, arrivalsDone } = deps;
  let idle = 0;
  for (;;) {
    const finished = arrivalsDone();
    // Everyone's leftovers once the arrivals are over, so no row waits for a member who has stopped.
    const view = finished ? '' : '&assignee=me';
    const page = await client.once<{ data: StaffQueuePage }>({
      method: 'GET',
      path: `${staffQueuePaths.queue}?status=submitted&limit=200&sort=submitted&dir=asc${view}`,
      route: staffQueuePaths.queue,
      cookie: me.cookie,
      who: me.email,
    });
    if (page.status !== 200) {
      await sleep(500);
      continue;
    }
    const rows = page.body.data.rows;
    // After the arrivals, the members share the leftovers by id, so two rarely take the same row.
    const mine = rows.filter((row) => !finished || row.id % team === index || idle > 5);
    if (mine.length === 0) {
      if (finished && (rows.length === 0 || ++idle > 20)) return;
      await sleep(300);
      continue;
    }
    idle = 0;
    const batch = mine.slice(0, 3 + Math.floor(random() * 10));
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
      const standing = await client.once<{ data: ApplicantStanding }>({
        method: 'GET',
        path: paths.standing,
        cookie: peek.cookie,
        who: peek.email,
      });
      if (standing.status === 200)
        log.standingReads.push({ email: peek.email, at: Date.now(), standing: standing.body.data.standing });
    }
    if (decided.length && random() < options.undo) {
      const row = decided[Math.floor(random() * decided.length)];
      const undo = await client.write({
        method: 'POST',
        path: staffPaths.events.replace(':id', String(row.id)),
        route: staffPaths.events,
        body: { type: 'UNDO' },
        cookie: me.cookie,
        who: me.email,
      });
      if (undo.status === 200) log.undone += 1;
      else log.undoRefused += 1;
    }
    if (decided.length && random() < options.message) {
      const row = decided[Math.floor(random() * decided.length)];
      const sent = await client.write({
        method: 'POST',
        path: staffPaths.message.replace(':id', String(row.id)),
        route: staffPaths.message,
        body: {
          subject: 'A note about your application',
          body: '{{greeting}}\n\nThank you for applying to {{programme}}. We will write again soon.',
        },
        cookie: me.cookie,
        who: me.email,
      });
      if (sent.status === 200) log.messages += 1;
    }
    await sleep(150 + random() * 400);
  }
}
