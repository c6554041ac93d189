/**
 * Submissions are counted one way (decision 063): the funnel's `submissions` is the queue's total with no filter,
 * eligibility review included, and its success-page step counts those that reached that page.
 */
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { staffQueuePaths, type StaffQueuePage } from '../../machines/rules/staff/queue';
import { type StaffFunnel } from '../../machines/rules/staff/funnel';
import { currentCohort } from '../../server/db/cohorts';
import { databases, json, STAFF, staffRequests, staffSignIn, START, useStaffApp } from './support';

describe.each(databases)('submissions counted one way on $name', (database) => {
  const t = useStaffApp(database, STAFF.lead);
  const as = staffRequests(t);
  const data = <T>(res: LightMyRequestResponse) => json<{ data: T }>(res).data;

  it('the funnel and the queue count the same submissions, eligibility review included', async () => {
    const cohort = await currentCohort(t.db, START);
    const statuses = ['eligible', 'eligible', 'eligible', 'ineligible', 'action_required'];
    for (const [i, eligibility] of statuses.entries())
      await t.db.query(
        `INSERT INTO applications (email, firstname, lastname, gender, country, city, phone, referral_source,
           applied_cohort_id, cohort_id, email_verified_at, eligibility, eligibility_status, review_status,
           submitted_at, created_at, updated_at)
         VALUES ($1, 'Ada', $2, 'female', 'Nigeria', 'Lagos', '+2348030001000', 'On social media', $3, $3, $4,
           '{}', $5, $6, $4, $4, $4)`,
        [
          `a${i}@example.com`,
          `Obi${i}`,
          cohort.id,
          new Date(START.getTime() - i * 60_000),
          eligibility,
          eligibility === 'eligible' ? null : 'eligibility_review',
        ],
      );
    const admin = await staffSignIn(t, STAFF.lead);
    const queue = data<StaffQueuePage>(await as(admin).get(staffQueuePaths.queue));
    const funnel = data<StaffFunnel>(await as(admin).get(staffQueuePaths.funnel));
    expect(queue.total).toBe(5);
    expect(funnel.submissions).toEqual({ submitted: queue.total, eligibilityReview: 2 });
    expect(funnel.steps.find((s) => s.state === 'success')?.reached).toBe(3);
  });
});
