/**
 * Writes from another origin are refused (403, in words) before anything is read or stored, whatever the route;
 * the site's own pages, and clients that are no browser, keep working.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../machines/rules/contract';
import { SERVER_MESSAGES } from '../../server/messages';
import {
  applicant,
  cvForm,
  databases,
  json,
  pdf,
  shortOther,
  useTestApp,
  verifiedApplicant,
} from './support';

const PUBLIC_URL = 'https://apply.example.org';
const EMAIL = 'ada@example.com';

/** Every state-changing request the wizard makes, with a body that would be accepted from the site itself. */
const WRITES: Array<{ url: string; payload: () => object | { form: ReturnType<typeof cvForm> } }> = [
  { url: paths.create, payload: () => applicant('new@example.com') },
  { url: paths.resendCode, payload: () => ({ email: EMAIL }) },
  { url: paths.verifyEmail, payload: () => ({ email: EMAIL, token: '123456' }) },
  {
    url: paths.eligibility,
    payload: () => ({
      email: EMAIL,
      eligibility: {
        openness_to_tools: 'Very open',
        work_disruption_feelings: 'Calm',
        feedback_handling: 'Welcome it',
        approach_to_new_tasks: 'Plan',
        education_focus: 'Science',
        highest_qualification: 'BSc',
      },
    }),
  },
  { url: paths.uploadCv, payload: () => ({ form: cvForm(EMAIL, pdf()) }) },
  {
    url: paths.employment,
    payload: () => ({
      email: EMAIL,
      employment: {
        employment_status: 'Unemployed',
        unemployment_duration: '1 year',
        work_experience_years: '1',
      },
    }),
  },
  {
    url: paths.other,
    payload: () => ({
      email: EMAIL,
      other: shortOther,
    }),
  },
  {
    url: paths.submit,
    payload: () => ({ email: EMAIL, agreement: true, agreement1: true, agreement2: true }),
  },
  {
    url: paths.misc,
    payload: () => ({
      email: EMAIL,
      misc: { column_name: 'Financial Info', payment_option: 'Full payment' },
    }),
  },
  {
    url: paths.update(EMAIL),
    payload: () => ({
      reminderDate: '2027-01-05T10:00:00.000Z',
      videoData: { videoProgress: 100, isVideoEnded: true, attemptCounter: 3 },
    }),
  },
];

describe.each(databases)('cross-site writes on $name', (database) => {
  const t = useTestApp(database, { config: { publicUrl: PUBLIC_URL } }, 'all');
  let cookie: string;
  /** Everything an applicant's requests can change. */
  const snapshot = async () => ({
    applications: (await t.db.query('SELECT * FROM applications ORDER BY id')).rows,
    cvs: (await t.db.query('SELECT application_id, original_name, size FROM cvs')).rows,
    codes: (await t.db.query('SELECT * FROM codes ORDER BY id')).rows,
    outbox: (await t.db.query('SELECT count(*)::int AS n FROM outbox')).rows,
  });

  beforeAll(async () => {
    cookie = await verifiedApplicant(t, EMAIL);
  });

  const send = (write: (typeof WRITES)[number], headers: Record<string, string>) => {
    const body = write.payload();
    const form = 'form' in body ? (body.form as ReturnType<typeof cvForm>) : undefined;
    return t.app.inject({
      method: 'POST',
      url: write.url,
      headers: { cookie, ...(form?.headers ?? {}), ...headers },
      ...(form ? { payload: form.payload } : { payload: body }),
    });
  };

  const FOREIGN: Array<Record<string, string>> = [
    // Another port of the same host: the same site, so the Lax cookie goes along.
    { origin: 'http://localhost:4000' },
    { origin: 'https://evil.example' },
    { origin: 'null' },
    { origin: 'not a url' },
    { 'sec-fetch-site': 'same-site', origin: 'https://apply.example.org' },
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'same-site' },
  ];

  it('refuses every write from another origin with 403 and words, changing nothing', async () => {
    const before = await snapshot();
    for (const write of WRITES) {
      for (const headers of FOREIGN) {
        const res = await send(write, headers);
        expect(res.statusCode, `${write.url} ${JSON.stringify(headers)}`).toBe(403);
        expect(json(res)).toEqual({ message: SERVER_MESSAGES.crossSite });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lets the site’s own pages write: same-origin, the public address, or the address the request reached', async () => {
    const own: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'same-origin', origin: PUBLIC_URL },
      { origin: PUBLIC_URL },
      // PUBLIC_URL not (yet) right: the Host the browser used and the Origin it sent agree.
      { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' },
      // No browser (curl, a server): neither header.
      {},
    ];
    const update = WRITES.find((w) => w.url === paths.update(EMAIL))!;
    for (const headers of own) {
      const res = await send(update, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
    }
    const cv = WRITES.find((w) => w.url === paths.uploadCv)!;
    expect((await send(cv, { 'sec-fetch-site': 'same-origin', origin: PUBLIC_URL })).statusCode).toBe(200);
  });

  it('still answers reads from anywhere (they change nothing)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: paths.lookup(EMAIL),
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(200);
  });
});
