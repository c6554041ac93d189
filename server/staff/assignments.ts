/**
 * Assignment (docs/decisions/163-scorecards-blind-and-a-second-review.md): an admin gives the applications of a queue view, in
 * its order (all, or its first `count`), or the rows ticked, to one reviewer or deals them round-robin to several; a dry run answers the counts first. An
 * application has one assignee at a time; giving it to someone else is a reassignment, audited with who had it.
 */
import { STAFF_QUEUE_MESSAGES as M } from '../../machines/rules/staff/queue';
import type { Context } from '../context';
import type { Db, Queryable } from '../db/index';
import { fieldFail } from '../http';
import { idsOfFilter, readIds } from './bulk';
import { activeMembers, assignTo, holdersOf, liveIds } from './assignmentStore';
import { audit, type StaffMember } from './store';

/** Deals `ids`, in order, to `reviewers` in turn: the first to the first reviewer, the second to the next, … */
export function roundRobin<T>(ids: readonly number[], reviewers: readonly T[]): Map<T, number[]> {
  const dealt = new Map<T, number[]>(reviewers.map((r) => [r, []]));
  ids.forEach((id, i) => dealt.get(reviewers[i % reviewers.length])!.push(id));
  return dealt;
}

type Reviewer = { id: number; email: string };

/** The team members named, in the order given, each once; 400 when one is not on the team. */
export async function teamMembers(db: Queryable, value: unknown): Promise<Reviewer[]> {
  if (!Array.isArray(value) || value.length === 0) throw fieldFail(400, 'reviewers', M.chooseReviewers);
  const ids = [...new Set(value as number[])];
  const found = await activeMembers(db, ids);
  if (found.length !== ids.length) throw fieldFail(400, 'reviewers', M.chooseReviewers);
  return ids.map((id) => found.find((m) => m.id === id)!);
}

/**
 * Gives each reviewer the applications dealt to them and audits it, in one transaction; or, as a dry run, writes
 * nothing. Either way answers how many change hands (an application someone else held).
 */
export async function assign(
  db: Db,
  admin: StaffMember,
  reviewers: readonly Reviewer[],
  ids: readonly number[],
  dealt: Map<Reviewer, number[]>,
  dryRun: boolean,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const before = await holdersOf(tx, ids);
    const moved: { id: number; from: number; to: number }[] = [];
    for (const [member, given] of dealt)
      for (const id of given) {
        const from = before.get(id);
        if (from !== undefined && from !== member.id) moved.push({ id, from, to: member.id });
      }
    if (dryRun) return moved.length;
    for (const [member, given] of dealt)
      if (given.length > 0) await assignTo(tx, given, member.id, admin.id, now);
    for (const m of moved) await audit(tx, admin.id, 'reassign', now, m.id, { from: m.from, to: m.to });
    await audit(tx, admin.id, 'assign', now, null, {
      matched: ids.length,
      reassigned: moved.length,
      ...Object.fromEntries(reviewers.map((r) => [`to_${r.id}`, dealt.get(r)!.length])),
    });
    return moved.length;
  });
}

/**
 * What an assignment takes: the rows ticked (`ids`), or the view (`filter`) in its order, only its first `count`
 * when given. 400 on the field when both or neither are given, or the count is no whole number from 1.
 */
export async function idsToAssign(
  ctx: Context,
  body: { filter?: unknown; ids?: unknown; count?: unknown },
  admin: StaffMember,
): Promise<number[]> {
  const { filter, ids, count } = body;
  if (ids !== undefined && filter !== undefined) throw fieldFail(400, 'ids', M.bulkEither);
  if (count !== undefined && !(Number.isSafeInteger(count) && (count as number) >= 1))
    throw fieldFail(400, 'count', M.assignCount);
  if (ids !== undefined) {
    if (count !== undefined) throw fieldFail(400, 'count', M.countNeedsFilter);
    const live = await liveIds(ctx.db, readIds(ids));
    if (live.length === 0) throw fieldFail(400, 'ids', M.bulkNothing);
    return live;
  }
  const all = await idsOfFilter(ctx, filter, admin);
  if (all.length === 0) throw fieldFail(400, 'filter', M.bulkNothing);
  return count === undefined ? all : all.slice(0, count as number);
}
