/**
 * The round's invariants (docs/decisions/248-the-round-rehearsal.md), each a pure function over what the rehearsal
 * observed: it answers one sentence per breach, naming the applicant (`application 42 (r-0007@rehearsal.test)`) and
 * what differed. No breach: an empty list. tests/rehearsal/invariants.test.ts breaks each rule on purpose.
 */
import { isDeepStrictEqual } from 'node:util';
import { isReviewStatus, reviewMeta } from '../machines/review.machine';
import {
  decisionKind,
  isBookedForApplicant,
  isBookedForStaff,
  isInterviewInvitation,
  isWithdrawal,
  KIND_OF_STANDING,
  KIND_OF_STATUS,
} from './mailKinds';
import { who, type Observations, type SinkMessage } from './observations';

/** Two clocks on one machine (the server's database time and the sink's): what they may differ by. */
const CLOCK_SLACK_MS = 250;

/**
 * The sink's messages by address, built once per check (a round of 10,000 reads tens of thousands of messages for
 * each of thousands of applicants): call it at the start of a check, then ask it per address.
 */
function mailIndex(o: Pick<Observations, 'sink'>): (email: string) => SinkMessage[] {
  const index = new Map<string, SinkMessage[]>();
  for (const m of o.sink) {
    const to = m.to.toLowerCase();
    const list = index.get(to);
    if (list) list.push(m);
    else index.set(to, [m]);
  }
  return (email) => index.get(email.toLowerCase()) ?? [];
}

/** The decision emails each address received, oldest first. */
function decisionMails(mailTo: (email: string) => SinkMessage[], email: string) {
  return mailTo(email)
    .filter((m) => decisionKind(m.subject) !== undefined)
    .sort((a, b) => a.at - b.at);
}

/**
 * Every released decision reads the same on both sides: the staff record, the applicant's standing and the decision
 * email in the sink (for a withdrawn application, its one withdrawal email: decision 250); none still held at the end. An application whose every decision was undone reads under review
 * on both sides and has had no decision email.
 */
export function decisionsReadAlike(o: Pick<Observations, 'finals' | 'sink' | 'ids'>): string[] {
  const mailTo = mailIndex(o);
  return o.finals.flatMap((final) => {
    const name = who(o, final.email);
    const breaches: string[] = [];
    if (final.staffHeld) breaches.push(`${name}: the staff record still holds its decision after the run`);
    if (final.staff !== final.applicant)
      breaches.push(`${name}: staff read ${final.staff}, the applicant's standing reads ${final.applicant}`);
    // A withdrawal follows whatever decision came before it: its one confirmation is what the sink must hold.
    if (final.staff === 'withdrawn') {
      const withdrawals = mailTo(final.email).filter((m) => isWithdrawal(m.subject)).length;
      if (withdrawals !== 1)
        breaches.push(
          `${name}: withdrawn, and ${withdrawals} withdrawal emails reached the sink, 1 expected`,
        );
      return breaches;
    }
    const expected = KIND_OF_STANDING[final.staff];
    const mails = decisionMails(mailTo, final.email).map((m) => decisionKind(m.subject));
    const last = mails.at(-1);
    if (expected !== last)
      breaches.push(
        `${name}: staff read ${final.staff}, the last decision email in the sink is ${last ?? 'none'}` +
          (mails.length > 1 ? ` (of ${mails.join(', ')})` : ''),
      );
    return breaches;
  });
}

/** No cohort ever held more acceptances than seats, at any moment sampled. */
export function seatsWithinCap(o: Pick<Observations, 'seats'>): string[] {
  const over = o.seats.filter((s) => s.taken > s.seats);
  const worst = new Map<number, (typeof over)[number]>();
  for (const sample of over)
    if (!worst.has(sample.cohort) || sample.taken > worst.get(sample.cohort)!.taken)
      worst.set(sample.cohort, sample);
  return [...worst.values()].map(
    (s) =>
      `cohort ${s.cohort}: ${s.taken} acceptances for ${s.seats} seats at ${new Date(s.at).toISOString()}`,
  );
}

