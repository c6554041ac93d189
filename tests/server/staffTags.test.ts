/**
 * Tags staff add (decision 060): any team member adds and removes one, audited; a bad tag is refused in our words
 * and changes nothing; erasing the applicant's data removes their application's tags.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { PRIVACY_MESSAGES, privacyPaths } from '../../machines/rules/privacy';
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import { staffQueuePaths, type StaffQueuePage } from '../../machines/rules/staff/queue';
import { tagsPaths } from '../../machines/rules/staff/tags';
import { databases, json, submittedApplication, useLeadAndAma } from './support';

describe.each(databases)('tags on $name', (database) => {
  const { t, team } = useLeadAndAma(database);
  let id: number;
  const at = (path: string, tag?: string) =>
    path.replace(':id', String(id)).replace(':tag', encodeURIComponent(tag ?? ''));
  const add = (cookie: string, tag: unknown) =>
    t.app.inject({ method: 'POST', url: at(tagsPaths.tags), payload: { tag }, headers: { cookie } });
  const remove = (cookie: string, tag: string) =>
    t.app.inject({ method: 'DELETE', url: at(tagsPaths.tag, tag), headers: { cookie } });
  const tags = (res: LightMyRequestResponse) => json<{ data: string[] }>(res).data;
  const stored = async () =>
    (await t.db.query<{ tag: string }>('SELECT tag FROM application_tags ORDER BY tag')).rows.map(
      (r) => r.tag,
    );
  const auditActions = async () =>
    (
      await t.db.query<{ action: string; detail: { tag?: string } }>(
        "SELECT action, detail FROM audit_log WHERE action LIKE 'tag_%' ORDER BY id",
      )
    ).rows.map((r) => [r.action, r.detail.tag]);

  beforeEach(async () => {
    id = await submittedApplication(t);
  });

  it('a reviewer adds a tag, trimmed and lower-cased, once; removing it is audited too', async () => {
    const first = await add(team.ama, '  Follow-up Call ');
    expect(first.statusCode).toBe(200);
    expect(tags(first)).toEqual(['follow-up call']);
    expect(tags(await add(team.admin, 'follow-up call'))).toEqual(['follow-up call']);
    expect(tags(await add(team.admin, 'Strong CV 2'))).toEqual(['follow-up call', 'strong cv 2']);

    const removed = await remove(team.ama, 'Strong CV 2');
    expect(removed.statusCode).toBe(200);
    expect(tags(removed)).toEqual(['follow-up call']);
    // What the application page lists: the same tags, for any team member.
    const listed = await t.app.inject({
      method: 'GET',
      url: at(tagsPaths.tags),
      headers: { cookie: team.ama },
    });
    expect(tags(listed)).toEqual(['follow-up call']);
    expect(await auditActions()).toEqual([
      ['tag_add', 'follow-up call'],
      ['tag_add', 'strong cv 2'],
      ['tag_remove', 'strong cv 2'],
    ]);
  });

  it('refuses a bad tag in our words and changes nothing; an unknown tag or application is a 404', async () => {
    for (const bad of ['', '   ', 'x'.repeat(41), 'no/slashes', '<b>']) {
      const res = await add(team.ama, bad);
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toBe(STAFF_MESSAGES.tagInvalid);
    }
    // Not a string at all: the request's shape is refused before the route reads it.
    expect((await add(team.ama, 42)).statusCode).toBe(400);
    expect(await stored()).toEqual([]);
    expect(await auditActions()).toEqual([]);
    const missing = await remove(team.ama, 'never added');
    expect(missing.statusCode).toBe(404);
    expect(json(missing).message).toBe(STAFF_MESSAGES.tagNotFound);
    id = 999999;
    expect((await add(team.ama, 'fine')).statusCode).toBe(404);
  });

  it('the queue filters by a tag, written as staff type it, and each row carries its tags', async () => {
    await add(team.ama, 'call back');
    const queue = async (query: string) =>
      json<{ data: StaffQueuePage }>(
        await t.app.inject({
          method: 'GET',
          url: `${staffQueuePaths.queue}?${query}`,
          headers: { cookie: team.ama },
        }),
      ).data;
    const tagged = await queue('tag=Call%20Back');
    expect(tagged.rows.map((r) => [r.id, r.tags])).toEqual([[id, ['call back']]]);
    expect((await queue('tag=other')).rows).toEqual([]);
    const bad = await t.app.inject({
      method: 'GET',
      url: `${staffQueuePaths.queue}?tag=%3Cb%3E`,
      headers: { cookie: team.ama },
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe(STAFF_MESSAGES.tagInvalid);
  });

  it('needs a signed-in team member', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: at(tagsPaths.tags), payload: { tag: 'x' } })).statusCode,
    ).toBe(401);
    expect(await stored()).toEqual([]);
  });

  it("erasing the applicant's data removes their application's tags", async () => {
    await add(team.ama, 'call back');
    const erased = await t.app.inject({
      method: 'POST',
      url: privacyPaths.staffErase.replace(':id', String(id)),
      payload: { confirm: true },
      headers: { cookie: team.admin },
    });
    expect(json(erased).message).toBe(PRIVACY_MESSAGES.staffErased);
    expect(await stored()).toEqual([]);
  });
});
