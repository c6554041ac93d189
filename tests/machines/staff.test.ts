/**
 * The staff back office's machines: generated paths take every state and transition, and the rules staff notice
 * (what is validated before a call, what a bulk decision sends, which review buttons exist) hold.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import { type StaffBulkRequest, type StaffBulkResult } from '../../machines/rules/staff/bulk';
import { type StaffQueuePage, type StaffQueueQuery } from '../../machines/rules/staff/queue';
import type { ReviewStatus } from '../../machines/review.machine';
import { FIELD_MESSAGES, MESSAGES } from '../../machines/rules/messages';
import {
  offeredEvents,
  overbooking,
  staffApplicationMachine,
  type StaffApplicationPage,
  type ReviewInput,
  type StaffApplicationContext,
} from '../../machines/staffApplication.machine';
import {
  bulkConfirmLabel,
  bulkRequest,
  bulkSummary,
  staffQueueMachine,
} from '../../machines/staffQueue.machine';
import { staffResourceMachine } from '../../machines/staffResource.machine';
import { staffSessionMachine, type StaffMe } from '../../machines/staffSession.machine';
import { replay, transitionPaths, uncovered } from './support/graphReplay';
import { ADMIN_MAY, queueRow, staffApplicationPage, SUBMITTED_REVIEW } from '../support/staff';

const done = (id: string, output: unknown = undefined) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: unknown = { message: 'offline' }) => ({
  type: `xstate.error.actor.${id}`,
  error,
});
const byValue = (s: AnyMachineSnapshot) => JSON.stringify(s.value);

const ME = { email: 'director@bootcamp.example', role: 'admin' as const, locale: 'en-GB' };

describe('staffSession machine', () => {
  const ACTORS = ['whoAmI', 'sendCode', 'verify', 'signOut'];
  const EVENTS: AnyEventObject[] = [
    { type: 'SEND_CODE', email: 'Director@Bootcamp.example ' },
    { type: 'SEND_CODE', email: 'not-an-email' },
    { type: 'VERIFY', code: '123456' },
    { type: 'VERIFY', code: '12' },
    { type: 'CHANGE_EMAIL' },
    { type: 'SIGN_OUT' },
    { type: 'SESSION_LOST' },
    ...ACTORS.flatMap((id) => [done(id, id === 'whoAmI' || id === 'verify' ? ME : undefined), failed(id)]),
  ];

  it('generated paths take every state and every transition', () => {
    const paths = transitionPaths(staffSessionMachine, undefined, () => EVENTS, byValue);
    expect(uncovered(staffSessionMachine, ACTORS, undefined, paths)).toEqual({ states: [], transitions: [] });
  });

  const start = () => {
    const calls: { src: string; input: unknown }[] = [];
    // Calls that never settle: the test only looks at what was asked.
    const stub = <T, I>(src: string) =>
      fromPromise<T, I>(({ input }) => {
        calls.push({ src, input });
        return new Promise<never>(() => {});
      });
    const actor = createActor(
      staffSessionMachine.provide({
        actors: {
          whoAmI: fromPromise(() => Promise.reject(new Error('401'))),
          sendCode: stub<void, { email: string }>('sendCode'),
          verify: stub<StaffMe, { email: string; code: string }>('verify'),
          signOut: stub<void, unknown>('signOut'),
        },
      }),
    ).start();
    return { actor, calls };
  };

  it('checks the email before any call, and sends it trimmed and lower-cased', async () => {
    const { actor, calls } = start();
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('signedOut');
    actor.send({ type: 'SEND_CODE', email: '' });
    expect(actor.getSnapshot().context.errors).toEqual({ email: [FIELD_MESSAGES.email] });
    actor.send({ type: 'SEND_CODE', email: 'director@' });
    expect(actor.getSnapshot().context.errors).toEqual({ email: [MESSAGES.emailFormat] });
    expect(calls).toEqual([]);
    actor.send({ type: 'SEND_CODE', email: ' Director@Bootcamp.example' });
    expect(calls).toEqual([{ src: 'sendCode', input: { email: 'director@bootcamp.example' } }]);
  });

  it('a code that is not six digits is refused without a call; a refused code keeps the code step', () => {
    const paths = transitionPaths(staffSessionMachine, undefined, () => EVENTS, byValue);
    const toVerify = paths.find((p) => p.steps.at(-1)?.event.type === 'xstate.error.actor.verify')!;
    const result = replay(staffSessionMachine, ACTORS, undefined, toVerify);
    expect(result.calls.map((c) => c.src)).toEqual(['whoAmI', 'sendCode', 'verify']);
    expect(result.snapshots.at(-1)!.value).toBe('codeSent');
    expect(result.snapshots.at(-1)!.context.message).toBe('offline');
    // A code of the wrong shape never reaches the server.
    const short = paths.find(
      (p) => p.steps.at(-1)?.event.type === 'VERIFY' && p.steps.at(-1)?.state.value === 'codeSent',
    )!;
    const refused = replay(staffSessionMachine, ACTORS, undefined, short);
    expect(refused.calls.map((c) => c.src)).toEqual(['whoAmI', 'sendCode']);
    expect(refused.snapshots.at(-1)!.context.errors).toEqual({ token: [MESSAGES.otpFormat] });
  });

  it('a lost session and a sign-out both end at the sign-in form, saying why', () => {
    const paths = transitionPaths(staffSessionMachine, undefined, () => EVENTS, byValue);
    const lost = paths.find((p) => p.steps.at(-1)?.event.type === 'SESSION_LOST')!;
    const lastOf = (p: typeof lost) => replay(staffSessionMachine, ACTORS, undefined, p).snapshots.at(-1)!;
    expect(lastOf(lost).value).toBe('signedOut');
    expect(lastOf(lost).context.notice).toBe(STAFF_MESSAGES.needSignIn);
    const out = paths.find((p) => p.steps.at(-1)?.event.type === 'xstate.done.actor.signOut')!;
    expect(lastOf(out).context).toMatchObject({ me: null, notice: STAFF_MESSAGES.signedOut });
  });
});

const PAGE: StaffQueuePage = {
  cohort: { id: 1, number: 6, name: 'Cohort 6', seats: 100, taken: 1, waitlisted: 0 },
  rows: [queueRow(1), queueRow(2)],
  nextCursor: 'abc',
  total: 7,
  elsewhere: 0,
  counts: {
    status: {} as StaffQueuePage['counts']['status'],
    stage: {} as StaffQueuePage['counts']['stage'],
    mine: 0,
  },
};

const RESULT: StaffBulkResult = {
  dryRun: false,
  matched: 7,
  applied: { ACCEPT: 5, WAITLIST: 1 },
  refused: [{ id: 3, reason: 'already decided' }],
  preview: [],
  seatsFree: 99,
  undoSeconds: 300,
};

describe('staffQueue machine', () => {
  const ACTORS = ['load', 'bulk'];
  const INPUT = { query: { status: 'submitted', cursor: 'c1', limit: '50' } };
  const EVENTS: AnyEventObject[] = [
    { type: 'QUERY', query: { q: 'ada' } },
    { type: 'RETRY' },
    { type: 'TOGGLE', id: 1 },
    { type: 'TOGGLE_PAGE' },
    { type: 'SELECT_ALL_MATCHING' },
    { type: 'CLEAR_SELECTION' },
    { type: 'BULK', event: 'ACCEPT' },
    { type: 'CONFIRM' },
    { type: 'CANCEL' },
    done('load', PAGE),
    failed('load'),
    done('preview', { ...RESULT, dryRun: true }),
    failed('preview'),
    done('apply', RESULT),
    failed('apply'),
  ];
  const serialize = (s: AnyMachineSnapshot) =>
    JSON.stringify({ value: s.value, selecting: s.context.selected.length > 0 || s.context.allMatching });

  it('generated paths take every state and every transition', () => {
    const paths = transitionPaths(staffQueueMachine, INPUT, () => EVENTS, serialize);
    expect(uncovered(staffQueueMachine, ACTORS, INPUT, paths)).toEqual({ states: [], transitions: [] });
  });

  const ready = () => {
    const calls: { src: string; input: unknown }[] = [];
    const actor = createActor(
      staffQueueMachine.provide({
        actors: {
          load: fromPromise<StaffQueuePage, StaffQueueQuery>(({ input }) => {
            calls.push({ src: 'load', input });
            return Promise.resolve(PAGE);
          }),
          bulk: fromPromise<StaffBulkResult, StaffBulkRequest>(({ input }) => {
            calls.push({ src: 'bulk', input });
            return Promise.resolve(RESULT);
          }),
        },
      }),
      { input: INPUT },
    ).start();
    return { actor, calls };
  };
  const settle = () => new Promise((r) => setTimeout(r, 0));

  it('nothing ticked: no bulk decision is offered to the server', async () => {
    const { actor, calls } = ready();
    await settle();
    actor.send({ type: 'BULK', event: 'REJECT' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(calls.map((c) => c.src)).toEqual(['load']);
  });

  it('ticked rows: a dry run of exactly those ids first, the decision only after CONFIRM, then the view again', async () => {
    const { actor, calls } = ready();
    await settle();
    actor.send({ type: 'TOGGLE', id: 2 });
    actor.send({ type: 'BULK', event: 'WAITLIST' });
    await settle();
    expect(actor.getSnapshot().value).toBe('confirming');
    // The screen opens its dialog on the tag, never on the state's name.
    expect(actor.getSnapshot().hasTag('deciding')).toBe(true);
    expect(actor.getSnapshot().hasTag('ready')).toBe(false);
    expect(calls[1]).toEqual({ src: 'bulk', input: { event: 'WAITLIST', ids: [2], dryRun: true } });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(calls[2]).toEqual({ src: 'bulk', input: { event: 'WAITLIST', ids: [2], dryRun: false } });
    expect(calls[3]).toEqual({ src: 'load', input: INPUT.query });
    expect(actor.getSnapshot().context).toMatchObject({
      selected: [],
      notice: '5 accepted, 1 waitlisted, 1 could not be changed',
    });
  });

  it('accepting up to the free seats asks the server to waitlist the rest; other decisions ignore it', async () => {
    const { actor, calls } = ready();
    await settle();
    actor.send({ type: 'TOGGLE', id: 1 });
    actor.send({ type: 'BULK', event: 'ACCEPT', capSeats: true });
    await settle();
    expect(calls[1].input).toEqual({ event: 'ACCEPT', ids: [1], capSeats: true, dryRun: true });
    actor.send({ type: 'CANCEL' });
    actor.send({ type: 'BULK', event: 'REJECT', capSeats: true });
    await settle();
    expect(calls[2].input).toEqual({ event: 'REJECT', ids: [1], dryRun: true });
    // Score order is for a filter: ticked rows go in the order ticked.
    actor.send({ type: 'CANCEL' });
    actor.send({ type: 'BULK', event: 'ACCEPT', byScore: true });
    await settle();
    expect(calls[3].input).toEqual({ event: 'ACCEPT', ids: [1], dryRun: true });
  });

  it('"all N matching" sends the filter without its page; a new view drops the ticks', async () => {
    const { actor } = ready();
    await settle();
    actor.send({ type: 'TOGGLE_PAGE' });
    expect(actor.getSnapshot().context.selected).toEqual([1, 2]);
    actor.send({ type: 'SELECT_ALL_MATCHING' });
    expect(bulkRequest({ ...actor.getSnapshot().context, bulkEvent: 'ACCEPT' }, true)).toEqual({
      event: 'ACCEPT',
      filter: { status: 'submitted' },
      dryRun: true,
    });
    // Accepting every matching application highest score first: the server takes the filter in score order.
    actor.send({ type: 'BULK', event: 'ACCEPT', capSeats: true, byScore: true });
    expect(bulkRequest(actor.getSnapshot().context, true)).toEqual({
      event: 'ACCEPT',
      capSeats: true,
      filter: { status: 'submitted' },
      order: 'score',
      dryRun: true,
    });
    actor.send({ type: 'CANCEL' });
    actor.send({ type: 'QUERY', query: { q: 'ada' } });
    expect(actor.getSnapshot().context).toMatchObject({
      selected: [],
      allMatching: false,
      query: { q: 'ada' },
    });
    expect(bulkSummary({ ...RESULT, applied: {}, refused: [] })).toBe('Nothing changed');
  });

  it('the confirm button names what the dry run will do, not what was asked', () => {
    const capped = { ...RESULT, matched: 389, applied: { ACCEPT: 20, WAITLIST: 369 }, refused: [] };
    expect(bulkConfirmLabel(capped, 'ACCEPT')).toBe('Accept 20, waitlist 369');
    expect(bulkConfirmLabel({ ...RESULT, applied: { REJECT: 4 } }, 'REJECT')).toBe('Reject 4');
    expect(bulkConfirmLabel({ ...RESULT, applied: {} }, 'WAITLIST')).toBe('Waitlist 0');
  });
});

// No answers: the notices name the application by its number.
const APP = staffApplicationPage({
  id: 9,
  answers: {} as StaffApplicationPage['answers'],
  review: SUBMITTED_REVIEW,
});

describe('staffApplication machine', () => {
  const ACTORS = ['load', 'review', 'addNote'];
  const INPUT = {
    id: 9,
    previous: { id: 8, name: 'Ada Obi', label: 'Accepted', until: Date.now() + 60_000 },
  };
  const EVENTS: AnyEventObject[] = [
    { type: 'REVIEW', event: 'ACCEPT' },
    { type: 'REVIEW', event: 'START_REVIEW' },
    { type: 'STAY' },
    { type: 'UNDO_PREVIOUS' },
    { type: 'RELOAD', notice: 'Bank transfer recorded as paid' },
    done('undoPrevious'),
    failed('undoPrevious'),
    // The decision before this page leaves its undo window.
    { type: 'xstate.after.previousHeld.staffApplication.ready' },
    { type: 'ADD_NOTE', body: 'Strong answers.' },
    { type: 'ADD_NOTE', body: '   ' },
    { type: 'ADD_NOTE', body: 'x'.repeat(5001) },
    { type: 'RETRY' },
    done('load', APP),
    done('load', { ...APP, review: { ...APP.review!, status: 'accepted', releasesInMs: 60_000 } }),
    done('load', { ...APP, review: { ...APP.review!, seats: { seats: 300, taken: 300 } } }),
    { type: 'OVERBOOK' },
    { type: 'CANCEL' },
    // The held decision's window ends while the page is open.
    { type: 'xstate.after.untilReleased.staffApplication.ready' },
    failed('load'),
    done('review', { label: 'Accepted' }),
    failed('review'),
    done('addNote'),
    failed('addNote'),
    // An admin erased the applicant's data from this page (decision 149).
    { type: 'ERASED' },
  ];

  it('generated paths take every state and every transition', () => {
    // Whether a decision is held, and whether an acceptance overbooks, are part of the vertex: the page reloads at
    // a release, and asks before overbooking, only then.
    const byValueAndHeld = (s: AnyMachineSnapshot) => {
      const page = (s.context as StaffApplicationContext).page;
      const { previous, asked } = s.context as StaffApplicationContext;
      return JSON.stringify([
        s.value,
        page?.review?.releasesInMs ?? null,
        overbooking(page),
        !previous,
        asked,
      ]);
    };
    // A decision notes when its window ends; one clock for the model and the replay.
    const now = vi.spyOn(Date, 'now').mockReturnValue(INPUT.previous.until - 60_000);
    const paths = transitionPaths(staffApplicationMachine, INPUT, () => EVENTS, byValueAndHeld);
    expect(uncovered(staffApplicationMachine, ACTORS, INPUT, paths)).toEqual({ states: [], transitions: [] });
    now.mockRestore();
  });

  it('after a decision it waits for the screen to move on (or STAY), and undoes the decision before on request', async () => {
    const calls: ReviewInput[] = [];
    const actor = createActor(
      staffApplicationMachine.provide({
        actors: {
          load: fromPromise(() => Promise.resolve(APP)),
          review: fromPromise(({ input }: { input: ReviewInput }) => {
            calls.push(input);
            return Promise.resolve({ label: 'Rejected' });
          }),
        },
      }),
      { input: INPUT },
    ).start();
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'REVIEW', event: 'REJECT' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('decided');
    expect(actor.getSnapshot().context.decision).toMatchObject({ id: 9, label: 'Rejected' });
    actor.send({ type: 'STAY' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.notice).toBe('Rejected Application 9');
    // Starting a review is no decision: the page stays and loads again.
    actor.send({ type: 'REVIEW', event: 'START_REVIEW' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'UNDO_PREVIOUS' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('previousUndone');
    expect(calls.map((c) => [c.id, c.type])).toEqual([
      [9, 'REJECT'],
      [9, 'START_REVIEW'],
      [8, 'UNDO'],
    ]);
  });

  it('an empty or too long note is refused in the catalogue words, without a call', async () => {
    for (const [body, message] of [
      ['   ', STAFF_MESSAGES.noteEmpty],
      ['x'.repeat(5001), STAFF_MESSAGES.noteTooLong],
    ]) {
      const calls: string[] = [];
      const actor = createActor(
        staffApplicationMachine.provide({
          actors: {
            load: fromPromise(() => Promise.resolve(APP)),
            addNote: fromPromise(() => {
              calls.push('addNote');
              return Promise.resolve();
            }),
          },
        }),
        { input: INPUT },
      ).start();
      await new Promise((r) => setTimeout(r, 0));
      actor.send({ type: 'ADD_NOTE', body });
      expect(actor.getSnapshot().value).toBe('ready');
      expect(actor.getSnapshot().context.errors).toEqual({ body: [message] });
      expect(calls).toEqual([]);
    }
  });

  it('offers only what the role may send and the chart allows now', () => {
    const admin = (status: ReviewStatus, releasesInMs: number | null = null): StaffApplicationPage => ({
      ...APP,
      review: { status, label: '', allowed: ADMIN_MAY, releasesInMs, seats: null, undoSeconds: 300 },
    });
    expect(offeredEvents(APP)).toEqual(['START_REVIEW']);
    expect(offeredEvents({ ...APP, review: { ...APP.review!, status: 'accepted' } })).toEqual([]);
    expect(offeredEvents(admin('submitted'))).toEqual([
      'START_REVIEW',
      'ACCEPT',
      'WAITLIST',
      'REJECT',
      'WITHDRAW',
    ]);
    // A held decision offers only its undo; once released, what follows it.
    expect(offeredEvents(admin('accepted', 120_000))).toEqual(['UNDO']);
    expect(offeredEvents(admin('accepted'))).toEqual(['WITHDRAW']);
    expect(offeredEvents(admin('waitlisted', 1))).toEqual(['UNDO']);
    expect(offeredEvents(admin('waitlisted'))).toEqual(['ACCEPT', 'REJECT', 'WITHDRAW']);
    expect(offeredEvents(admin('rejected'))).toEqual(['REOPEN']);
    expect(offeredEvents(admin('paid'))).toEqual([]);
    expect(offeredEvents({ ...APP, review: null })).toEqual([]);
  });
});

describe('staffResource machine', () => {
  const ACTORS = ['load', 'save'];
  const EVENTS: AnyEventObject[] = [
    { type: 'SAVE', request: { kind: 'add', email: 'reviewer@bootcamp.example', role: 'reviewer' } },
    { type: 'RETRY' },
    done('load', []),
    failed('load'),
    done('save', 'Added to the team'),
    failed('save', { message: 'This person is already on the team', errors: { email: ['taken'] } }),
  ];

  // Whether a change is held apart: the load's answer then goes on to save it.
  const byValueAndHeld = (s: AnyMachineSnapshot) =>
    JSON.stringify([s.value, s.context.pending !== undefined]);

  it('generated paths take every state and every transition', () => {
    const paths = transitionPaths(staffResourceMachine, undefined, () => EVENTS, byValueAndHeld);
    expect(uncovered(staffResourceMachine, ACTORS, undefined, paths)).toEqual({
      states: [],
      transitions: [],
    });
  });

  it('a saved change loads the resource again and says so; a refused one keeps the page with the reason', () => {
    const paths = transitionPaths(staffResourceMachine, undefined, () => EVENTS, byValue);
    const last = (type: string) =>
      replay(
        staffResourceMachine,
        ACTORS,
        undefined,
        paths.find((p) => p.steps.at(-1)?.event.type === type)!,
      );
    const saved = last('xstate.done.actor.save');
    expect(saved.calls.map((c) => c.src)).toEqual(['load', 'save', 'load']);
    expect(saved.calls[1].input).toEqual(EVENTS[0].request);
    expect(saved.snapshots.at(-1)!.context.notice).toBe('Added to the team');
    const refused = last('xstate.error.actor.save').snapshots.at(-1)!;
    expect(refused.value).toBe('ready');
    expect(refused.context).toMatchObject({
      message: 'This person is already on the team',
      errors: { email: ['taken'] },
    });
  });

  it('a change saved while the page is still loading is held, and saved once the load answers', async () => {
    let answerLoad: (data: unknown) => void = () => {};
    const save = vi.fn(async (_request: unknown) => 'Saved view added');
    const actor = createActor(
      staffResourceMachine.provide({
        actors: {
          load: fromPromise(() => new Promise((resolve) => (answerLoad = resolve))),
          save: fromPromise(({ input }) => save(input)),
        },
      }),
    ).start();
    const request = { name: 'Lagos, submitted' };
    actor.send({ type: 'SAVE', request });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(save).not.toHaveBeenCalled();
    answerLoad([]);
    await vi.waitFor(() => expect(actor.getSnapshot().context.notice).toBe('Saved view added'));
    expect(save).toHaveBeenCalledExactlyOnceWith(request);
  });
});

describe('the staff page follows the undo window', () => {
  it('loads again when a held decision is released, and offers Undo no longer', async () => {
    vi.useFakeTimers();
    try {
      const held: StaffApplicationPage = {
        ...APP,
        review: { ...APP.review!, status: 'accepted' as const, releasesInMs: 90_000 },
      };
      const released: StaffApplicationPage = { ...held, review: { ...held.review!, releasesInMs: null } };
      const answers = [held, released];
      const actor = createActor(
        staffApplicationMachine.provide({
          actors: {
            load: fromPromise<StaffApplicationPage, { id: number }>(() =>
              Promise.resolve(answers.shift() ?? released),
            ),
          },
        }),
        { input: { id: 9 } },
      ).start();
      await vi.advanceTimersByTimeAsync(0);
      const page = () => actor.getSnapshot().context.page!;
      const admin = (p: StaffApplicationPage) => ({
        ...p,
        review: { ...p.review!, allowed: ['UNDO', 'WITHDRAW'] },
      });
      expect(offeredEvents(admin(page()) as StaffApplicationPage)).toEqual(['UNDO']);
      await vi.advanceTimersByTimeAsync(89_999);
      expect(page().review?.releasesInMs).toBe(90_000);
      await vi.advanceTimersByTimeAsync(1);
      expect(actor.getSnapshot().value).toBe('ready');
      expect(offeredEvents(admin(page()) as StaffApplicationPage)).toEqual(['WITHDRAW']);
    } finally {
      vi.useRealTimers();
    }
  });
});