/**
 * Every email the outbox says it delivered reached the sink exactly once, and none is left undelivered (past its
 * retry budget or not) at the end.
 */
export function emailsDeliveredOnce(
  o: Pick<Observations, 'outbox' | 'sink' | 'retryBudget' | 'ids'>,
): string[] {
  const received = new Map<number, number>();
  for (const m of o.sink)
    if (m.outboxId !== null) received.set(m.outboxId, (received.get(m.outboxId) ?? 0) + 1);
  return o.outbox.flatMap((row) => {
    const count = received.get(row.id) ?? 0;
    const email = `email ${row.id} to ${who(o, row.to)} ("${row.subject}")`;
    if (!row.delivered)
      return [
        row.attempts >= o.retryBudget
          ? `${email}: stuck after ${row.attempts} attempts, past its retry budget of ${o.retryBudget}`
          : `${email}: still not delivered at the end (${row.attempts} attempts)`,
      ];
    if (count === 0) return [`${email}: the outbox says delivered, the sink never received it`];
    if (count > 1) return [`${email}: reached the sink ${count} times`];
    return [];
  });
}

/** Every save the server acknowledged with a 2xx reads back as it was sent. */
export function writesKept(o: Pick<Observations, 'writes' | 'ids'>): string[] {
  return o.writes.flatMap((write) => {
    const name = who(o, write.email);
    if (!write.stored) return [`${name}: the acknowledged ${write.step} save is lost (nothing reads back)`];
    return Object.entries(write.sent)
      .filter(([field, value]) => !isDeepStrictEqual(write.stored?.[field], value))
      .map(
        ([field, value]) =>
          `${name}: ${write.step}.${field} was acknowledged as ${JSON.stringify(value)}, reads ${JSON.stringify(write.stored?.[field])}`,
      );
  });
}

/** A double-tapped or retried request had one effect: one code email per code asked, one confirmation per submit. */
export function oneEffectEach(o: Pick<Observations, 'effects' | 'ids'>): string[] {
  return o.effects
    .filter((e) => e.expected !== e.received)
    .map(
      (e) => `${who(o, e.email)}: ${e.received} ${e.kind} email(s) reached the sink, ${e.expected} expected`,
    );
}

/** No request was ever answered with a 5xx. */
export function noServerErrors(o: Pick<Observations, 'answers' | 'ids'>): string[] {
  return o.answers
    .filter((a) => a.status >= 500)
    .map(
      (a) =>
        `${a.method} ${a.route} answered ${a.status}${a.who ? ` to ${who(o, a.who)}` : ''} at ${new Date(a.at).toISOString()}`,
    );
}

/**
 * Every decision not undone was released (its email queued, review_events.email_sent_at) after its undo window and
 * within the window plus the decision mailer's period and a grace; its email never reached the sink inside the window
 * (how long delivery then takes is the outbox's, reported apart); and no applicant read it while it was held.
 */
