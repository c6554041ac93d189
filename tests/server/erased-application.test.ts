/**
 * An erased application is no one's to act on (docs/privacy.md, "After an erasure"): every staff write on it answers
 * 404 in the catalogue's words and changes nothing, a bulk decision skips it and reports it, and no email is ever
 * queued to the tombstone that replaced its address.
 */
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { privacyPaths } from '../../machines/rules/privacy';
import { scorecardPaths } from '../../machines/rules/scorecard';
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import { staffPaths } from '../../machines/rules/staff/paths';
import { staffQueuePaths } from '../../machines/rules/staff/queue';
import { tagsPaths } from '../../machines/rules/staff/tags';
import { type StaffBulkResult } from '../../machines/rules/staff/bulk';
import { transferPath } from '../../machines/rules/staffRecord';
import { currentCohort, seatsTaken } from '../../server/db/cohorts';
import { outboxMailer } from '../../server/mail/index';
import { databases, useLeadAndAma, json, START, submittedApplication } from './support';

const at = (path: string, id: number) => path.replace(':id', String(id));

describe.each(databases)('an erased application on $name', (database) => {
  const { t, team, as } = useLeadAndAma(database);
  let cohortId: number;
  let erased: number;
  let live: number;

  const count = async (table: string, id: number) =>
    (
      await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE application_id = $1`, [
        id,
      ])
    ).rows[0].n;
  const tombstoneMail = async () =>
    (
      await t.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM outbox WHERE to_address LIKE 'erased-%'",
      )
    ).rows[0].n;

  beforeEach(async () => {
    cohortId = (await currentCohort(t.db, START)).id;
    erased = await submittedApplication(t, 'ada.erased@example.com');
    live = await submittedApplication(t, 'bola.live@example.com');
    // Erased through the real door an admin uses.
    const res = await as(team.admin).post(at(privacyPaths.staffErase, erased), { confirm: true });
    expect(res.statusCode).toBe(200);
  });

  const expectNotFound = (res: LightMyRequestResponse, what: string) => {
    expect(res.statusCode, what).toBe(404);
    expect(json(res).message, what).toBe(STAFF_MESSAGES.notFound);
  };

  it('answers 404 to every staff write and changes nothing: no decision, seat, note, tag, score or email', async () => {
    const admin = as(team.admin);
    const reviewer = as(team.ama);
    const writes: [string, () => Promise<LightMyRequestResponse>][] = [
      ['accept', () => admin.post(at(staffPaths.events, erased), { type: 'ACCEPT' })],
      ['reject', () => reviewer.post(at(staffPaths.events, erased), { type: 'REJECT' })],
      ['review', () => reviewer.post(at(staffPaths.events, erased), { type: 'START_REVIEW' })],
      ['invite', () => admin.post(at(staffPaths.events, erased), { type: 'INVITE_TO_INTERVIEW' })],
      ['note', () => reviewer.post(at(staffPaths.notes, erased), { body: 'Strong CV' })],
      ['tag', () => reviewer.post(at(tagsPaths.tags, erased), { tag: 'follow-up' })],
      ['untag', () => reviewer.del(at(tagsPaths.tag, erased).replace(':tag', 'follow-up'))],
      ['score', () => reviewer.put(at(scorecardPaths.scorecards, erased), { ratings: {} })],
      ['transfer', () => admin.post(at(transferPath, erased), { reference: 'TRF-1' })],
      ['message', () => admin.post(at(staffPaths.message, erased), { subject: 'Hello', body: 'A word' })],
    ];
    for (const [what, write] of writes) expectNotFound(await write(), what);
    // Signed out, the session is asked first: no one learns which applications were erased.
    const signedOut = await t.app.inject({
      method: 'POST',
      url: at(staffPaths.notes, erased),
      payload: { body: 'x' },
    });
    expect(signedOut.statusCode).toBe(401);

    const status = await t.db.query('SELECT review_status FROM applications WHERE id = $1', [erased]);
    expect(status.rows).toEqual([{ review_status: null }]);
    expect(await seatsTaken(t.db, cohortId)).toBe(0);
    for (const table of ['review_events', 'staff_notes', 'application_tags', 'scorecards', 'payments'])
      expect(await count(table, erased), table).toBe(0);
    expect(await tombstoneMail()).toBe(0);
  });

  it('a bulk decision skips the erased row and reports it; the others are decided', async () => {
    const bulk = (dryRun: boolean) =>
      as(team.admin).post(staffQueuePaths.bulk, { event: 'ACCEPT', ids: [erased, live], dryRun });
    for (const dryRun of [true, false]) {
      const res = await bulk(dryRun);
      expect(res.statusCode).toBe(200);
      const result = json<{ data: StaffBulkResult }>(res).data;
      expect(result.applied).toEqual({ ACCEPT: 1 });
      expect(result.refused).toEqual([{ id: erased, reason: STAFF_MESSAGES.notFound }]);
    }
    expect(await count('review_events', erased)).toBe(0);
    expect(await count('review_events', live)).toBe(1);
    expect(await seatsTaken(t.db, cohortId)).toBe(1);
  });

  it('the mail queue refuses a tombstone address whoever asks, and queues a real one', async () => {
    const mailer = outboxMailer(t.db, () => START);
    await mailer.send({
      to: `erased-${erased}`,
      subject: 'You are in',
      text: 'Welcome',
      html: '<p>Welcome</p>',
    });
    expect(await tombstoneMail()).toBe(0);
    await mailer.send({
      to: 'bola.live@example.com',
      subject: 'You are in',
      text: 'Welcome',
      html: '<p>W</p>',
    });
    const queued = await t.db.query("SELECT to_address FROM outbox WHERE subject = 'You are in'");
    expect(queued.rows).toEqual([{ to_address: 'bola.live@example.com' }]);
  });
});
