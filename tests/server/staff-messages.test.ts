/**
 * Emails staff word: the decision emails' templates (admins edit, preview, restore; the decision mail uses the edited
 * one) and messages to one applicant or to a queue view, through the outbox with the per-inbox limit.
 */
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATES, SUBJECT_MAX, type StaffTemplate } from '../../machines/rules/mailTemplates';
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import { STAFF_TEMPLATE_MESSAGES as M } from '../../machines/rules/staff/templateMessages';
import { staffPaths } from '../../machines/rules/staff/paths';
import { staffQueuePaths } from '../../machines/rules/staff/queue';
import { currentCohort } from '../../server/db/cohorts';
import { outboxMailer } from '../../server/mail/index';
import { decisionMailer } from '../../server/review/decisionMail';
import { databases, json, STAFF, staffRequests, staffSignIn, START, useClock, useStaffApp } from './support';

const { director: ADMIN, reader: REVIEWER } = STAFF;
const at = (path: string, id: number | string) => path.replace(':id', String(id));
const template = (kind: string) => staffPaths.template.replace(':kind', kind);

describe.each(databases)('staff messages on $name', (database) => {
  const clock = useClock();
  const t = useStaffApp(database, ADMIN, clock);

  const as = staffRequests(t);
  const reviewer = async (admin: string) => {
    await as(admin).post(staffPaths.team, { email: REVIEWER, role: 'reviewer' });
    return staffSignIn(t, REVIEWER);
  };
  const refusal = (res: LightMyRequestResponse) =>
    json<{ message: string; data: { error: Record<string, string[]> } }>(res);
  const auditActions = async () =>
    (
      await t.db.query<{ action: string; detail: Record<string, unknown> }>(
        'SELECT action, detail FROM audit_log ORDER BY id',
      )
    ).rows;

  /** Submitted applications of the current cohort, oldest first. */
  async function submitted(seeds: { email: string; firstname?: string; consent?: boolean }[]) {
    const cohort = await currentCohort(t.db, START);
    const ids: number[] = [];
    for (const [i, s] of seeds.entries()) {
      const { rows } = await t.db.query<{ id: number }>(
        `INSERT INTO applications (email, firstname, lastname, gender, country, city, phone, referral_source,
           applied_cohort_id, cohort_id, email_verified_at, eligibility_status, communication_consent, submitted_at,
           created_at, updated_at)
         VALUES ($1, $2, 'Obi', 'female', 'Nigeria', 'Lagos', $3, 'On social media', $4, $4, $5, 'eligible', $6, $5,
           $5, $5)
         RETURNING id`,
        [
          s.email,
          s.firstname ?? 'Ada',
          `+234 803 000 ${1000 + i}`,
          cohort.id,
          new Date(START.getTime() - (seeds.length - i) * 60_000),
          s.consent ?? true,
        ],
      );
      ids.push(rows[0].id);
    }
    return ids;
  }
  const mailsTo = async (to: string) => (await t.mails()).filter((m) => m.to === to);

  describe('templates', () => {
    it("lists the decision emails with today's wording as the default, to admins only", async () => {
      const admin = await staffSignIn(t, ADMIN);
      const list = json<{ data: StaffTemplate[] }>(await as(admin).get(staffPaths.templates)).data;
      expect(list.map((x) => [x.kind, x.label, x.edited])).toEqual([
        ['accepted', 'Accepted', null],
        ['waitlisted', 'Waitlisted', null],
        ['rejected', 'Not successful', null],
        ['interview', 'Interview invitation', null],
      ]);
      expect(list[0]).toMatchObject(DEFAULT_TEMPLATES.accepted);

      const reader = await reviewer(admin);
      for (const res of [
        await as(reader).get(staffPaths.templates),
        await as(reader).post(template('accepted'), { subject: 'Hi', body: 'Hello' }),
        await as(reader).del(template('accepted')),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(json(res).message).toBe(STAFF_MESSAGES.adminOnly);
      }
      expect((await t.app.inject({ method: 'GET', url: staffPaths.templates })).statusCode).toBe(401);
    });

    it('an edited template is what the next decision email says, escaped in its HTML; Restore brings back the default', async () => {
      const admin = await staffSignIn(t, ADMIN);
      const [id] = await submitted([{ email: 'ada@example.com', firstname: 'Ada' }]);
      const saved = await as(admin).post(template('accepted'), {
        subject: 'Welcome to {{cohort}}, {{firstname}}',
        body: '{{greeting}}\n\nYou are in <b>{{cohort}}</b>. Pay by {{deadline}}.\n\n{{confirmation_link}}\n\nThe team',
      });
      expect(saved.statusCode).toBe(200);
      expect(json(saved).message).toBe(M.saved);
      const listed = json<{ data: StaffTemplate[] }>(await as(admin).get(staffPaths.templates)).data[0];
      expect(listed.edited).toMatchObject({ by: ADMIN });
      expect(listed.default).toEqual(DEFAULT_TEMPLATES.accepted);

      // The bulk dry run previews the edited wording too.
      const dry = await as(admin).post(staffQueuePaths.bulk, { event: 'ACCEPT', ids: [id], dryRun: true });
      expect(json<{ data: { preview: { subject: string }[] } }>(dry).data.preview[0].subject).toMatch(
        /^Welcome to Cohort \d+, Ada$/,
      );

      expect((await as(admin).post(at(staffPaths.events, id), { type: 'ACCEPT' })).statusCode).toBe(200);
      const sender = decisionMailer({
        db: t.db,
        mailer: outboxMailer(t.db),
        config: { now: () => clock.now, publicUrl: 'http://localhost:3000' },
      });
      clock.now = new Date(clock.now.getTime() + 6 * 60_000);
      expect(await sender.sendDue()).toBe(1);
      const [mail] = await mailsTo('ada@example.com');
      expect(mail.subject).toMatch(/^Welcome to Cohort \d+, Ada$/);
      expect(mail.text).toMatch(
        /^Hello Ada,\n\nYou are in <b>Cohort \d+<\/b>\. Pay by \d+ \w+ \d{4}\.\n\n {4}http:\/\/localhost:3000\/apply\/confirmation\n\nThe team\n$/,
      );
      expect(mail.html).toContain('&lt;b&gt;Cohort');
      expect(mail.html).not.toContain('<b>');
      expect(mail.html).toContain(
        '<a href="http://localhost:3000/apply/confirmation" style="font-weight:bold">Confirm your place</a>',
      );

      const restored = await as(admin).del(template('accepted'));
      expect(json(restored).message).toBe(M.restored);
      const back = json<{ data: StaffTemplate[] }>(await as(admin).get(staffPaths.templates)).data[0];
      expect(back).toMatchObject({ ...DEFAULT_TEMPLATES.accepted, edited: null });
      expect((await auditActions()).filter((a) => a.action.startsWith('template_'))).toEqual([
        { action: 'template_save', detail: { template: 'accepted' } },
        { action: 'template_restore', detail: { template: 'accepted' } },
      ]);
    });

    it("refuses unknown variables and bad input in the catalogue's words, and keeps the template as it was", async () => {
      const admin = await staffSignIn(t, ADMIN);
      const cases: [object, string, string][] = [
        [{ subject: 'Hi {{first_name}}', body: 'Hello' }, 'subject', M.unknownVariables(['first_name'])],
        [
          { subject: 'Hi', body: 'Dear {{name}}, see {{ link }} and {{name}}' },
          'body',
          M.unknownVariables(['name', 'link']),
        ],
        [{ subject: '   ', body: 'Hello' }, 'subject', M.subjectEmpty],
        [{ subject: 'Hi', body: '' }, 'body', M.bodyEmpty],
        [
          { subject: 'x'.repeat(SUBJECT_MAX + 1), body: 'Hello' },
          'subject',
          `Please keep this under ${SUBJECT_MAX} characters`,
        ],
        [{ subject: 42, body: 'Hello' }, 'subject', M.subjectEmpty],
        [{ body: 'Hello' }, 'subject', M.subjectEmpty],
      ];
      for (const [payload, field, message] of cases) {
        const res = await as(admin).post(template('rejected'), payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(refusal(res).data.error[field]).toEqual([message]);
      }
      const unknown = await as(admin).post(template('offer'), { subject: 'Hi', body: 'Hello' });
      expect(unknown.statusCode).toBe(404);
      expect(json(unknown).message).toBe(M.unknownTemplate);
      const list = json<{ data: StaffTemplate[] }>(await as(admin).get(staffPaths.templates)).data;
      expect(list[2]).toMatchObject({ ...DEFAULT_TEMPLATES.rejected, edited: null });
      expect((await auditActions()).some((a) => a.action.startsWith('template_'))).toBe(false);
    });
  });

  describe('messages', () => {
    const words = {
      subject: 'Your video, {{firstname}}',
      body: '{{greeting}}\n\nPlease watch the video for {{cohort}}.',
    };

    it('one applicant: sent through the outbox in their words, audited; the per-inbox limit answers 429', async () => {
      const admin = await staffSignIn(t, ADMIN);
      const [id] = await submitted([{ email: 'ada@example.com', firstname: 'Ada' }]);
      const sent = await as(admin).post(at(staffPaths.message, id), words);
      expect(sent.statusCode).toBe(200);
      expect(json(sent).message).toBe(M.sentOne);
      const [mail] = await mailsTo('ada@example.com');
      expect(mail.subject).toBe('Your video, Ada');
      expect(mail.text).toMatch(/^Hello Ada,\n\nPlease watch the video for Cohort \d+\.\n$/);
      const audited = await t.db.query<{ application_id: number }>(
        "SELECT application_id FROM audit_log WHERE action = 'message'",
      );
      expect(audited.rows).toEqual([{ application_id: id }]);

      expect((await as(admin).post(at(staffPaths.message, id), words)).statusCode).toBe(200);
      expect((await as(admin).post(at(staffPaths.message, id), words)).statusCode).toBe(200);
      const fourth = await as(admin).post(at(staffPaths.message, id), words);
      expect(fourth.statusCode).toBe(429);
      expect(json(fourth).message).toBe(M.inboxFull(3, 24));
      expect(await mailsTo('ada@example.com')).toHaveLength(3);
      clock.now = new Date(clock.now.getTime() + 24 * 3600_000 + 1000);
      // A staff session lasts 12 hours: the next day is a new sign-in.
      const nextDay = await staffSignIn(t, ADMIN);
      expect((await as(nextDay).post(at(staffPaths.message, id), words)).statusCode).toBe(200);
    });

    it("one applicant: bad words are 400 in the catalogue's words, a reviewer 403, an erased or unknown one 404; nothing is sent", async () => {
      const admin = await staffSignIn(t, ADMIN);
      const [id, erased] = await submitted([{ email: 'ada@example.com' }, { email: 'gone@example.com' }]);
      await t.db.query("UPDATE applications SET erased_at = $2, email = '' WHERE id = $1", [
        erased,
        clock.now,
      ]);
      const bad = await as(admin).post(at(staffPaths.message, id), { subject: 'Hi {{name}}', body: 'x' });
      expect(bad.statusCode).toBe(400);
      expect(refusal(bad).data.error.subject).toEqual([M.unknownVariables(['name'])]);
      const empty = await as(admin).post(at(staffPaths.message, id), { subject: 'Hi', body: ' ' });
      expect(refusal(empty).data.error.body).toEqual([M.bodyEmpty]);
      const reader = await reviewer(admin);
      expect((await as(reader).post(at(staffPaths.message, id), words)).statusCode).toBe(403);
      for (const other of [erased, 999_999]) {
        const res = await as(admin).post(at(staffPaths.message, other), words);
        expect(res.statusCode).toBe(404);
        expect(json(res).message).toBe(STAFF_MESSAGES.notFound);
      }
      expect(await mailsTo('ada@example.com')).toEqual([]);
    });

    it('a queue view: the dry run counts what the queue counts and previews the first; then each is sent, the full inbox skipped', async () => {
      const admin = await staffSignIn(t, ADMIN);
      const ids = await submitted([
        { email: 'ada@example.com', firstname: 'Ada' },
        { email: 'bola@example.com', firstname: 'Bola' },
        // No consent to other communications: a message about their own application still goes (decision 012).
        { email: 'chi@example.com', firstname: 'Chi', consent: false },
        { email: 'dayo@example.com', firstname: 'Dayo' },
      ]);
      await t.db.query("UPDATE applications SET review_status = 'rejected' WHERE id = $1", [ids[3]]);
      for (let i = 0; i < 3; i++) await as(admin).post(at(staffPaths.message, ids[1]), words);
      const filter = { status: 'submitted', sort: 'name', dir: 'asc' };
      const queue = json<{ data: { total: number } }>(
        await as(admin).get(`${staffQueuePaths.queue}?status=submitted&sort=name&dir=asc`),
      ).data;
      expect(queue.total).toBe(3);

      const dry = await as(admin).post(staffPaths.messages, { ...words, filter, dryRun: true });
      expect(dry.statusCode).toBe(200);
      expect(json(dry).data).toEqual({
        dryRun: true,
        matched: queue.total,
        sent: 2,
        skipped: [{ id: ids[1], reason: M.inboxFull(3, 24) }],
        preview: {
          to: 'ada@example.com',
          subject: 'Your video, Ada',
          text: expect.stringContaining('Hello Ada,'),
        },
      });
      expect(json(dry).message).toBe(M.wouldSend(2, 3));
      expect(await mailsTo('chi@example.com')).toEqual([]);

      const done = await as(admin).post(staffPaths.messages, { ...words, filter });
      expect(json(done).data).toMatchObject({ dryRun: false, matched: 3, sent: 2, preview: null });
      expect(json(done).message).toBe(M.sentMany(2));
      expect((await mailsTo('chi@example.com')).map((m) => m.subject)).toEqual(['Your video, Chi']);
      expect(await mailsTo('ada@example.com')).toHaveLength(1);
      expect(await mailsTo('bola@example.com')).toHaveLength(3);
      expect(await mailsTo('dayo@example.com')).toEqual([]);

      const bad = await as(admin).post(staffPaths.messages, { ...words, filter: { status: 'maybe' } });
      expect(bad.statusCode).toBe(400);
      const reader = await reviewer(admin);
      expect(
        (await as(reader).post(staffPaths.messages, { ...words, filter, dryRun: true })).statusCode,
      ).toBe(403);
    });
  });
});