export function releasedInWindow(
  o: Pick<Observations, 'decisions' | 'sink' | 'standingReads' | 'ids' | 'undoMs' | 'releaseBudgetMs'>,
): string[] {
  const emailOf = new Map(Object.entries(o.ids).map(([email, id]) => [id, email]));
  const mailTo = mailIndex(o);
  const breaches: string[] = [];
  for (const decision of o.decisions) {
    const email = emailOf.get(decision.applicationId);
    const kind = KIND_OF_STATUS[decision.toStatus];
    if (decision.undone || !email || !kind) continue;
    const name = who(o, email);
    const releasesAt = decision.createdAt + o.undoMs;
    if (decision.releasedAt === null) breaches.push(`${name}: the ${kind} decision was never released`);
    else if (decision.releasedAt < releasesAt)
      breaches.push(
        `${name}: the ${kind} decision was released ${releasesAt - decision.releasedAt} ms inside its undo window`,
      );
    else if (decision.releasedAt > releasesAt + o.releaseBudgetMs)
      breaches.push(
        `${name}: the ${kind} decision was released ${decision.releasedAt - releasesAt} ms after its window (budget ${o.releaseBudgetMs} ms)`,
      );
    const early = decisionMails(mailTo, email).find(
      (m) =>
        decisionKind(m.subject) === kind &&
        m.at >= decision.createdAt - CLOCK_SLACK_MS &&
        m.at < releasesAt - CLOCK_SLACK_MS,
    );
    if (early)
      breaches.push(
        `${name}: the ${kind} email reached the sink ${releasesAt - early.at} ms inside its undo window`,
      );
  }
  // An applicant who read a decision while it was held: the read arrived before the window of the decision taken
  // just before it had closed.
  const decisionsOf = new Map<number, typeof o.decisions>();
  for (const d of o.decisions) {
    const list = decisionsOf.get(d.applicationId);
    if (list) list.push(d);
    else decisionsOf.set(d.applicationId, [d]);
  }
  for (const read of o.standingReads) {
    if (read.standing === 'under_review') continue;
    const id = o.ids[read.email.toLowerCase()];
    const taken = (decisionsOf.get(id) ?? [])
      .filter((d) => d.createdAt <= read.at + CLOCK_SLACK_MS)
      .sort((a, b) => b.createdAt - a.createdAt)[0];
    if (taken && read.at < taken.createdAt + o.undoMs - CLOCK_SLACK_MS)
      breaches.push(
        `${who(o, read.email)}: the standing read ${read.standing} ${taken.createdAt + o.undoMs - read.at} ms inside the decision's undo window`,
      );
  }
  return breaches;
}

/**
 * Every submitted application not erased was decided by the end, in whichever cohort it is: the open one's, and the
 * next cohorts' waitlists (those who found the open one full) when their turn came. None is left under review.
 */
export function everyApplicationDecided(o: Pick<Observations, 'placements' | 'ids'>): string[] {
  return o.placements
    .filter(
      (p) => !p.erased && (!isReviewStatus(p.status) || reviewMeta(p.status).standing === 'under_review'),
    )
    .map(
      (p) =>
        `${who(o, p.email)}: still ${isReviewStatus(p.status) ? reviewMeta(p.status).label : p.status} in cohort ${p.cohort} at the end`,
    );
}

/** No interview slot holds more bookings than its capacity (decision 175: a slot is taken once). */
export function slotsWithinCapacity(o: Pick<Observations, 'slots'>): string[] {
  return o.slots
    .filter((s) => s.booked > s.capacity)
    .map((s) => `slot ${s.id} of cohort ${s.cohort}: ${s.booked} bookings for a capacity of ${s.capacity}`);
}

const sameTime = (a: string | null, b: string | null) =>
  a === b || (a !== null && b !== null && Date.parse(a) === Date.parse(b));

/**
 * Every invited applicant got the invitation email once; a booking the applicant was told of reads the same slot on
 * the staff application page and on the applicant's interview page (none on either when they did not book); the
 * applicant got its calendar invitation once, and each team member one per slot of theirs booked.
 */
export function interviewsReadAlike(
  o: Pick<Observations, 'interviews' | 'sink' | 'slots' | 'ids'>,
): string[] {
  const breaches: string[] = [];
  const mailTo = mailIndex(o);
  const count = (to: string, kind: (subject: string) => boolean) =>
    mailTo(to).filter((m) => kind(m.subject)).length;
  for (const interview of o.interviews) {
    const name = who(o, interview.email);
    const invitations = count(interview.email, isInterviewInvitation);
    if (invitations !== 1) breaches.push(`${name}: ${invitations} interview invitation email(s), 1 expected`);
    const shown = (read: string | null) => read ?? 'no booking';
    if (!sameTime(interview.staff, interview.booked))
      breaches.push(
        `${name}: booked ${shown(interview.booked)}, the staff page reads ${shown(interview.staff)}`,
      );
    if (!sameTime(interview.applicant, interview.booked))
      breaches.push(
        `${name}: booked ${shown(interview.booked)}, the applicant's page reads ${shown(interview.applicant)}`,
      );
    const calendars = count(interview.email, isBookedForApplicant);
    const expected = interview.booked === null ? 0 : 1;
    if (calendars !== expected)
      breaches.push(`${name}: ${calendars} booking email(s) reached the sink, ${expected} expected`);
  }
  const booked = new Map<string, number>();
  for (const slot of o.slots) booked.set(slot.offeredBy, (booked.get(slot.offeredBy) ?? 0) + slot.booked);
  for (const [member, expected] of booked) {
    const received = count(member, isBookedForStaff);
    if (received !== expected)
      breaches.push(`${member}: ${received} booking email(s) for their slots, ${expected} booked`);
  }
  return breaches;
}

