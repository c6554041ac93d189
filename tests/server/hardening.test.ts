/**
 * Low-level abuse the API must shrug off: many code emails to one inbox, a sentence posing as a first name in our
 * emails, sessions that outlive a new verification or a sign-out, personal answers left in caches.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../machines/application.machine';
import { APP_PAGES } from '../../machines/pages';
import { paths, SESSION_COOKIE } from '../../machines/rules/contract';
import { type SavedApplication } from '../../machines/savedApplication';
import { MESSAGES } from '../../machines/rules/messages';
import { staffPaths } from '../../machines/rules/staff/paths';
import { mailerReadsExactly } from '../../server/mail/address';
import { codeEmail, greeting, reminderEmail, submittedEmail } from '../../server/mail/templates';
import { CODE_EMAILS_PER_HOUR, mailboxOf } from '../../server/mailQuota';
import { SERVER_MESSAGES } from '../../server/messages';
import {
  applicant,
  CLIENT_PAGES,
  cvForm,
  databases,
  expectAppShell,
  json,
  pdf,
  sessionCookie,
  uploadCv,
  useClientApp,
  useTestApp,
  verifiedApplicant,
} from './support';
import { DOCX_PARTS, minimalDocx, understatedDocx, zip, zipBombDocx } from '../rules/support/zip';
import { STANDARD_FEES } from '../../machines/rules/payments';

const ATTACK_NAME = 'Hello Your account is locked. Restore it at https://evil.example/restore';

describe('the inbox an address delivers to', () => {
  it.each(
    Object.entries({
      'Ada@Example.com': 'ada@example.com',
      'ada+1@example.com': 'ada@example.com',
      'ADA+bootcamp+2@EXAMPLE.COM': 'ada@example.com',
      'a.d.a+x@gmail.com': 'ada@gmail.com',
      'A.DA@googlemail.com': 'ada@gmail.com',
      // Elsewhere a dot is part of the name: two people.
      'ada.obi@example.com': 'ada.obi@example.com',
      'adaobi@example.com': 'adaobi@example.com',
    }),
  )('%s is the inbox %s', (address, inbox) => {
    expect(mailboxOf(address)).toBe(inbox);
  });
});

// Spellings that pass a loose email check but that the mailer delivers to victim@example.com (issue 20).
const VICTIM_SPELLINGS = [
  'p1:victim@example.com',
  'p2<victim@example.com',
  '(p3)victim@example.com',
  'victim@example.com(p4)',
  'Victim <victim@example.com>',
  'p6:;victim@example.com',
];

describe('what the mailer delivers to', () => {
  it.each(VICTIM_SPELLINGS)('%j is read by nodemailer as another address: refused', (address) => {
    expect(mailerReadsExactly(address)).toBe(false);
  });
  it.each(['victim@example.com', 'Victim+cv@Example.com', "o'brien@example.ie"])(
    '%j is delivered to exactly itself',
    (address) => {
      expect(mailerReadsExactly(address)).toBe(true);
    },
  );
});

describe('names written into emails', () => {
  it.each([
    ['Ada', 'Hello Ada,'],
    ["O'Brien", "Hello O'Brien,"],
    ['Anne-Marie', 'Hello Anne-Marie,'],
    ['Chukwuemeka Tobi', 'Hello Chukwuemeka Tobi,'],
    ['Adébáyọ̀', 'Hello Adébáyọ̀,'],
    ['Ọlálékàn', 'Hello Ọlálékàn,'],
    ['محمد', 'Hello محمد,'],
    ['  Ada  ', 'Hello Ada,'],
    [ATTACK_NAME, 'Hello,'],
    ['Ada https://evil.example', 'Hello,'],
    ['Ada.', 'Hello,'],
    ['Ada <b>', 'Hello,'],
    ['Ada2', 'Hello,'],
    ['Ada\nClick here', 'Hello,'],
    ['-', 'Hello,'],
    ['', 'Hello,'],
    ['A'.repeat(41), 'Hello,'],
  ])('%j greets as %j', (name, hello) => {
    expect(greeting(name)).toBe(hello);
  });

  it('keeps the attacker’s sentence out of every email, text and HTML', () => {
    for (const mail of [
      codeEmail('a@example.com', ATTACK_NAME, '123456', 10),
      submittedEmail(
        'a@example.com',
        ATTACK_NAME,
        'Cohort 13',
        false,
        'http://localhost:3000/apply/selection-video',
      ),
      reminderEmail('a@example.com', ATTACK_NAME, 'http://localhost/apply/confirmation', STANDARD_FEES, null),
    ]) {
      expect(mail.text.startsWith('Hello,\n')).toBe(true);
      expect(mail.text).not.toContain('locked');
      expect(mail.html).not.toContain('locked');
      expect(mail.html).not.toContain('evil');
    }
  });
});

describe.each(databases)('hardening on $name', (database) => {
  const t = useTestApp(database);

  const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers });
  const count = async (table: string) =>
    Number((await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n);

  describe('code emails per inbox', () => {
    it(`sends ${CODE_EMAILS_PER_HOUR} codes an hour to plus-addresses of one inbox, then a 429 that stores nothing`, async () => {
      for (let i = 1; i <= CODE_EMAILS_PER_HOUR; i++) {
        const res = await post(paths.create, applicant(`victim+${i}@example.com`));
        expect(res.statusCode).toBe(201);
        t.advance(60_000);
      }
      const refused = await post(paths.create, applicant('Victim+6@Example.com'));
      expect(refused.statusCode).toBe(429);
      // The oldest send was 5 minutes ago: it leaves the hour in 55 minutes.
      expect(json(refused)).toEqual({
        message: SERVER_MESSAGES.tooManyCodes(55 * 60),
        data: { retryAfter: 55 * 60 },
      });
      expect(json(refused).message).toBe(
        'We have sent several codes to this email address in the last hour. Please wait 55 minutes before asking for another one.',
      );
      expect(refused.headers['retry-after']).toBe(String(55 * 60));
      expect(await count('applications')).toBe(CODE_EMAILS_PER_HOUR);
      expect(await count('codes')).toBe(CODE_EMAILS_PER_HOUR);
      expect((await t.mails()).length).toBe(CODE_EMAILS_PER_HOUR);
      // Another inbox is not affected.
      expect((await post(paths.create, applicant('someone.else@example.com'))).statusCode).toBe(201);
      // Once the oldest send is an hour old, one more may go.
      t.advance(55 * 60_000);
      expect((await post(paths.create, applicant('victim+6@example.com'))).statusCode).toBe(201);
      expect((await post(paths.create, applicant('victim+7@example.com'))).statusCode).toBe(429);
    });

    it('counts resend-token and create together, and dots at Gmail as one inbox', async () => {
      expect((await post(paths.create, applicant('ada.obi@gmail.com'))).statusCode).toBe(201);
      expect((await post(paths.create, applicant('adaobi+cv@gmail.com'))).statusCode).toBe(201);
      // Each application's own wait (120 s, 240 s …) passes; the inbox's allowance does not.
      const sends: number[] = [];
      for (let i = 0; i < 4; i++) {
        t.advance(10 * 60_000);
        for (const email of ['ada.obi@gmail.com', 'adaobi+cv@gmail.com']) {
          sends.push((await post(paths.resendCode, { email })).statusCode);
        }
      }
      expect(sends.filter((s) => s === 200)).toHaveLength(CODE_EMAILS_PER_HOUR - 2);
      const refusals = sends.filter((s) => s === 429);
      expect(refusals).toHaveLength(8 - (CODE_EMAILS_PER_HOUR - 2));
      expect(await t.mails()).toHaveLength(CODE_EMAILS_PER_HOUR);
      // A refused resend stores nothing: no new code, the last one sent is still the live one.
      const codesBefore = await count('codes');
      const live = await t.latestCode('ada.obi@gmail.com');
      const last = await post(paths.resendCode, { email: 'ADA.OBI@gmail.com' });
      expect(last.statusCode).toBe(429);
      expect(json<{ message: string }>(last).message).toMatch(/^We have sent several codes/);
      expect(await count('codes')).toBe(codesBefore);
      expect(await t.latestCode('ada.obi@gmail.com')).toBe(live);
    });

    it('refuses address syntax that names the same inbox, on every route that takes an email, and mails nothing', async () => {
      const refusal = { email: [MESSAGES.emailFormat] };
      // On the team, so a sign-in that got through would mail a code.
      await t.db.query(
        "INSERT INTO staff (email, role, created_at) VALUES ('victim@example.com', 'admin', now())",
      );
      for (const email of VICTIM_SPELLINGS) {
        const answers = [
          await post(paths.create, applicant(email)),
          await t.app.inject({ method: 'GET', url: paths.lookup(email) }),
          await post(paths.resendCode, { email }),
          await post(paths.verifyEmail, { email, token: '123456' }),
          await post(staffPaths.signIn, { email }),
          await post(staffPaths.verify, { email, token: '123456' }),
        ];
        for (const res of answers) {
          expect(res.statusCode, `${email}: ${res.body}`).toBe(400);
          expect(json<{ data: { error: unknown } }>(res).data.error).toEqual(refusal);
        }
      }
      expect(await count('applications')).toBe(0);
      expect(await t.mails()).toEqual([]);
    });

    it('does not spend the inbox’s allowance on a create for an email that is taken', async () => {
      expect((await post(paths.create, applicant('ada@example.com'))).statusCode).toBe(201);
      for (let i = 0; i < 10; i++) {
        expect((await post(paths.create, applicant('ada@example.com'))).statusCode).toBe(409);
      }
      for (let i = 1; i < CODE_EMAILS_PER_HOUR; i++) {
        expect((await post(paths.create, applicant(`ada+${i}@example.com`))).statusCode).toBe(201);
      }
    });
  });

  describe('sessions', () => {
    it('a new verification ends the older sessions of the application', async () => {
      const first = await verifiedApplicant(t, 'ada@example.com');
      t.advance(10 * 60_000);
      expect((await post(paths.resendCode, { email: 'ada@example.com' })).statusCode).toBe(200);
      const again = await post(paths.verifyEmail, {
        email: 'ada@example.com',
        token: await t.latestCode('ada@example.com'),
      });
      const second = sessionCookie(again);
      const lookup = (cookie: string) =>
        t.app.inject({ method: 'GET', url: paths.lookup('ada@example.com'), headers: { cookie } });
      expect(json<{ data: object[] }>(await lookup(first)).data[0]).toEqual({
        exists: true,
        stage: 'verified',
        email_verified: true,
      });
      expect(json<{ data: SavedApplication[] }>(await lookup(second)).data[0].firstname).toBe('Ada');
      const write = await post(
        paths.update('ada@example.com'),
        { reminderDate: '2026-12-01T09:00:00.000Z' },
        { cookie: first },
      );
      expect(write.statusCode).toBe(401);
      expect(await count('sessions')).toBe(1);
    });

    it('sign-out deletes the session and clears the cookie; the owner’s data is no longer answered', async () => {
      const cookie = await verifiedApplicant(t, 'ada@example.com');
      const res = await post(paths.signOut, undefined, { cookie });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({ message: 'Signed out', data: {} });
      const cleared = res.cookies.find((c) => c.name === SESSION_COOKIE);
      expect(cleared).toMatchObject({ value: '', path: '/', httpOnly: true });
      expect(new Date(cleared!.expires!).getTime()).toBeLessThan(Date.now());
      expect(await count('sessions')).toBe(0);
      // The old cookie, replayed, proves nothing any more.
      const lookup = await t.app.inject({
        method: 'GET',
        url: paths.lookup('ada@example.com'),
        headers: { cookie },
      });
      expect(json(lookup)).toEqual({
        message: 'Application found',
        data: [{ exists: true, stage: 'verified', email_verified: true }],
      });
      const write = await post(
        paths.update('ada@example.com'),
        { reminderDate: '2026-12-01T09:00:00.000Z' },
        { cookie },
      );
      expect(write.statusCode).toBe(401);
      expect(json(write).message).toBe(SERVER_MESSAGES.needSession);
    });

    it('sign-out without a session, or twice, is fine and changes nothing else', async () => {
      const cookie = await verifiedApplicant(t, 'ada@example.com');
      expect((await post(paths.signOut)).statusCode).toBe(200);
      expect((await post(paths.signOut, undefined, { cookie: `${SESSION_COOKIE}=forged` })).statusCode).toBe(
        200,
      );
      expect(await count('sessions')).toBe(1);
      expect((await post(paths.signOut, undefined, { cookie })).statusCode).toBe(200);
      expect((await post(paths.signOut, undefined, { cookie })).statusCode).toBe(200);
      expect(await count('sessions')).toBe(0);
      expect(await count('applications')).toBe(1);
    });
  });

  describe('CV packages', () => {
    const upload = (cookie: string, file: Buffer, filename: string) =>
      uploadCv(t, cvForm('ada@example.com', file, filename), cookie);
    const storedFiles = () => readdirSync(t.storageDir);

    it('takes a real Word document, refuses a zip bomb and a plain zip renamed .docx, and keeps nothing of them', async () => {
      const cookie = await verifiedApplicant(t, 'ada@example.com');
      for (const [file, name] of [
        [zipBombDocx(), 'cv.docx'],
        [
          zip([
            { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
            { name: 'a.txt', data: Buffer.from('x') },
          ]),
          'cv.docx',
        ],
      ] as const) {
        const res = await upload(cookie, file, name);
        expect(res.statusCode).toBe(415);
        expect(json(res)).toEqual({
          message: MESSAGES.cvType,
          data: { error: { cv: [MESSAGES.cvType] } },
        });
      }
      expect(await count('cvs')).toBe(0);
      expect(storedFiles()).toEqual([]);
      const good = await upload(cookie, minimalDocx(), 'Ada Obi CV.docx');
      expect(good.statusCode).toBe(200);
      expect(json(good).data).toEqual({ filename: 'Ada Obi CV.docx', size: minimalDocx().length });
      expect(await count('cvs')).toBe(1);
      expect(storedFiles()).toHaveLength(1);
    });

    it('refuses a .docx whose directory understates what it unpacks to, or overstates it, and keeps nothing', async () => {
      const cookie = await verifiedApplicant(t, 'ada@example.com');
      // About 200 KB sent, declared as 10 MB unpacked (what the directory check lets through), 200 MB real.
      const bomb = understatedDocx(200, 10);
      expect(bomb.length).toBeLessThan(300 * 1024);
      const overstated = zip(DOCX_PARTS.map((part) => ({ ...part, declaredSize: part.data.length + 1000 })));
      for (const file of [bomb, overstated]) {
        const res = await upload(cookie, file, 'cv.docx');
        expect(res.statusCode).toBe(415);
        expect(json(res)).toEqual({ message: MESSAGES.cvType, data: { error: { cv: [MESSAGES.cvType] } } });
      }
      expect(await count('cvs')).toBe(0);
      expect(storedFiles()).toEqual([]);
    });
  });

  describe('Cache-Control', () => {
    it('every answer with personal data is no-store; the public cohort is not', async () => {
      const created = await post(paths.create, applicant('ada@example.com'));
      const verify = await post(paths.verifyEmail, {
        email: 'ada@example.com',
        token: await t.latestCode('ada@example.com'),
      });
      const cookie = sessionCookie(verify);
      const owner = { cookie };
      const answers = {
        create: created,
        verify,
        lookupOwner: await t.app.inject({
          method: 'GET',
          url: paths.lookup('ada@example.com'),
          headers: owner,
        }),
        lookupStranger: await t.app.inject({ method: 'GET', url: paths.lookup('ada@example.com') }),
        eligibility: await post(
          paths.eligibility,
          {
            email: 'ada@example.com',
            eligibility: {
              openness_to_tools: 'x',
            },
          },
          owner,
        ),
        cv: await uploadCv(t, cvForm('ada@example.com', pdf()), cookie),
        cvRefused: await uploadCv(
          t,
          cvForm('ada@example.com', Buffer.from('not a cv at all'), 'cv.pdf'),
          cookie,
        ),
        misc: await post(
          paths.misc,
          { email: 'ada@example.com', misc: { column_name: 'Financial Info', payment_option: '' } },
          owner,
        ),
        update: await post(
          paths.update('ada@example.com'),
          { reminderDate: '2026-12-01T09:00:00.000Z' },
          owner,
        ),
        resend: await post(paths.resendCode, { email: 'ada@example.com' }),
        unauthorised: await post(paths.other, { email: 'ada@example.com', other: {} }),
        unknownApi: await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' }),
        signOut: await post(paths.signOut, undefined, owner),
      };
      for (const [name, res] of Object.entries(answers)) {
        expect([name, res.headers['cache-control']]).toEqual([name, 'no-store']);
      }
      expect(answers.cv.statusCode).toBe(200);
      expect(answers.lookupOwner.body).toContain('+2348031234567');
      const cohort = await t.app.inject({ method: 'GET', url: paths.currentCohort });
      expect(cohort.statusCode).toBe(200);
      expect(cohort.headers['cache-control']).not.toBe('no-store');
    });
  });
});

describe('unknown pages over HTTP', () => {
  const { url } = useClientApp(CLIENT_PAGES);

  it('knows the pages from the machines’ route tables', () => {
    expect([...APP_PAGES]).toEqual(
      expect.arrayContaining([
        ...ROUTES.map((r) => r.path),
        '/financial-aid-application',
        '/financial-aid-application/form',
        '/test/klump-payment',
      ]),
    );
    expect([...APP_PAGES].every((page) => page.startsWith('/'))).toBe(true);
  });

  it.each([
    ...ROUTES.map((r) => r.path),
    '/financial-aid-application',
    '/financial-aid-application/form',
    // The interview invitation's link (docs/decisions/175-the-interview-stage.md).
    '/apply/interview',
  ])('%s is the app shell with 200', async (path) => {
    await expectAppShell(url(`${path}?ref=abc`), 200);
  });

  it('a trailing slash and the instalment test page are pages too', async () => {
    for (const path of ['/apply/', '/apply/biodata/', '/test/klump-payment']) {
      expect([path, (await fetch(url(path))).status]).toEqual([path, 200]);
    }
  });

  it.each([
    '/somewhere-else',
    '/apply/nope',
    '/apply/biodata/extra',
    '/financial-aid-application/nope',
    '/failed/again',
    '/test',
    '/APPLY',
  ])('%s is the app shell with 404 (it shows You are lost), never a soft 404', async (path) => {
    const res = await expectAppShell(url(path), 404);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect((await fetch(url(path), { method: 'HEAD' })).status).toBe(404);
  });

  it('a missing file is still a plain 404', async () => {
    const res = await fetch(url('/assets/gone-123.js'));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found' });
  });
});
