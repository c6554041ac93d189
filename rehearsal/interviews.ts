/**
 * The interview stage with `--interviews` (docs/decisions/175-the-interview-stage.md), through the same API the back
 * office and the applicant's page use: when the team starts on a cohort, an admin switches its interviews on and
 * offers slots (more as they fill); a reviewer opens some applications (START_REVIEW) and invites them
 * (INVITE_TO_INTERVIEW); each invited applicant, once the invitation reaches their inbox, signs in as they are (their
 * session) and books one of the free slots, or does not (the `book` share). Two applicants racing for one slot: the
 * loser is told so and picks another. The team decides the booked ones as usual (reviewers.ts).
 */
import {
  DEFAULT_INTERVIEW_MINUTES,
  interviewPaths,
  type ApplicantInterview,
  type StaffInterviewSlots,
} from '../machines/rules/interview';
import { staffPaths } from '../machines/rules/staff/paths';
import type { ApplicantRecord } from './applicant';
import type { Client, Reviewer } from './client';
import { isInterviewInvitation } from './mailKinds';
import type { RehearsalOptions } from './options';
import type { Sink } from './sink';

/** An invited applicant and what became of the booking (the start of the slot acknowledged). */
export interface Invite {
  applicationId: number;
  email: string;
  booked: string | null;
  /** Why not booked: chose not to, found no free slot, or the booking was refused. */
  outcome: 'booked' | 'did not book' | 'no free slot' | 'refused' | 'no invitation email';
}

export interface InterviewLog {
  cohorts: number[];
  slotsOffered: number;
  invites: Invite[];
  inviteRefused: number;
  /** Bookings that met a slot just taken by someone else (409 `slot`), then chose again. */
  slotRaces: number;
}

/** Free slots the admin keeps offered in a cohort: when fewer are left, they add another handful. */
const FREE_SLOTS_KEPT = 4;
const SLOTS_ADDED = 6;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const slotsPath = (cohort: number) => interviewPaths.slots.replace(':number', String(cohort));

export class InterviewStage {
  readonly log: InterviewLog = { cohorts: [], slotsOffered: 0, invites: [], inviteRefused: 0, slotRaces: 0 };
  private readonly opened = new Map<number, Promise<void>>();
  private readonly booking: Promise<void>[] = [];
  private pending = 0;
  /** Slots are tomorrow on, each at its own minute: a slot's time names it in the staff's booking email. */
  private nextStart = Math.ceil(Date.now() / 86_400_000) * 86_400_000 + 9 * 3_600_000;

  constructor(
    private readonly deps: {
      client: Client;
      sink: Sink;
      options: RehearsalOptions;
      random: () => number;
      applicants: Map<string, ApplicantRecord>;
    },
  ) {}

  /** Every invite under way, and every booking the invites started, has ended (booked or not). */
  settled(): boolean {
    return this.pending === 0;
  }

  async finished(): Promise<void> {
    while (this.booking.length) await Promise.all(this.booking.splice(0));
  }

  /** The cohort's turn: its interviews on and its first slots offered, once (every member waits for the same). */
  open(admin: Reviewer, cohort: number): Promise<void> {
    let opening = this.opened.get(cohort);
    if (!opening) {
      opening = (async () => {
        const { client } = this.deps;
        const switched = await client.write({
          method: 'PUT',
          path: interviewPaths.setting.replace(':number', String(cohort)),
          route: interviewPaths.setting,
          body: { on: true },
          cookie: admin.cookie,
          who: admin.email,
        });
        if (switched.status !== 200) throw new Error(`switching interviews on answered ${switched.status}`);
        this.log.cohorts.push(cohort);
        await this.offerSlots(admin, cohort, SLOTS_ADDED);
      })();
      this.opened.set(cohort, opening);
    }
    return opening;
  }

  private async offerSlots(admin: Reviewer, cohort: number, count: number): Promise<void> {
    for (let i = 0; i < count; i++) {
      const start = new Date((this.nextStart += 31 * 60_000)).toISOString();
      const added = await this.deps.client.write({
        method: 'POST',
        path: slotsPath(cohort),
        route: interviewPaths.slots,
        body: { start, minutes: DEFAULT_INTERVIEW_MINUTES },
        cookie: admin.cookie,
        who: admin.email,
      });
      if (added.status === 200) this.log.slotsOffered += 1;
    }
  }