/**
 * Every erased applicant is absent from the database's dump (PostgreSQL runs; docs/privacy.md): neither the email
 * nor the phone they typed stands in any table, the outbox, the audit log and the idempotency replies included. A
 * backup taken after an erasure holds nothing of them. The breach names the table that still holds them.
 */
export function erasedAbsentFromDump(o: Pick<Observations, 'dump' | 'erased'>): string[] | NotChecked {
  if (o.dump === null) return { notChecked: 'no pg_dump on PGlite here; a PostgreSQL run checks it' };
  if (o.erased.length === 0) return [];
  const digits = (phone: string) => phone.replace(/\D/g, '');
  const byEmail = new Map(o.erased.map((a) => [a.email.toLowerCase(), a.email]));
  const byPhone = new Map(o.erased.map((a) => [digits(a.phone), a.email]));
  const found = new Map<string, Set<string>>();
  const note = (email: string, table: string) => found.set(email, (found.get(email) ?? new Set()).add(table));
  let table = '(outside a table)';
  for (const line of o.dump.split('\n')) {
    const copy = /^COPY ([\w."]+)/.exec(line);
    if (copy) table = copy[1];
    for (const [address] of line.toLowerCase().matchAll(/[\w.+-]+@[\w.-]+/g)) {
      const email = byEmail.get(address);
      if (email) note(email, table);
    }
    // A phone as typed (+234 803 …) or as stored (+234803…): its digits, with or without the spaces.
    for (const [phone] of line.matchAll(/\+?\d[\d ]{8,}\d/g)) {
      const email = byPhone.get(digits(phone));
      if (email) note(email, table);
    }
  }
  return [...found].map(
    ([email, tables]) => `${email}: erased, yet the database dump holds them in ${[...tables].join(', ')}`,
  );
}

/** What an invariant answers when this round cannot check it (then it claims nothing), and why. */
export interface NotChecked {
  notChecked: string;
}

export const INVARIANTS: Record<string, (o: Observations) => string[] | NotChecked> = {
  'a released decision reads the same on both sides': decisionsReadAlike,
  'no cohort has more acceptances than seats': seatsWithinCap,
  'every email reached the sink exactly once': emailsDeliveredOnce,
  'every acknowledged write is kept': writesKept,
  'a retried or double-tapped request had one effect': oneEffectEach,
  'no 5xx': noServerErrors,
  'every decision released after its window, within the decision mailer’s period': releasedInWindow,
  'every cohort’s applications decided, its waitlist included': everyApplicationDecided,
  'no interview slot booked beyond its capacity': slotsWithinCapacity,
  'every interview reads the same on both sides, each email once': interviewsReadAlike,
  'every erased applicant is absent from a pg_dump': erasedAbsentFromDump,
};

/** Each invariant's answer: its breaches (none when it held), or why it was not checked on this round. */
export function checkInvariants(
  o: Observations,
): { invariant: string; breaches: string[]; notChecked?: string }[] {
  return Object.entries(INVARIANTS).map(([invariant, check]) => {
    const answer = check(o);
    return Array.isArray(answer) ? { invariant, breaches: answer } : { invariant, breaches: [], ...answer };
  });
}
