/**
 * Reminder emails (server/reminders.ts), on the test engine (tests/server/support.ts): the applicant sets a reminder
 * through the update route and the scheduler emails it once, at that time, whatever happens around it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aidDecisionPathOf } from '../../machines/rules/aidDecision';
import { paths } from '../../machines/rules/contract';
import { AID_MESSAGES } from '../../machines/rules/messages';
import { OPTION_FINANCIAL_AID } from '../../machines/rules/payments';
import { outboxMailer, type Mailer, type MailMessage } from '../../server/mail/index';
import { reminderEmail } from '../../server/mail/templates';
import { REMINDER_LEASE_MS, reminderScheduler, type ReminderScheduler } from '../../server/reminders';
import {
  databases,
  decide,
  financialAid,
  START,
  staffSignIn,
  useTestApp,
  verifiedApplicant,
} from './support';
import { STANDARD_FEES } from '../../machines/rules/payments';

const EMAIL = 'ada@example.com';
const PUBLIC_URL = 'https://apply.bootcamp.test';
const AT = new Date(START.getTime() + 2 * 60 * 60_000); // two hours after the clock starts
const MINUTE = 60_000;
const ADMIN = 'director@bootcamp.example';
/** Every amount of money an email quotes, in order. */
const moneyIn = (text: string) => text.match(/[N$]\d[\d,]*(?:\.\d\d)?/g) ?? [];

const isReminder = (m: { subject: string }) => m.subject.startsWith('Reminder:');

