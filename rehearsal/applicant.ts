/**
 * One applicant's walk through the real API, as the wizard sends it: the first form, the emailed code (read from
 * the sink), each step's save, submit, then the selection video and an aid request where the dice say so. Each
 * applicant may stop after any step (the funnel), and a flaky phone double-taps, times out and retries with the same
 * key, types a wrong code first, asks for the code again; some who stop ask for their data to be erased.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { paths, SESSION_COOKIE, type ApplicantStanding } from '../machines/rules/contract';
import type { SavedApplication } from '../machines/savedApplication';
import { OPTION_FINANCIAL_AID } from '../machines/rules/payments';
import { privacyPaths } from '../machines/rules/privacy';
import {
  agreed,
  applicant,
  eligibility,
  employment,
  financialAid,
  other,
  TINY_PDF,
} from '../tests/support/answers';
import { cookieNamed, type Call, type Client, type Reply } from './client';
import { codeIn } from './mailKinds';
import type { RehearsalOptions } from './options';
import type { Sink } from './sink';

/** How far an applicant went, in the funnel's order. */
export const FUNNEL = [
  'arrived',
  'created',
  'verified',
  'eligibility',
  'employment',
  'other',
  'submitted',
  'video',
  'aid',
] as const;
export type FunnelStep = (typeof FUNNEL)[number];

export interface ApplicantRecord {
  email: string;
  /** As the applicant types it (`phoneOf`). */
  phone: string;
  cookie?: string;
  /** Offset from the start of the arrivals at which they arrived on the curve (ms). */
  arrivedAt: number;
  /** When their walk began (ms from the same start): later than `arrivedAt` when the concurrency limit held them. */
  startedAt?: number;
  reached: Set<FunnelStep>;
  erased: boolean;
  /** Saves acknowledged with a 2xx: the step and the fields sent. */
  writes: { step: string; sent: Record<string, unknown> }[];
  /** Code emails this applicant caused: the create, and each resend the server accepted. */
  codesAsked: number;
  flaky: string[];
  /** Withdrew their application, the server said so (decision 250). */
  withdrew?: boolean;
  /** Will withdraw once their decision is released (run.ts, after the releases). */
  withdrawsLater?: boolean;
}

/** The n-th applicant's phone number, one each. */
export const phoneOf = (n: number) => `+234 803 ${String(1000000 + n).slice(-7)}`;

const FIRST_NAMES = ['Ada', 'Bola', 'Chidi', 'Dayo', 'Emeka', 'Funmi', 'Gbenga', 'Halima', 'Ife', 'Kemi'];
const LAST_NAMES = ['Obi', 'Adeyemi', 'Okafor', 'Bello', 'Eze', 'Lawal', 'Nwosu', 'Okonkwo', 'Sani', 'Uche'];

