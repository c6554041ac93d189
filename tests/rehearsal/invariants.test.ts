/**
 * Each invariant of the round rehearsal (rehearsal/invariants.ts, decision 248) holds on a clean round and fails
 * when its rule is broken on purpose, naming the applicant and what differed.
 */
import { describe, expect, it } from 'vitest';
import {
  INVARIANTS,
  checkInvariants,
  decisionsReadAlike,
  emailsDeliveredOnce,
  erasedAbsentFromDump,
  everyApplicationDecided,
  interviewsReadAlike,
  noServerErrors,
  oneEffectEach,
  releasedInWindow,
  seatsWithinCap,
  slotsWithinCapacity,
  writesKept,
} from '../../rehearsal/invariants';
import type { Observations } from '../../rehearsal/observations';
import { WITHDRAWAL_MESSAGES } from '../../machines/rules/withdrawal';
import { PROGRAMME } from '../../server/mail/templates';

const ADA = 'ada@rehearsal.example';
const BOLA = 'bola@rehearsal.example';
const T = Date.parse('2026-12-06T10:00:00Z');
const UNDO = 5000;
const CY = 'cy@rehearsal.example';
const LEAD = 'lead@rehearsal.example';
const DEE = 'Dee@rehearsal.example';
const SLOT = '2026-12-07T09:31:00.000Z';

/**
 * A clean little round: Ada accepted, Bola not successful, every email delivered once, every write kept; Cy, on the
 * next cohort's waitlist, invited to an interview, booked the lead's slot and was waitlisted.
 */
function cleanRound(): Observations {
  return {
    answers: [
      { method: 'POST', route: '/api/v1/bootcamp/application', status: 201, ms: 12, at: T, who: ADA },
      { method: 'POST', route: '/api/v1/bootcamp/verify-email', status: 400, ms: 9, at: T + 10, who: BOLA },
    ],
    sink: [
      { outboxId: 1, to: ADA, subject: 'Your code for The Employment Bootcamp: 123456', at: T + 100 },
      {
        outboxId: 2,
        to: ADA,
        subject: 'Your application to The Employment Bootcamp (Cohort 14)',
        at: T + 900,
      },
      {
        outboxId: 3,
        to: ADA,
        subject: 'You are accepted into The Employment Bootcamp (Cohort 14)',
        at: T + 1000 + UNDO + 400,
      },
      {
        outboxId: 4,
        to: BOLA,
        subject: 'Your application to The Employment Bootcamp',
        at: T + 2000 + UNDO + 300,
      },
      {
        outboxId: 5,
        to: CY,
        subject: 'Book your interview for The Employment Bootcamp (Cohort 15)',
        at: T + 3000,
      },
      { outboxId: 6, to: CY, subject: 'Your interview is booked: Monday 7 December 2026', at: T + 4000 },
      { outboxId: 7, to: LEAD, subject: 'Interview booked: Monday 7 December 2026', at: T + 4000 },
    ],
    outbox: [1, 2, 3, 4].map((id) => ({
      id,
      to: id === 4 ? BOLA : ADA,
      subject: 'a subject',
      delivered: true,
      attempts: 1,
      queuedAt: T,
      deliveredAt: T + 100,
    })),
    retryBudget: 30,
    decisions: [
      {
        applicationId: 7,
        toStatus: 'accepted',
        createdAt: T + 1000,
        undone: false,
        releasedAt: T + 1000 + UNDO + 300,
      },
      { applicationId: 8, toStatus: 'waitlisted', createdAt: T + 1500, undone: true, releasedAt: null },
      {
        applicationId: 8,
        toStatus: 'rejected',
        createdAt: T + 2000,
        undone: false,
        releasedAt: T + 2000 + UNDO + 200,
      },
    ],
    bulk: [],
    seats: [
      { at: T + 1000, cohort: 14, seats: 1, taken: 0 },
      { at: T + 1200, cohort: 14, seats: 1, taken: 1 },
    ],
    standingReads: [
      { email: ADA, at: T + 1100, standing: 'under_review' },
      { email: ADA, at: T + 1000 + UNDO + 500, standing: 'accepted' },
    ],
    finals: [
      { applicationId: 7, email: ADA, staff: 'accepted', staffHeld: false, applicant: 'accepted' },
      {
        applicationId: 8,
        email: BOLA,
        staff: 'not_successful',
        staffHeld: false,
        applicant: 'not_successful',
      },
    ],
    writes: [
      {
        email: ADA,
        step: 'other',
        sent: { key_challenge: 'Finding the first job' },
        stored: { key_challenge: 'Finding the first job', distractions: '' },
      },
    ],
    effects: [
      { email: ADA, kind: 'code', expected: 1, received: 1 },
      { email: ADA, kind: 'confirmation', expected: 1, received: 1 },
    ],
    ids: { [ADA]: 7, [BOLA]: 8, [CY]: 9 },
    undoMs: UNDO,
    releaseBudgetMs: 2000,
    placements: [
      {
        applicationId: 7,
        email: ADA,
        cohort: 14,
        status: 'accepted',
        erased: false,
        waitlistedAtSubmit: false,
      },
      {
        applicationId: 8,
        email: BOLA,
        cohort: 14,
        status: 'rejected',
        erased: false,
        waitlistedAtSubmit: false,
      },
      {
        applicationId: 9,
        email: CY,
        cohort: 15,
        status: 'waitlisted',
        erased: false,
        waitlistedAtSubmit: true,
      },
    ],
    interviews: [{ applicationId: 9, email: CY, booked: SLOT, staff: SLOT, applicant: SLOT }],
    slots: [
      { id: 1, cohort: 15, capacity: 1, booked: 1, offeredBy: LEAD },
      { id: 2, cohort: 15, capacity: 1, booked: 0, offeredBy: LEAD },
    ],
    // Dee erased her data; the dump holds Ada, and Dee only as the erasure's hash.
    dump: [
      'COPY public.applications (id, email, phone, erased_at) FROM stdin;',
      `7\t${ADA}\t+2348030000007\t\\N`,
      '12\terased-5f2c…\t\\N\t2026-12-06 10:05:00+00',
      '\\.',
      'COPY public.erasures (id, email_hmac) FROM stdin;',
      '1\t5f2c9a…',
      '\\.',
    ].join('\n'),
    erased: [{ email: DEE, phone: '+234 803 0000012' }],
  };
}