describe.each(databases)('reminder emails on $name', (database) => {
  let cookie: string;
  let clock: Date;
  const schedulers: ReminderScheduler[] = [];
  const now = () => clock;
  beforeEach(() => {
    clock = START;
  });
  const t = useTestApp(database, { config: { now, publicUrl: PUBLIC_URL, staffEmails: [ADMIN] } });

  /** A scheduler as a server process runs it, sharing the test's database and clock. */
  const scheduler = (mailer: Mailer = outboxMailer(t.db, now), pollMs = 60_000, readClock = now) => {
    const s = reminderScheduler({
      db: t.db,
      mailer,
      config: { now: readClock, publicUrl: PUBLIC_URL },
      pollMs,
    });
    schedulers.push(s);
    return s;
  };
  const setReminder = (when: Date, email = EMAIL, session = cookie) =>
    t.app.inject({
      method: 'POST',
      url: paths.update(email),
      payload: { email, reminderDate: when.toISOString() },
      headers: { cookie: session },
    });
  const reminders = async () => (await t.mails()).filter(isReminder);

  beforeEach(async () => {
    cookie = await verifiedApplicant(t, EMAIL);
    expect((await setReminder(AT)).statusCode).toBe(200);
  });
  afterEach(async () => {
    await Promise.all(schedulers.splice(0).map((s) => s.stop()));
  });

  it('sends a due reminder once, to the applicant, about confirming their place, with the link', async () => {
    const s = scheduler();
    clock = new Date(AT.getTime() + MINUTE);
    expect(await s.sendDue()).toEqual({ sent: 1, failed: 0 });
    expect(await s.sendDue()).toEqual({ sent: 0, failed: 0 });
    const mails = await reminders();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.to).toBe(EMAIL);
    expect(mail.subject).toBe(
      'Reminder: complete your payment and confirm your place in The Employment Bootcamp',
    );
    expect(mail.text).toContain('Hello Ada,');
    expect(mail.text).toContain('one step is left to confirm your place in The Employment Bootcamp');
    expect(mail.text).toContain(`${PUBLIC_URL}/apply/confirmation`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/apply/confirmation"`);
    const { rows } = await t.db.query<{ reminder_sent_at: Date | null }>(
      'SELECT reminder_sent_at FROM applications',
    );
    expect(rows[0].reminder_sent_at?.toISOString()).toBe(clock.toISOString());
  });

  it('does not send a reminder before its time, and sends it at exactly its time', async () => {
    const s = scheduler();
    clock = new Date(AT.getTime() - 1);
    expect(await s.sendDue()).toEqual({ sent: 0, failed: 0 });
    expect(await reminders()).toHaveLength(0);
    clock = AT;
    expect(await s.sendDue()).toEqual({ sent: 1, failed: 0 });
  });

  it('sends each reminder once when two processes poll the same database at the same moment', async () => {
    // A second applicant, so that each run has rows to fight over.
    const other = 'chidi@example.com';
    const otherCookie = await verifiedApplicant(t, other, { firstname: 'Chidi' });
    expect((await setReminder(AT, other, otherCookie)).statusCode).toBe(200);
    const a = scheduler();
    const b = scheduler();
    clock = new Date(AT.getTime() + MINUTE);
    const runs = await Promise.all([a.sendDue(), b.sendDue(), a.sendDue(), b.sendDue()]);
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(2);
    const mails = await reminders();
    expect(mails.map((m) => m.to).sort()).toEqual([other, EMAIL].sort());
  });

  it('retries a failed send at the next poll instead of marking it sent', async () => {
    let mailServerUp = false;
    const outbox = outboxMailer(t.db, now);
    const flaky: Mailer = {
      transport: 'smtp',
      async send(message: MailMessage, tx) {
        if (!mailServerUp) throw new Error('the outbox cannot be written');
        await outbox.send(message, tx);
      },
    };
    const s = scheduler(flaky);
    clock = new Date(AT.getTime() + MINUTE);
    expect(await s.sendDue()).toEqual({ sent: 0, failed: 1 });
    expect(await reminders()).toHaveLength(0);
    const { rows } = await t.db.query<{ reminder_sent_at: Date | null }>(
      'SELECT reminder_sent_at FROM applications',
    );
    expect(rows[0].reminder_sent_at).toBeNull();
    mailServerUp = true;
    expect(await s.sendDue()).toEqual({ sent: 1, failed: 0 });
    expect(await reminders()).toHaveLength(1);
  });

  it('after a restart, sends on start a reminder that fell due while the server was down', async () => {
    const before = scheduler(undefined, 20);
    before.start();
    await before.stop();
    clock = new Date(AT.getTime() + 30 * MINUTE); // down across the reminder's time
    const after = scheduler(undefined, 60 * MINUTE); // its next poll is an hour away: only the start can send
    after.start();
    await expect.poll(async () => (await reminders()).length).toBe(1);
    await after.stop();
    expect(await reminders()).toHaveLength(1);
  });

  it('polls: a reminder falling due while the server runs is sent without a restart', async () => {
    let clockReads = 0;
    const s = scheduler(undefined, 20, () => {
      clockReads += 1;
      return clock;
    });
    s.start();
    // With nothing due each run reads the clock once: two reads mean the run at start and one poll after it.
    await expect.poll(() => clockReads).toBeGreaterThanOrEqual(2);
    expect(await reminders()).toHaveLength(0);
    clock = new Date(AT.getTime() + MINUTE);
    await expect.poll(async () => (await reminders()).length).toBe(1);
    await s.stop();
  });

  it('sends, after the lease, a reminder claimed by a process that died before sending it', async () => {
    clock = new Date(AT.getTime() + MINUTE);
    // What a process leaves behind when it is killed between claiming and sending.
    await t.db.query('UPDATE applications SET reminder_claimed_until = $1', [
      new Date(clock.getTime() + REMINDER_LEASE_MS),
    ]);
    const s = scheduler();
    expect(await s.sendDue()).toEqual({ sent: 0, failed: 0 });
    clock = new Date(clock.getTime() + REMINDER_LEASE_MS);
    expect(await s.sendDue()).toEqual({ sent: 1, failed: 0 });
  });

  it('sends again after the applicant picks a new date, and not for the old one', async () => {
    const s = scheduler();
    clock = new Date(AT.getTime() + MINUTE);
    await s.sendDue();
    const later = new Date(AT.getTime() + 24 * 60 * MINUTE);
    expect((await setReminder(later)).statusCode).toBe(200);
    const { rows } = await t.db.query<{ reminder_sent_at: Date | null }>(
      'SELECT reminder_sent_at FROM applications',
    );
    expect(rows[0].reminder_sent_at).toBeNull();
    expect(await s.sendDue()).toEqual({ sent: 0, failed: 0 });
    clock = later;
    expect(await s.sendDue()).toEqual({ sent: 1, failed: 0 });
    expect(await reminders()).toHaveLength(2);
  });

  it('after a released aid award names the amounts after aid; while the request is reviewed, no amount as final', async () => {
    // Ada is accepted and asks for financial aid; an admin awards her 20% of the fee (decision 238).
    await t.db.query(
      'UPDATE applications SET submitted_at = $1, cohort_id = applied_cohort_id WHERE email = $2',
      [clock, EMAIL],
    );
    await decide(t, EMAIL, 'ACCEPT', { passWindow: false });
    const asked = await t.app.inject({
      method: 'POST',
      url: paths.misc,
      payload: {
        email: EMAIL,
        misc: { column_name: 'Financial Info', payment_option: OPTION_FINANCIAL_AID, data: financialAid },
      },
      headers: { cookie },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const s = scheduler();
    clock = new Date(AT.getTime() + MINUTE);
    const { rows } = await t.db.query<{ id: number }>('SELECT id FROM applications WHERE email = $1', [
      EMAIL,
    ]);
    const award = await t.app.inject({
      method: 'POST',
      url: aidDecisionPathOf(rows[0]!.id),
      payload: { decision: 'award', share: 20 },
      headers: { cookie: await staffSignIn(t, ADMIN) },
    });
    expect(award.statusCode, award.body).toBe(200);

    // The award is held for its undo window: the reminder due now says the request is still being reviewed.
    expect(await s.sendDue()).toEqual({ sent: 1, failed: 0 });
    const [reviewed] = await reminders();
    expect(reviewed!.text).toContain(AID_MESSAGES.reminderUnderReview);
    expect(moneyIn(reviewed!.text)).toEqual([]);

    // Released: the next reminder quotes what the payment options charge after 20% off, and offers aid no more.
    const later = new Date(AT.getTime() + 24 * 60 * MINUTE);
    expect((await setReminder(later)).statusCode).toBe(200);
    clock = later;
    expect(await s.sendDue()).toEqual({ sent: 1, failed: 0 });
    const mails = await reminders();
    expect(mails).toHaveLength(2);
    const awarded = mails.find((m) => m.text !== reviewed!.text)!;
    expect(awarded.text).toContain('(20% off the fee)');
    expect(moneyIn(awarded.text)).toEqual(['N40,800', '$34', 'N48,000', 'N24,000']);
    expect(awarded.text).not.toContain('apply for financial aid');
    expect(awarded.html).toContain('N40,800');
  });
});

describe('the reminder email', () => {
  it('greets without a name when there is none and escapes the link in HTML', () => {
    const mail = reminderEmail(
      'x@example.com',
      '',
      'https://a.test/apply/confirmation?a=1&b=2',
      STANDARD_FEES,
      null,
    );
    expect(mail.text.startsWith('Hello,\n')).toBe(true);
    expect(mail.html).toContain('href="https://a.test/apply/confirmation?a=1&amp;b=2"');
  });
});
