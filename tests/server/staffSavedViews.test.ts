/**
 * Saved views (decision 060): a team member saves the queue's view under a name, lists and deletes their own; another's
 * view is neither listed nor deletable (404); a name used again replaces its view and says so; bad input is refused
 * in our words and changes nothing; removing a team member deletes their views with the account.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { MESSAGES } from '../../machines/rules/messages';
import {
  SAVED_VIEWS_MAX,
  savedViewPaths,
  type SavedView,
  type SavedViewResult,
} from '../../machines/rules/staff/savedViews';
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import { STAFF_QUEUE_MESSAGES } from '../../machines/rules/staff/queue';
import { staffPaths } from '../../machines/rules/staff/paths';
import { currentCohort } from '../../server/db/cohorts';
import { SERVER_MESSAGES } from '../../server/messages';
import { databases, json, STAFF, staffSignIn, START, useLeadAndAma } from './support';

const { ama: AMA } = STAFF;

describe.each(databases)('saved views on $name', (database) => {
  const { t, team } = useLeadAndAma(database);
  let cohortNumber: number;

  const save = (cookie: string, name: unknown, query: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: savedViewPaths.views,
      payload: { name, query },
      headers: { cookie, ...headers },
    });
  const list = async (cookie: string) => {
    const res = await t.app.inject({ method: 'GET', url: savedViewPaths.views, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return json<{ data: SavedView[] }>(res).data;
  };
  const remove = (cookie: string, id: number | string) =>
    t.app.inject({
      method: 'DELETE',
      url: savedViewPaths.view.replace(':id', String(id)),
      headers: { cookie },
    });
  const saved = (res: LightMyRequestResponse) => json<{ message: string; data: SavedViewResult }>(res);
  const stored = async () => (await t.db.query('SELECT * FROM saved_views ORDER BY id')).rows;

  beforeEach(async () => {
    cohortNumber = (await currentCohort(t.db, START)).number;
  });

  it("saves the queue's view with its cohort, keeps only the queue's names and no page, and lists it", async () => {
    const res = await save(
      team.admin,
      '  Lagos, follow up ',
      'tag=Follow+up&country=Nigeria&cursor=abc&utm=x',
    );
    expect(res.statusCode).toBe(200);
    expect(saved(res).message).toBe(STAFF_MESSAGES.viewSaved);
    const view = saved(res).data;
    expect(view).toMatchObject({ name: 'Lagos, follow up', replaced: false });
    expect(Object.fromEntries(new URLSearchParams(view.query))).toEqual({
      cohort: String(cohortNumber),
      country: 'Nigeria',
      tag: 'Follow up',
    });
    expect(await list(team.admin)).toEqual([{ id: view.id, name: 'Lagos, follow up', query: view.query }]);
  });

  it('a name used again (in any case) replaces its view and says so; a new name adds one', async () => {
    const first = saved(await save(team.ama, 'Mine', 'stage=submitted')).data;
    const again = await save(team.ama, 'MINE', 'stage=employment&sort=name');
    expect(again.statusCode).toBe(200);
    expect(saved(again).message).toBe(STAFF_MESSAGES.viewReplaced('MINE'));
    expect(saved(again).data).toMatchObject({ id: first.id, name: 'MINE', replaced: true });
    await save(team.ama, 'All cohorts', 'allCohorts=1&q=ada');
    const views = await list(team.ama);
    expect(views.map((v) => v.name)).toEqual(['All cohorts', 'MINE']);
    expect(views[1].query).toBe(`cohort=${cohortNumber}&sort=name&stage=employment`);
  });

  it("nobody sees or deletes another's view: it is a 404 as if it were not there", async () => {
    const theirs = saved(await save(team.admin, 'Admin view', 'status=accepted')).data;
    expect(await list(team.ama)).toEqual([]);
    const res = await remove(team.ama, theirs.id);
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ message: STAFF_MESSAGES.viewNotFound });
    expect(await list(team.admin)).toHaveLength(1);

    // The owner deletes it; a second delete finds nothing.
    const deleted = await remove(team.admin, theirs.id);
    expect(deleted.statusCode).toBe(200);
    expect(json(deleted)).toEqual({ message: STAFF_MESSAGES.viewDeleted, data: { id: theirs.id } });
    expect(await list(team.admin)).toEqual([]);
    expect((await remove(team.admin, theirs.id)).statusCode).toBe(404);
  });

  it('refuses a bad name or a view the queue would refuse, in our words, and stores nothing', async () => {
    await save(team.ama, 'Kept', 'tag=kept');
    const before = await stored();
    const cases: [unknown, unknown, string, string][] = [
      ['   ', 'tag=x', 'name', STAFF_MESSAGES.viewNameInvalid],
      ['x'.repeat(61), 'tag=x', 'name', STAFF_MESSAGES.viewNameInvalid],
      ['Two\u0007', 'tag=x', 'name', MESSAGES.hiddenCharacters],
      ['Bad tag', 'tag=%21%21', 'query', STAFF_MESSAGES.tagInvalid],
      ['Hidden', 'country=Nig%00eria', 'query', MESSAGES.hiddenCharacters],
      ['No such cohort', 'cohort=999999', 'query', STAFF_QUEUE_MESSAGES.noSuchCohort],
    ];
    for (const [name, query, field, words] of cases) {
      const res = await save(team.ama, name, query);
      const what = `${JSON.stringify(name)} ${String(query)}`;
      expect(res.statusCode, what).toBe(400);
      const body = json<{ message: string; data: { error: Record<string, string[]> } }>(res);
      expect(body, what).toEqual({ message: words, data: { error: { [field]: [words] } } });
    }
    // From another site: refused before anything is read.
    const foreign = await save(team.ama, 'Foreign', 'tag=x', { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(json(foreign)).toEqual({ message: SERVER_MESSAGES.crossSite });
    expect((await remove(team.ama, 'abc')).statusCode).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it(`keeps at most ${SAVED_VIEWS_MAX} views per member, yet a name already used is still replaced`, async () => {
    for (let i = 0; i < SAVED_VIEWS_MAX; i++)
      expect((await save(team.ama, `View ${i}`, `q=${i}`)).statusCode).toBe(200);
    const full = await save(team.ama, 'One more', 'q=more');
    expect(full.statusCode).toBe(409);
    expect(json(full)).toMatchObject({ message: STAFF_MESSAGES.viewsFull(SAVED_VIEWS_MAX) });
    expect((await save(team.ama, 'View 3', 'q=three')).statusCode).toBe(200);
    expect(await list(team.ama)).toHaveLength(SAVED_VIEWS_MAX);
  });

  it("removing a team member deletes their views with the account; the team's pages keep answering", async () => {
    await save(team.ama, 'Mine', 'tag=mine');
    await save(team.admin, 'Admin', 'tag=admin');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: staffPaths.teamMember.replace(':id', String(team.ids.ama)),
      headers: { cookie: team.admin },
    });
    expect(removed.statusCode).toBe(200);
    expect((await stored()).map((r) => r.name)).toEqual(['Admin']);
    const teamPage = await t.app.inject({
      method: 'GET',
      url: staffPaths.team,
      headers: { cookie: team.admin },
    });
    expect(teamPage.statusCode).toBe(200);
    // Back on the team, a new account starts with no views.
    await t.app.inject({
      method: 'POST',
      url: staffPaths.team,
      payload: { email: AMA, role: 'reviewer' },
      headers: { cookie: team.admin },
    });
    expect(await list(await staffSignIn(t, AMA))).toEqual([]);
  });
});
