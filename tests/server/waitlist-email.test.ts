/**
 * The waitlist email states the reason the product has, never a false one (docs/decisions/012-emails.md):
 * "full" only while every seat of the cohort is taken; the next cohort's waitlist at submission when that is why;
 * otherwise a sentence that claims no reason. Read from the outbox, as the applicant reads it.
 */
import { describe, expect, it } from 'vitest';
import { staffPaths } from '../../machines/rules/staff/paths';
import { outboxMailer } from '../../server/mail/index';
import { decisionMailer } from '../../server/review/decisionMail';
import { databases, staffRequests, staffSignIn, useClock, useStaffApp, verifiedApplicant } from './support';

const ADMIN = 'director@bootcamp.example';
const at = (path: string, id: number) => path.replace(':id', String(id));

describe.each(databases)('the waitlist email on $name', (database) => {
  const clock = useClock();
  const t = useStaffApp(database, ADMIN, clock);
  const as = staffRequests(t);

  async function submitted(email: string) {
    await verifiedApplicant(t, email);
    const { rows } = await t.db.query<{ id: number; cohort: string }>(
      `UPDATE applications a SET submitted_at = $2, cohort_id = applied_cohort_id FROM cohorts c
       WHERE lower(a.email) = $1 AND c.id = a.applied_cohort_id RETURNING a.id, c.name AS cohort`,
      [email, clock.now],
    );
    return rows[0];
  }

  /** Staff decide, the undo window passes, and the email the applicant gets. */
  async function decideAndRead(admin: string, id: number, email: string, type: 'ACCEPT' | 'WAITLIST') {
    expect((await as(admin).post(at(staffPaths.events, id), { type })).statusCode).toBe(200);
    clock.now = new Date(clock.now.getTime() + 6 * 60_000);
    const mailer = decisionMailer({
      db: t.db,
      mailer: outboxMailer(t.db),
      config: { now: () => clock.now, publicUrl: 'http://localhost:3000' },
    });
    await mailer.sendDue();
    const mails = (await t.mails()).filter((m) => m.to === email && /waitlist|accepted/i.test(m.subject));
    return mails[mails.length - 1];
  }

  it('waitlisted with seats free: no "full", a reason that claims none', async () => {
    const admin = await staffSignIn(t, ADMIN);
    const ada = await submitted('ada@example.com');
    const mail = await decideAndRead(admin, ada.id, 'ada@example.com', 'WAITLIST');
    expect(mail.subject).toBe('You are on the waitlist for The Employment Bootcamp');
    expect(mail.text).not.toContain('full');
    expect(mail.text).toContain(`Our team has placed you on the waitlist for ${ada.cohort}.`);
    expect(mail.html).toContain(`Our team has placed you on the waitlist for ${ada.cohort}.`);
  });

  it('waitlisted once every seat is taken: the cohort is full, and the email says so', async () => {
    const admin = await staffSignIn(t, ADMIN);
    const ada = await submitted('ada@example.com');
    const bola = await submitted('bola@example.com');
    await t.db.query('UPDATE cohorts SET seats = 1');
    await decideAndRead(admin, ada.id, 'ada@example.com', 'ACCEPT');
    const mail = await decideAndRead(admin, bola.id, 'bola@example.com', 'WAITLIST');
    expect(mail.text).toContain(`${bola.cohort} is full, so you are on its waitlist.`);
  });

  it('placed on the waitlist at submission: the cohort applied for was closed or full then', async () => {
    const admin = await staffSignIn(t, ADMIN);
    const ada = await submitted('ada@example.com');
    await t.db.query('UPDATE applications SET waitlisted = true WHERE id = $1', [ada.id]);
    const mail = await decideAndRead(admin, ada.id, 'ada@example.com', 'WAITLIST');
    expect(mail.text).toContain(
      `The cohort you applied for was closed or full when you applied, so you are on the waitlist for ${ada.cohort}.`,
    );
    expect(mail.text).not.toContain('is full');
  });
});
