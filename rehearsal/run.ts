/**
 * `npm run rehearse -- --applicants 10000 --reviewers 5 --hours 2` (`--quick` for CI): a whole admissions round
 * driven against the real server over HTTP, with the invariants of docs/decisions/248-the-round-rehearsal.md
 * checked during and after it. Writes `var/rehearsals/<time>/report.json` and `index.html`; exits 1 on any breach,
 * naming the applicant and what differed.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { reviewMeta, type ReviewStatus, type Standing } from '../machines/review.machine';
import { paths, type ApplicantStanding } from '../machines/rules/contract';
import { staffPaths } from '../machines/rules/staff/paths';
import { staffQueuePaths, type StaffQueuePage } from '../machines/rules/staff/queue';
import { MAX_ATTEMPTS } from '../server/mail/worker';
import {
  FUNNEL,
  phoneOf,
  savedApplication,
  walk,
  withdrawAfterDecision,
  type ApplicantRecord,
} from './applicant';
import { arrivalTimes, schedule, seededRandom } from './arrivals';
import { Client } from './client';
import { readDecisions, readIds, readOutbox, readPlacements, readSeats, readSlots } from './database';
import { startEngines, type Engines } from './engines';
import { InterviewStage, readInterviews } from './interviews';
import { checkInvariants } from './invariants';
import { codeIn, isConfirmation } from './mailKinds';
import type {
  AcknowledgedWrite,
  FinalRead,
  InterviewRead,
  Observations,
  ProcessSample,
} from './observations';
import { parseOptions, UsageError, type RehearsalOptions } from './options';
import {
  errorTable,
  latencyOverTime,
  mailOverTime,
  percentile,
  processesOverTime,
  releaseLags,
  routeTable,
  thin,
  writeReport,
  type Report,
  type Row,
} from './report';
import {
  assignNew,
  QUEUE_PAGE_ROUTE,
  review,
  sampleSeats,
  setSeats,
  signIn,
  teamIds,
  TRIAGE_LIST_ROUTE,
  watchReports,
  type ReviewLog,
} from './reviewers';
import { metric, metrics, sampleUntil } from './sampler';
import { reportPaths } from '../machines/rules/reports';

const ROOT = resolve(import.meta.dirname, '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface RehearsalResult {
  dir: string;
  report: Report;
}

export async function rehearse(options: RehearsalOptions): Promise<RehearsalResult> {
  const startedAt = new Date();
  const dir = resolve(ROOT, options.out, startedAt.toISOString().replace(/[:.]/g, '-'));
  mkdirSync(dir, { recursive: true });
  const random = seededRandom(options.seed);
  const admins = Array.from({ length: options.reviewers }, (_, i) => `reviewer${i + 1}@rehearsal.example`);
  const engines: Engines = await startEngines(options, dir, admins);
  // The processes over the run until the server stops: about 600 samples over the arrivals, at least a second apart.
  const samples: ProcessSample[] = [];
  let stopSampling = false;
  const sampling = sampleUntil(
    engines.url,
    Math.max(1000, options.durationMs / 600),
    samples,
    () => stopSampling,
  );
  try {
    const phase = (what: string) =>
      console.log(`${((Date.now() - startedAt.getTime()) / 1000).toFixed(1)} s: ${what}`);
    phase('the server is ready');
    const client = new Client(engines.url);
    const { sink } = engines;
    console.log(`Rehearsing on ${engines.engine} at ${engines.url}; the run's folder is ${dir}`);

    const team = [];
    for (const email of admins) team.push(await signIn(client, sink, email));
    const cohort = await setSeats(client, team[0], options.seats);
    const memberIds = await teamIds(client, team[0], team);

    // The applicants, arriving along the curve; the team reviews while they arrive.
    const applicants = new Map<string, ApplicantRecord>();
    const times = arrivalTimes(options.applicants, options.durationMs);
    const tag = startedAt.getTime().toString(36);
    const records = times.map((at, n) => {
      const record: ApplicantRecord = {
        email: `r${tag}-${n + 1}@rehearsal.example`,
        phone: phoneOf(n),
        arrivedAt: at,
        reached: new Set(),
        erased: false,
        writes: [],
        codesAsked: 0,
        flaky: [],
      };
      applicants.set(record.email, record);
      return { at, item: { record, n } };
    });
    const log: ReviewLog = {
      bulk: [],
      seats: [],
      standingReads: [],
      undone: 0,
      undoRefused: 0,
      messages: 0,
      refusedRows: 0,
      assigned: 0,
    };
    let arrivalsDone = false;
    let reviewDone = false;
    const failures: string[] = [];
    const arrivalsStart = Date.now();
    const arriving = schedule(records, options.concurrency, async ({ record, n }) => {
      record.startedAt = Date.now() - arrivalsStart;
      // A line every tenth of the crowd, so a long run shows it is moving.
      if (n > 0 && n % Math.max(1, Math.round(records.length / 10)) === 0)
        phase(`${n} applicants have arrived`);
      try {
        await walk(record, n, { client, sink, options, random });
      } catch (error) {
        failures.push(`${record.email}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }).then(() => (arrivalsDone = true));
    const interviews = options.interviews
      ? new InterviewStage({ client, sink, options, random, applicants })
      : undefined;
    const seatSampling = sampleSeats(client, team[0], log, () => reviewDone);
    const reporting = watchReports(client, team[0], () => reviewDone);
    const assigning = assignNew(client, team[0], memberIds, log, () => arrivalsDone);
    const reviewing = Promise.all(
      team.map((member, index) =>
        review(client, member, index, team.length, {
          options,
          random,
          log,
          applicants,
          arrivalsDone: () => arrivalsDone,
          interviews,
        }),
      ),
    ).then(() => (reviewDone = true));
    await arriving;
    phase(`arrivals over: ${records.length} applicants; the team finishes the queue`);
    await reviewing;
    await Promise.all([seatSampling, assigning, reporting, interviews?.finished()]);
    phase('the queue is decided; waiting for the releases and the outbox');

    // Every decision's window and the workers' periods pass, then the outbox drains.
    const undoMs = options.undoSeconds * 1000;
    const releaseBudgetMs = options.reminderPollMs + options.graceMs;
    await sleep(undoMs + options.reminderPollMs * 2 + options.mailPollMs * 2);
    // Those who withdraw once their decision is released (decision 250), before the outbox drains.
    for (const record of applicants.values())
      if (record.withdrawsLater && record.cookie && !record.erased)
        await withdrawAfterDecision(client, record);
    const drainBy = Date.now() + releaseBudgetMs + 30_000;
    while (Date.now() < drainBy && (metric(await metrics(engines.url), 'bootcamp_outbox_messages') ?? 0) > 0)
      await sleep(250);
    await sleep(options.mailPollMs * 4);

    phase('reading both sides');
    // Both sides of each decided application, as they read now.
    const decidedIds = new Map<number, string>();
    for (const batch of log.bulk) for (const id of batch.ids) decidedIds.set(id, '');
    const admin = team[0];
    // The withdrawn too, decided first or not (decision 250), in every cohort, page after page (a round of 10,000
    // has more than one page of them).
    for (let cursor: string | null = ''; cursor !== null;) {
      const withdrawn: { status: number; body: { data: StaffQueuePage } } = await client.once<{
        data: StaffQueuePage;
      }>({
        method: 'GET',
        path: `${staffQueuePaths.queue}?status=withdrawn&allCohorts=1&limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        route: staffQueuePaths.queue,
        cookie: admin.cookie,
        who: admin.email,
      });
      if (withdrawn.status !== 200) break;
      for (const row of withdrawn.body.data.rows) decidedIds.set(row.id, '');
      cursor = withdrawn.body.data.nextCursor;
    }
    const finals: FinalRead[] = [];
    // Eight reads at once: one after another, a round of 10,000's thousands of decisions took minutes to read.
    await schedule(
      [...decidedIds.keys()].map((id) => ({ at: 0, item: id })),
      8,
      async (id) => {
        const record = await client.once<{
          data: {
            answers: { email?: string };
            review: { status: ReviewStatus; releasesInMs: number | null } | null;
          };
        }>({
          method: 'GET',
          path: staffPaths.application.replace(':id', String(id)),
          route: staffPaths.application,
          cookie: admin.cookie,
          who: admin.email,
        });
        const email = record.body?.data?.answers?.email?.toLowerCase();
        const applicant = email ? applicants.get(email) : undefined;
        if (record.status !== 200 || !record.body.data.review || !applicant?.cookie) return;
        const standing = await client.once<{ data: ApplicantStanding }>({
          method: 'GET',
          path: paths.standing,
          cookie: applicant.cookie,
          who: applicant.email,
        });
        // Under review again (every decision undone) counts too: then no decision email may have gone.
        const staff = reviewMeta(record.body.data.review.status).standing;
        finals.push({
          applicationId: id,
          email: applicant.email,
          staff,
          staffHeld: record.body.data.review.releasesInMs !== null,
          applicant: (standing.status === 200
            ? standing.body.data.standing
            : `answered ${standing.status}`) as Standing,
        });
      },
    );

    // The acknowledged saves, read back through the owner's session (every one up to 500, then a sample).
    const writers = [...applicants.values()].filter((a) => a.writes.length && !a.erased && a.cookie);
    const sampled = writers.length <= 500 ? writers : writers.filter(() => random() < 500 / writers.length);
    const writes: AcknowledgedWrite[] = [];
    for (const applicant of sampled) {
      const saved = await savedApplication(client, applicant);
      for (const write of applicant.writes) {
        const group = (
          saved ? saved[write.step === 'video' ? 'video' : (write.step as 'eligibility')] : undefined
        ) as Record<string, unknown> | undefined;
        writes.push({ email: applicant.email, step: write.step, sent: write.sent, stored: group });
      }
    }

    const interviewReads: InterviewRead[] = interviews
      ? await readInterviews(client, admin, interviews, applicants)
      : [];

    const serverMetrics = await metrics(engines.url);
    stopSampling = true;
    await sampling;
    phase('stopping the server, reading its database');
    const db = await engines.stopServer();
    // What a backup taken now would hold, read for the erased applicants (PostgreSQL runs).
    const dumpFile = join(dir, 'database.sql');
    const dump = (await engines.dump(dumpFile)) ? readFileSync(dumpFile, 'utf8') : null;
    // Personal data of a rehearsal's own fake applicants, but a dump all the same: not left in the run's folder.
    rmSync(dumpFile, { force: true });
    const [outbox, decisions, ids, placements, slots, seatsOf] = await Promise.all([
      readOutbox(db),
      readDecisions(db),
      readIds(db),
      readPlacements(db),
      readSlots(db),
      readSeats(db),
    ]);

    const effects: Observations['effects'] = [];
    const mailsTo = new Map<string, string[]>();
    for (const m of sink.messages) {
      const subjects = mailsTo.get(m.to);
      if (subjects) subjects.push(m.subject);
      else mailsTo.set(m.to, [m.subject]);
    }
    for (const a of applicants.values()) {
      if (!a.reached.has('created')) continue;
      const subjects = mailsTo.get(a.email) ?? [];
      effects.push({
        email: a.email,
        kind: 'code',
        expected: a.codesAsked,
        received: subjects.filter((s) => codeIn(s) !== undefined).length,
      });
      if (a.reached.has('submitted'))
        effects.push({
          email: a.email,
          kind: 'confirmation',
          expected: 1,
          received: subjects.filter(isConfirmation).length,
        });
    }

    const observations: Observations = {
      answers: client.answers,
      sink: sink.messages,
      outbox,
      retryBudget: MAX_ATTEMPTS,
      decisions,
      bulk: log.bulk,
      seats: log.seats,
      standingReads: log.standingReads,
      finals,
      writes,
      effects,
      ids,
      undoMs,
      releaseBudgetMs,
      placements,
      interviews: interviewReads,
      slots,
      dump,
      erased: [...applicants.values()].filter((a) => a.erased).map(({ email, phone }) => ({ email, phone })),
    };
    const checked = checkInvariants(observations);
    if (failures.length)
      checked.push({ invariant: 'every applicant finished their walk', breaches: failures });
    const report = buildReport({
      startedAt,
      options,
      engines,
      applicants: [...applicants.values()],
      log,
      observations,
      checked,
      serverMetrics,
      samples,
      cohort,
      seatsOf,
      interviews: interviews?.log,
    });
    await writeReport(dir, report);
    phase('report written');
    return { dir, report };
  } finally {
    stopSampling = true;
    await engines.close();
  }
}

function buildReport(input: {
  startedAt: Date;
  options: RehearsalOptions;
  engines: Engines;
  applicants: ApplicantRecord[];
  log: ReviewLog;
  observations: Observations;
  checked: Report['invariants'];
  serverMetrics: string;
  samples: ProcessSample[];
  cohort: number;
  seatsOf: Map<number, number>;
  interviews?: InterviewStage['log'];
}): Report {
  const { options, applicants, log, observations: o, checked } = input;
  const slices = 10;
  const arrivals: Row[] = Array.from({ length: slices }, (_, i) => {
    const from = (i * options.durationMs) / slices;
    const to = ((i + 1) * options.durationMs) / slices;
    const within = (at: number | undefined) =>
      at !== undefined && at >= from && (at < to || i === slices - 1);
    return {
      slice: `${i * 10}–${(i + 1) * 10}%`,
      'from s': Math.round(from / 1000),
      'to s': Math.round(to / 1000),
      'arrived on the curve': applicants.filter((a) => within(a.arrivedAt)).length,
      'walk began (after the concurrency limit)': applicants.filter((a) => within(a.startedAt)).length,
    };
  });
  const funnel: Row[] = FUNNEL.map((step) => ({
    step,
    applicants: applicants.filter((a) => a.reached.has(step)).length,
  }));
  funnel.push({ step: 'erased their data', applicants: applicants.filter((a) => a.erased).length });
  for (const kind of ['doubleTap', 'timeoutRetry', 'wrongCode', 'resend'])
    funnel.push({
      step: `flaky: ${kind}`,
      applicants: applicants.filter((a) => a.flaky.includes(kind)).length,
    });
  const start = input.startedAt.getTime();
  const seats = (() => {
    const changes = o.seats.filter(
      (s, i, all) => i === 0 || all.findLast((p, j) => j < i && p.cohort === s.cohort)?.taken !== s.taken,
    );
    return thin(changes, 60).map((s) => ({
      's from start': Math.round((s.at - start) / 1000),
      cohort: s.cohort,
      seats: s.seats,
      taken: s.taken,
    }));
  })();
  const reviewers: Row[] = [...new Set(log.bulk.map((b) => b.reviewer))].map((reviewer) => {
    const mine = log.bulk.filter((b) => b.reviewer === reviewer);
    const applied = (event: 'ACCEPT' | 'WAITLIST' | 'REJECT') =>
      mine.reduce((n, b) => n + (b.applied[event] ?? 0), 0);
    return {
      reviewer,
      batches: mine.length,
      'rows sent to accept': mine.filter((b) => b.event === 'ACCEPT').reduce((n, b) => n + b.ids.length, 0),
      accepted: applied('ACCEPT'),
      waitlisted: applied('WAITLIST'),
      'not successful': applied('REJECT'),
    };
  });
  const team: Row[] = [
    { what: 'rows dealt to the team (assign, round-robin)', count: log.assigned },
    { what: 'rows refused by the chart (decided meanwhile by another)', count: log.refusedRows },
    { what: 'undone inside the window', count: log.undone },
    { what: 'undo refused (window over)', count: log.undoRefused },
    { what: 'messages sent', count: log.messages },
  ];
  // Per cohort: what was submitted into it (on its waitlist when the one before was full) and how it was decided.
  const cohorts: Row[] = [...new Set(o.placements.map((p) => p.cohort))]
    .sort((a, b) => a - b)
    .map((number) => {
      const mine = o.placements.filter((p) => p.cohort === number);
      const standing = (s: Standing) =>
        mine.filter((p) => !p.erased && reviewMeta(p.status as ReviewStatus).standing === s).length;
      return {
        cohort: number,
        seats: input.seatsOf.get(number) ?? '',
        applied: mine.length,
        'on its waitlist at submit': mine.filter((p) => p.waitlistedAtSubmit).length,
        accepted: standing('accepted'),
        waitlisted: standing('waitlisted'),
        'not successful': standing('not_successful'),
        withdrawn: standing('withdrawn'),
        'still under review': standing('under_review'),
        erased: mine.filter((p) => p.erased).length,
      };
    });
  const iv = input.interviews;
  const interviews: Row[] = iv
    ? [
        { what: 'cohorts with interviews switched on', count: iv.cohorts.join(', ') || 'none' },
        { what: 'slots offered', count: iv.slotsOffered },
        { what: 'applicants invited', count: iv.invites.length },
        { what: 'invites refused (decided meanwhile, or inbox full)', count: iv.inviteRefused },
        ...(['booked', 'did not book', 'no free slot', 'refused', 'no invitation email'] as const).map(
          (outcome) => ({
            what: `invited, then ${outcome}`,
            count: iv.invites.filter((i) => i.outcome === outcome).length,
          }),
        ),
        { what: 'bookings that lost a race for a slot, then chose again', count: iv.slotRaces },
      ]
    : [];
  // The pages the team keeps open during the round (issue 54: p95 within 1 s while the rehearsal runs).
  const staffRoutes = new Map([
    [`GET ${QUEUE_PAGE_ROUTE}`, 'queue page'],
    [`GET ${TRIAGE_LIST_ROUTE}`, 'triage list'],
    [`GET ${staffPaths.application}`, 'an application (triage)'],
    [`GET ${reportPaths.reports}`, 'reports'],
  ]);
  const staffPages: Row[] = routeTable(o.answers)
    .filter((r) => staffRoutes.has(String(r.route)))
    .map((r) => ({
      page: staffRoutes.get(String(r.route))!,
      ...r,
      'p95 within 1 s': Number(r['p95 ms']) <= 1000 ? 'yes' : 'no',
    }));
  const delivered = o.outbox.filter((r) => r.delivered).length;
  const emails: Row[] = [
    { what: 'queued in the outbox (rows at the end)', count: o.outbox.length },
    { what: 'delivered, says the outbox', count: delivered },
    { what: 'received by the SMTP sink', count: o.sink.length },
    { what: 'not delivered at the end', count: o.outbox.length - delivered },
  ];
  // How long mail waited in the outbox (queued → delivered): the outbox worker's pace, not the decisions'.
  const waits = o.outbox
    .filter((r) => r.deliveredAt !== null)
    .map((r) => (r.deliveredAt as number) - r.queuedAt)
    .sort((a, b) => a - b);
  for (const p of [50, 95, 99, 100])
    emails.push({
      what: `outbox wait, queued → delivered, ${p === 100 ? 'max' : `p${p}`} (ms)`,
      count: Math.round(percentile(waits, p)),
    });
  // How long a decision that stood waited past its undo window for the decision mailer (the invariant bounds it).
  const lags = releaseLags(o.decisions, o.undoMs);
  for (const p of [50, 95, 99, 100])
    emails.push({
      what: `decision release lag, after the undo window, ${p === 100 ? 'max' : `p${p}`} (ms)`,
      count: Math.round(percentile(lags, p)),
    });
  const m = input.serverMetrics;
  const processes: Row[] = [
    {
      process: `server (${input.engines.engine}${input.engines.engine === 'postgres' ? `, WORKERS=${options.workers}` : ''})`,
      'CPU s': Number((metric(m, 'process_cpu_seconds_total') ?? 0).toFixed(1)),
      'RSS MB': Math.round((metric(m, 'process_resident_memory_bytes') ?? 0) / 1e6),
    },
    {
      process: 'rehearsal (applicants, team, sink)',
      'CPU s': Number(((process.cpuUsage().user + process.cpuUsage().system) / 1e6).toFixed(1)),
      'RSS MB': Math.round(process.memoryUsage().rss / 1e6),
    },
  ];
  return {
    startedAt: input.startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    passed: checked.every((i) => i.breaches.length === 0),
    engine: input.engines.engine,
    options: { ...options, cohort: input.cohort },
    settings: input.engines.settings,
    arrivals,
    funnel,
    seats,
    reviewers,
    team,
    cohorts,
    interviews,
    staffPages,
    emails,
    routes: routeTable(o.answers),
    latency: latencyOverTime(o.answers, start),
    errors: errorTable(o.answers),
    mail: mailOverTime(o.outbox, start),
    processes,
    processesOverTime: processesOverTime(input.samples, start),
    invariants: checked,
  };
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  let options: RehearsalOptions;
  try {
    options = parseOptions(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    const help = argv.includes('--help');
    (help ? console.log : console.error)(error.message);
    process.exit(help ? 0 : 2);
  }
  const { dir, report } = await rehearse(options);
  const lines = report.invariants.map((i) =>
    i.notChecked
      ? `– ${i.invariant}: not checked (${i.notChecked})`
      : `${i.breaches.length ? '✗' : '✓'} ${i.invariant}${i.breaches.length ? `: ${i.breaches.length} breach(es)` : ''}`,
  );
  console.log(lines.join('\n'));
  for (const i of report.invariants)
    for (const breach of i.breaches.slice(0, 20)) console.error(`  ${breach}`);
  console.log(`Report: ${join(dir, 'index.html')}`);
  process.exit(report.passed ? 0 : 1);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