/** A CV form as the browser's upload sends it: `email` first, then the file. */
function cvForm(email: string): { type: string; data: Buffer } {
  const boundary = `----rehearsal${randomBytes(8).toString('hex')}`;
  return {
    type: `multipart/form-data; boundary=${boundary}`,
    data: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\n${email}\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      TINY_PDF,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

export async function walk(
  record: ApplicantRecord,
  n: number,
  deps: { client: Client; sink: Sink; options: RehearsalOptions; random: () => number },
): Promise<void> {
  const { client, sink, options, random } = deps;
  const { email } = record;
  const chance = (p: number) => random() < p;
  const flaky = {
    doubleTap: chance(options.flaky.doubleTap),
    timeoutRetry: chance(options.flaky.timeoutRetry),
    wrongCode: chance(options.flaky.wrongCode),
    resend: chance(options.flaky.resend),
  };
  record.flaky = Object.entries(flaky)
    .filter(([, on]) => on)
    .map(([name]) => name);
  const pause = () => new Promise((r) => setTimeout(r, 20 + random() * 150));
  /** A write as this phone sends it: double-tapped, or given up on early and retried, or plain. */
  const send = async <T>(call: Call): Promise<Reply<T>> => {
    const full = { ...call, who: email, cookie: record.cookie };
    if (flaky.doubleTap && chance(0.5)) {
      const [one, two] = await client.doubleTap<T>(full);
      return one.status >= 200 && one.status < 300 ? one : two;
    }
    if (flaky.timeoutRetry && chance(0.5)) return client.write<T>(full, 1 + Math.floor(random() * 30));
    return client.write<T>(full);
  };
  const ok = (reply: Reply) => reply.status >= 200 && reply.status < 300;
  const stops = (share: number) => chance(share);
  record.reached.add('arrived');

  await client.once({ method: 'GET', path: paths.currentCohort, who: email });
  const first = FIRST_NAMES[n % FIRST_NAMES.length];
  const last = LAST_NAMES[Math.floor(n / FIRST_NAMES.length) % LAST_NAMES.length];
  const started = Date.now();
  const created = await send({
    method: 'POST',
    path: paths.create,
    body: applicant(email, {
      firstname: first,
      lastname: last,
      phone: record.phone,
    }),
  });
  // A double tap or a retry can meet its own first request: "already exists" then means it was created.
  if (!ok(created) && created.status !== 409) return;
  record.reached.add('created');
  record.codesAsked = 1;
  if (stops(options.drop.verify)) return eraseMaybe();

  const codeMail = await sink.waitFor(email, (s) => codeIn(s) !== undefined, started - 1000);
  let code = codeIn(codeMail.subject)!;
  if (flaky.wrongCode) {
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await client.once({
      method: 'POST',
      path: paths.verifyEmail,
      body: { email, token: wrong },
      who: email,
      key: randomUUID(),
    });
  }
  if (flaky.resend) {
    const asked = Date.now();
    const resent = await client.once({
      method: 'POST',
      path: paths.resendCode,
      body: { email },
      who: email,
      key: randomUUID(),
    });
    // The wait after the first code is 120 s (docs/api.md "Codes"): usually refused, and the first code still works.
    if (ok(resent)) {
      record.codesAsked += 1;
      code = codeIn((await sink.waitFor(email, (s) => codeIn(s) !== undefined, asked)).subject)!;
    }
  }
  const verified = await client.once({
    method: 'POST',
    path: paths.verifyEmail,
    body: { email, token: code },
    who: email,
    key: randomUUID(),
  });
  const session = cookieNamed(verified, SESSION_COOKIE);
  if (!ok(verified) || !session) return;
  record.cookie = session;
  record.reached.add('verified');
  if (stops(options.drop.eligibility)) return eraseMaybe();
  await pause();

  const uploads = chance(options.cvUpload);
  if (uploads) {
    const uploaded = await client.write({
      method: 'POST',
      path: paths.uploadCv,
      raw: cvForm(email),
      cookie: session,
      who: email,
    });
    if (!ok(uploaded)) return;
  }
  const answers = eligibility(0);
  if (
    !(await save(
      'eligibility',
      paths.eligibility,
      { eligible: 'eligible', eligibility: answers, cv_sent_by_email: !uploads },
      answers,
    ))
  )
    return;
  record.reached.add('eligibility');
  if (stops(options.drop.employment)) return eraseMaybe();
  await pause();

  if (!(await save('employment', paths.employment, { employment }, employment))) return;
  record.reached.add('employment');
  if (stops(options.drop.other)) return eraseMaybe();
  await pause();

  if (!(await save('other', paths.other, { other }, other))) return;
  record.reached.add('other');
  if (stops(options.drop.submit)) return eraseMaybe();
  await pause();

  const submitted = await send({ method: 'POST', path: paths.submit, body: { email, ...agreed } });
  if (!ok(submitted)) return;
  record.reached.add('submitted');

  if (chance(options.video)) {
    await client.once({ method: 'GET', path: paths.selectionQuiz, cookie: session, who: email });
    const video = { videoProgress: 100, isVideoEnded: true, attemptCounter: 1 };
    const watched = await send({
      method: 'POST',
      path: paths.update(email),
      route: paths.update.pattern,
      body: { videoData: video },
    });
    if (ok(watched)) {
      record.writes.push({ step: 'video', sent: video });
      record.reached.add('video');
    }
  }
  if (chance(options.aid)) {
    const aid = await send({
      method: 'POST',
      path: paths.misc,
      body: {
        email,
        misc: { column_name: 'Financial Info', payment_option: OPTION_FINANCIAL_AID, data: financialAid },
      },
    });
    if (ok(aid)) record.reached.add('aid');
  }
  // Some withdraw (decision 250): at once, under review (a decision already taken and held refuses it: 409), or
  // once their decision is released.
  if (chance(options.withdraw)) {
    if (chance(0.5)) record.withdrew = ok(await send({ method: 'POST', path: paths.withdraw, body: {} }));
    else record.withdrawsLater = true;
  }

  /** A step's save; its answers are remembered for the end-of-run read-back once acknowledged. */
  async function save(step: string, path: string, body: object, sent: object): Promise<boolean> {
    const reply = await send({ method: 'POST', path, body: { email, ...body } });
    if (!ok(reply)) return false;
    record.writes.push({ step, sent: { ...sent } });
    return true;
  }

  /** Some who stop ask for their data to be erased (docs/privacy.md), when they have a session to ask with. */
  async function eraseMaybe(): Promise<void> {
    if (!record.cookie || !chance(options.flaky.erase)) return;
    const erased = await client.write({
      method: 'POST',
      path: privacyPaths.erase,
      body: { confirm: true },
      cookie: record.cookie,
      who: email,
    });
    if (ok(erased)) record.erased = true;
  }
}

/** Withdraws an applicant whose released decision the chart lets them withdraw from (decision 250). */
export async function withdrawAfterDecision(client: Client, record: ApplicantRecord): Promise<void> {
  const who = { cookie: record.cookie, who: record.email };
  const standing = await client.once<{ data: ApplicantStanding }>({
    method: 'GET',
    path: paths.standing,
    ...who,
  });
  if (standing.status !== 200 || !standing.body.data.withdrawable) return;
  const reply = await client.write({ method: 'POST', path: paths.withdraw, body: {}, ...who });
  record.withdrew = reply.status === 200;
}

/** What the owner's application holds now (undefined once it is gone). */
export async function savedApplication(
  client: Client,
  record: ApplicantRecord,
): Promise<SavedApplication | undefined> {
  const reply = await client.once<{ data: SavedApplication[] }>({
    method: 'GET',
    path: paths.lookup(record.email),
    route: paths.lookup.pattern,
    cookie: record.cookie,
    who: record.email,
  });
  const saved = reply.status === 200 ? reply.body.data[0] : undefined;
  return saved && 'stage' in saved ? saved : undefined;
}