  /** The admin looks at the cohort's slots and offers more when few are free. */
  private async keepSlots(admin: Reviewer, cohort: number): Promise<void> {
    const page = await this.deps.client.read<{ data: StaffInterviewSlots }>(
      admin,
      slotsPath(cohort),
      interviewPaths.slots,
    );
    if (page.status !== 200) return;
    const free = page.body.data.slots.reduce((n, s) => n + Math.max(0, s.capacity - s.booked), 0);
    if (free < FREE_SLOTS_KEPT + this.pending) await this.offerSlots(admin, cohort, SLOTS_ADDED);
  }

  /**
   * Invites one application of `cohort` (opened, then invited, as the page's buttons do); on success the applicant's
   * booking begins. False when the server refused (decided meanwhile by another member, or its inbox is full).
   */
  async invite(me: Reviewer, cohort: number, row: { id: number; email?: string }): Promise<boolean> {
    // Counted from the start: the team leaves the invited undecided until every invite under way has been booked
    // or not, so none is decided between its invite and its booking.
    this.pending += 1;
    let booking = false;
    try {
      booking = await this.inviteOne(me, cohort, row);
      return booking;
    } finally {
      if (!booking) this.pending -= 1;
    }
  }

  /** The invite's requests; true once the applicant's booking has begun (it then ends the count itself). */
  private async inviteOne(me: Reviewer, cohort: number, row: { id: number; email?: string }) {
    const { client } = this.deps;
    await this.open(me, cohort);
    await this.keepSlots(me, cohort);
    const event = (type: string) => client.postOn(me, staffPaths.events, row.id, { type });
    const opened = await event('START_REVIEW');
    const sentAt = Date.now();
    const invited = opened.status === 200 ? await event('INVITE_TO_INTERVIEW') : opened;
    const applicant = row.email ? this.deps.applicants.get(row.email.toLowerCase()) : undefined;
    if (invited.status !== 200 || !applicant) {
      this.log.inviteRefused += 1;
      return false;
    }
    const invite: Invite = {
      applicationId: row.id,
      email: applicant.email,
      booked: null,
      outcome: 'did not book',
    };
    this.log.invites.push(invite);
    this.booking.push(this.book(applicant, invite, sentAt).finally(() => (this.pending -= 1)));
    return true;
  }

  /** The applicant's side: the invitation arrives, they open their interview page and book a free slot (or not). */
  private async book(applicant: ApplicantRecord, invite: Invite, since: number): Promise<void> {
    const { client, sink, options, random } = this.deps;
    try {
      await sink.waitFor(applicant.email, isInterviewInvitation, since - 1000);
    } catch {
      invite.outcome = 'no invitation email';
      return;
    }
    if (random() >= options.book) return;
    await sleep(100 + random() * 1500);
    for (let attempt = 0; attempt < 5; attempt++) {
      const page = await client.read<{ data: ApplicantInterview }>(applicant, interviewPaths.applicant);
      if (page.status !== 200) return void (invite.outcome = 'refused');
      const { slots } = page.body.data;
      if (slots.length === 0) return void (invite.outcome = 'no free slot');
      // Most people take one of the first times offered, so some race for the same slot.
      const slot = slots[Math.floor(random() * Math.min(3, slots.length))];
      const booked = await client.write({
        method: 'POST',
        path: interviewPaths.applicant,
        body: { slot: slot.id, timeZone: 'Africa/Lagos' },
        cookie: applicant.cookie,
        who: applicant.email,
      });
      if (booked.status === 200) {
        invite.booked = slot.start;
        invite.outcome = 'booked';
        return;
      }
      const field = (booked.body as { field?: string } | undefined)?.field;
      if (booked.status !== 409 || field !== 'slot') return void (invite.outcome = 'refused');
      this.log.slotRaces += 1;
    }
    invite.outcome = 'refused';
  }
}

/** Both sides' reading of each invited applicant's interview at the end: the staff page and the applicant's. */
export async function readInterviews(
  client: Client,
  admin: Reviewer,
  stage: InterviewStage,
  applicants: Map<string, ApplicantRecord>,
) {
  const reads = [];
  for (const invite of stage.log.invites) {
    const staff = await client.read<{ data: { interview?: { start: string } | null } }>(
      admin,
      staffPaths.application.replace(':id', String(invite.applicationId)),
      staffPaths.application,
    );
    const applicant = applicants.get(invite.email);
    const own = await client.once<{ data: ApplicantInterview }>({
      method: 'GET',
      path: interviewPaths.applicant,
      cookie: applicant?.cookie,
      who: invite.email,
    });
    reads.push({
      applicationId: invite.applicationId,
      email: invite.email,
      booked: invite.booked,
      staff: staff.status === 200 ? (staff.body.data.interview?.start ?? null) : `answered ${staff.status}`,
      applicant: own.status === 200 ? (own.body.data.booked?.start ?? null) : `answered ${own.status}`,
    });
  }
  return reads;
}