const ADA_NAMED = `application 7 (${ADA})`;
const BOLA_NAMED = `application 8 (${BOLA})`;

describe('the round rehearsal’s invariants', () => {
  it('all hold on a clean round, each checked', () => {
    const answers = checkInvariants(cleanRound());
    expect(answers.map((answer) => answer.invariant)).toEqual(Object.keys(INVARIANTS));
    expect(answers.filter((answer) => answer.breaches.length > 0 || answer.notChecked)).toEqual([]);
  });

  it('a decision that reads differently on the two sides is a breach naming the applicant', () => {
    const round = cleanRound();
    round.finals[0] = { ...round.finals[0], applicant: 'under_review' };
    expect(decisionsReadAlike(round)).toEqual([
      `${ADA_NAMED}: staff read accepted, the applicant's standing reads under_review`,
    ]);
  });

  it('a decision email that says something else than the record is a breach', () => {
    const round = cleanRound();
    round.sink[3] = { ...round.sink[3], subject: 'You are on the waitlist for The Employment Bootcamp' };
    expect(decisionsReadAlike(round)).toEqual([
      `${BOLA_NAMED}: staff read not_successful, the last decision email in the sink is waitlisted`,
    ]);
  });

  it('an undone decision whose email still went is a breach', () => {
    const round = cleanRound();
    round.finals.push({
      applicationId: 9,
      email: 'cy@rehearsal.example',
      staff: 'under_review',
      staffHeld: false,
      applicant: 'under_review',
    });
    round.ids['cy@rehearsal.example'] = 9;
    expect(decisionsReadAlike(round)).toEqual([]);
    round.sink.push({
      outboxId: 6,
      to: 'cy@rehearsal.example',
      subject: 'You are on the waitlist for The Employment Bootcamp',
      at: T + 9000,
    });
    expect(decisionsReadAlike(round)).toEqual([
      'application 9 (cy@rehearsal.example): staff read under_review, the last decision email in the sink is waitlisted',
    ]);
  });

  it('a withdrawn application reads withdrawn on both sides with one withdrawal email, its acceptance before it', () => {
    const round = cleanRound();
    // Ada, accepted and told so, then withdrew (decision 250).
    round.finals[0] = { ...round.finals[0], staff: 'withdrawn', applicant: 'withdrawn' };
    const withdrawal = {
      outboxId: 6,
      to: ADA,
      subject: WITHDRAWAL_MESSAGES.emailSubject(PROGRAMME),
      at: T + 1000 + UNDO + 2000,
    };
    expect(decisionsReadAlike(round)).toEqual([
      `${ADA_NAMED}: withdrawn, and 0 withdrawal emails reached the sink, 1 expected`,
    ]);
    round.sink.push(withdrawal);
    expect(decisionsReadAlike(round)).toEqual([]);
    round.sink.push({ ...withdrawal, outboxId: 7, at: withdrawal.at + 50 });
    expect(decisionsReadAlike(round)).toEqual([
      `${ADA_NAMED}: withdrawn, and 2 withdrawal emails reached the sink, 1 expected`,
    ]);
    round.sink.pop();
    round.finals[0] = { ...round.finals[0], applicant: 'accepted' };
    expect(decisionsReadAlike(round)).toEqual([
      `${ADA_NAMED}: staff read withdrawn, the applicant's standing reads accepted`,
    ]);
  });

  it('a seat over the cap, at any sample, is a breach naming the cohort', () => {
    const round = cleanRound();
    round.seats.push({ at: T + 1300, cohort: 14, seats: 1, taken: 2 });
    expect(seatsWithinCap(round)).toEqual([
      `cohort 14: 2 acceptances for 1 seats at 2026-12-06T10:00:01.300Z`,
    ]);
  });

  it('an email the sink received twice is a breach', () => {
    const round = cleanRound();
    round.sink.push({ ...round.sink[2], at: round.sink[2].at + 50 });
    expect(emailsDeliveredOnce(round)).toEqual([
      `email 3 to ${ADA_NAMED} ("a subject"): reached the sink 2 times`,
    ]);
  });

  it('an email the outbox says it delivered but the sink never got, or one stuck, is a breach', () => {
    const round = cleanRound();
    round.sink.splice(1, 1);
    round.outbox.push({
      id: 5,
      to: BOLA,
      subject: 'a message',
      delivered: false,
      attempts: 30,
      queuedAt: T,
      deliveredAt: null,
    });
    expect(emailsDeliveredOnce(round)).toEqual([
      `email 2 to ${ADA_NAMED} ("a subject"): the outbox says delivered, the sink never received it`,
      `email 5 to ${BOLA_NAMED} ("a message"): stuck after 30 attempts, past its retry budget of 30`,
    ]);
  });

  it('a lost or changed acknowledged write is a breach', () => {
    const round = cleanRound();
    round.writes.push({ email: BOLA, step: 'employment', sent: { job_urgency: 8 }, stored: undefined });
    round.writes[0] = { ...round.writes[0], stored: { key_challenge: '' } };
    expect(writesKept(round)).toEqual([
      `${ADA_NAMED}: other.key_challenge was acknowledged as "Finding the first job", reads ""`,
      `${BOLA_NAMED}: the acknowledged employment save is lost (nothing reads back)`,
    ]);
  });

  it('a double-tapped submit that sent two confirmations is a breach', () => {
    const round = cleanRound();
    round.effects[1] = { ...round.effects[1], received: 2 };
    expect(oneEffectEach(round)).toEqual([
      `${ADA_NAMED}: 2 confirmation email(s) reached the sink, 1 expected`,
    ]);
  });

  it('a 5xx is a breach naming whom it answered', () => {
    const round = cleanRound();
    round.answers.push({
      method: 'POST',
      route: '/api/v1/bootcamp/application/submit',
      status: 500,
      ms: 30,
      at: T,
      who: BOLA,
    });
    expect(noServerErrors(round)).toEqual([
      `POST /api/v1/bootcamp/application/submit answered 500 to ${BOLA_NAMED} at 2026-12-06T10:00:00.000Z`,
    ]);
  });

  it('a decision shown to the applicant inside its window is a breach', () => {
    const round = cleanRound();
    round.standingReads.push({ email: ADA, at: T + 2000, standing: 'accepted' });
    expect(releasedInWindow(round)).toEqual([
      `${ADA_NAMED}: the standing read accepted 4000 ms inside the decision's undo window`,
    ]);
  });

  it('a decision released inside its window, or too late, or never, is a breach', () => {
    const early = cleanRound();
    early.decisions[0] = { ...early.decisions[0], releasedAt: T + 1000 + 1000 };
    expect(releasedInWindow(early)).toEqual([
      `${ADA_NAMED}: the accepted decision was released 4000 ms inside its undo window`,
    ]);
    const late = cleanRound();
    late.decisions[2] = { ...late.decisions[2], releasedAt: T + 2000 + UNDO + 9000 };
    expect(releasedInWindow(late)).toEqual([
      `${BOLA_NAMED}: the rejected decision was released 9000 ms after its window (budget 2000 ms)`,
    ]);
    const never = cleanRound();
    never.decisions[0] = { ...never.decisions[0], releasedAt: null };
    expect(releasedInWindow(never)).toEqual([`${ADA_NAMED}: the accepted decision was never released`]);
  });

  it('a decision email that reached the inbox inside its window is a breach', () => {
    const round = cleanRound();
    round.sink[2] = { ...round.sink[2], at: T + 1000 + 1000 };
    expect(releasedInWindow(round)).toEqual([
      `${ADA_NAMED}: the accepted email reached the sink 4000 ms inside its undo window`,
    ]);
  });

  it('an application left under review in any cohort at the end is a breach naming it and its cohort', () => {
    const round = cleanRound();
    round.placements[2] = { ...round.placements[2], status: 'interview_booked' };
    round.placements.push({
      applicationId: 10,
      email: 'dayo@rehearsal.example',
      cohort: 16,
      status: 'submitted',
      erased: false,
      waitlistedAtSubmit: true,
    });
    // An erased application is no one's to decide.
    round.placements.push({ ...round.placements[3], applicationId: 11, erased: true });
    expect(everyApplicationDecided(round)).toEqual([
      `application 9 (${CY}): still Interview booked in cohort 15 at the end`,
      'dayo@rehearsal.example: still Submitted in cohort 16 at the end',
    ]);
  });

  it('an interview slot booked beyond its capacity is a breach naming the slot', () => {
    const round = cleanRound();
    round.slots[0] = { ...round.slots[0], booked: 2 };
    expect(slotsWithinCapacity(round)).toEqual(['slot 1 of cohort 15: 2 bookings for a capacity of 1']);
  });

  it('an interview the two sides read differently, or an invitation sent twice, is a breach', () => {
    const round = cleanRound();
    round.interviews[0] = { ...round.interviews[0], staff: null, applicant: '2026-12-07T10:02:00.000Z' };
    round.sink.push({ ...round.sink[4], outboxId: 8, at: T + 3500 });
    expect(interviewsReadAlike(round)).toEqual([
      `application 9 (${CY}): 2 interview invitation email(s), 1 expected`,
      `application 9 (${CY}): booked ${SLOT}, the staff page reads no booking`,
      `application 9 (${CY}): booked ${SLOT}, the applicant's page reads 2026-12-07T10:02:00.000Z`,
    ]);
  });

  it("an erased applicant's email or phone left in any table of the dump is a breach naming the tables", () => {
    const round = cleanRound();
    round.dump += [
      '',
      'COPY public.outbox (id, to_address, subject) FROM stdin;',
      `40\tdee@rehearsal.example\tYour code`,
      '\\.',
      'COPY public.idempotency_keys (key, response) FROM stdin;',
      `k1\t{"phone": "+234 803 0000012"}`,
      '\\.',
    ].join('\n');
    expect(erasedAbsentFromDump(round)).toEqual([
      `${DEE}: erased, yet the database dump holds them in public.outbox, public.idempotency_keys`,
    ]);
    // PGlite runs have no dump: nothing read, nothing claimed, and the round says why.
    expect(erasedAbsentFromDump({ ...round, dump: null })).toEqual({
      notChecked: 'no pg_dump on PGlite here; a PostgreSQL run checks it',
    });
    expect(checkInvariants({ ...round, dump: null }).filter((i) => i.notChecked)).toEqual([
      {
        invariant: 'every erased applicant is absent from a pg_dump',
        breaches: [],
        notChecked: 'no pg_dump on PGlite here; a PostgreSQL run checks it',
      },
    ]);
  });

  it('a booking whose calendar invitation did not reach one side is a breach', () => {
    const round = cleanRound();
    round.sink.splice(5, 2);
    expect(interviewsReadAlike(round)).toEqual([
      `application 9 (${CY}): 0 booking email(s) reached the sink, 1 expected`,
      `${LEAD}: 0 booking email(s) for their slots, 1 booked`,
    ]);
  });
});
