/**
 * Fees per cohort (decision 244): an admin sets a cohort's fee table with its other settings, audited before → after;
 * a reviewer's change is refused with 403 and changes nothing; each bad value is refused in the catalogue's words and
 * changes nothing. What applicants are told and charged is their cohort's table: a new visitor's cohort in
 * `get-current`, an accepted applicant's in their checkout order; a choice made before a change keeps its price.
 */
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  cohortIntakePath,
  cohortSettingsPath,
  cohortSettingsPaths,
  type StaffCohortSettings,
} from '../../machines/rules/cohortSettings';
import { paths, type CohortInfo, type PaymentStartResult } from '../../machines/rules/contract';
import { COHORT_MESSAGES, FEE_MESSAGES } from '../../machines/rules/messages';
import { OPTION_FULL_PAYMENT, OPTION_INSTALMENTS } from '../../machines/rules/payments';
import type { AuditEntry } from '../../machines/rules/reports';
import { DECISION_UNDO_MINUTES } from '../../machines/rules/staff/undo';
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import { staffPaths } from '../../machines/rules/staff/paths';
import { currentCohort } from '../../server/db/cohorts';
import { agreed, eligibility, employment, other } from '../support/answers';
import {
  asApplicant,
  cvForm,
  databases,
  useLeadAndAma,
  decide,
  json,
  pdf,
  STAFF,
  staffSignIn,
  useClock,
  verifiedApplicant,
} from './support';

const { lead: ADMIN } = STAFF;
const ADA = 'ada@example.com';
const BOLA = 'bola@example.com';
const WINDOW = DECISION_UNDO_MINUTES * 60_000;

describe.each(databases)('fees per cohort on $name', (database) => {
  const clock = useClock();
  const { t, team, as } = useLeadAndAma(database, clock);
  const cookies: Record<string, string> = {};
  let current: number;

  beforeEach(async () => {
    current = (await currentCohort(t.db, clock.now)).number;
  });

  const good = {
    name: 'Cohort 13',
    start_date: '2026-12-10',
    application_deadline: '2026-12-03',
    seats: 300,
  };
  const fees = async () =>
    (
      await t.db.query(
        'SELECT number, fee_ngn, fee_usd, full_discount, instalments FROM cohorts ORDER BY number',
      )
    ).rows;
  const auditOf = async (action: string) =>
    json<{ data: AuditEntry[] }>(await as(team.admin).get(`${staffPaths.audit}?action=${action}`)).data;
  const refusedWith = (res: LightMyRequestResponse, field: string, message: string) => {
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ message, data: { error: { [field]: [message] } } });
  };

  /** Submitted and accepted (released) into the cohort open now. */
  async function accepted(email: string) {
    cookies[email] = await verifiedApplicant(t, email);
    const applicant = asApplicant(email, () => ({ t, cookie: cookies[email]! }));
    await applicant.post(paths.eligibility, { email, eligible: 'eligible', eligibility: eligibility(0) });
    await applicant.upload(cvForm(email, pdf()));
    await applicant.post(paths.employment, { email, employment });
    await applicant.post(paths.other, { email, other });
    expect((await applicant.post(paths.submit, { email, ...agreed })).statusCode).toBe(200);
    await decide(t, email, 'ACCEPT', { passWindow: false });
    clock.now = new Date(clock.now.getTime() + WINDOW);
    return applicant;
  }
  const order = async (email: string, option: string) => {
    const res = await asApplicant(email, () => ({ t, cookie: cookies[email]! })).post(paths.paymentStart, {
      email,
      option,
      country: 'Nigeria',
    });
    expect(res.statusCode, res.body).toBe(201);
    return json<{ data: PaymentStartResult }>(res).data.order;
  };

  it("an admin sets a cohort's fees, audited before → after; a reviewer is refused and nothing changes", async () => {
    const url = cohortSettingsPath(current);
    const change = { ...good, fee_ngn: 80_000, fee_usd: 70, full_discount: 10, instalments: 4 };
    const before = await fees();
    const refused = await as(team.ama).post(url, change);
    expect(refused.statusCode).toBe(403);
    expect(json(refused).message).toBe(STAFF_MESSAGES.adminOnly);
    expect(await fees()).toEqual(before);
    // The reviewer sees the table, with no control to change it.
    const seen = json<{ data: StaffCohortSettings }>(
      await as(team.ama).get(cohortSettingsPaths.cohorts),
    ).data;
    expect(seen.cohorts[0]).toMatchObject({
      fee_ngn: 60_000,
      fee_usd: 50,
      full_discount: 15,
      instalments: 2,
    });

    const res = await as(team.admin).post(url, change);
    expect(res.statusCode).toBe(200);
    expect((await fees()).find((c) => c.number === current)).toEqual({
      number: current,
      fee_ngn: 80_000,
      fee_usd: 70,
      full_discount: 10,
      instalments: 4,
    });
    const [entry] = await auditOf('cohort_change');
    expect(entry!.detail).toEqual({
      cohort: current,
      fee_ngn: '60000 → 80000',
      fee_usd: '50 → 70',
      full_discount: '15 → 10',
      instalments: '2 → 4',
    });
    // The next cohort's form starts from this one's table.
    const { suggestion } = json<{ data: StaffCohortSettings }>(
      await as(team.admin).get(cohortSettingsPaths.cohorts),
    ).data;
    expect(suggestion).toMatchObject({ fee_ngn: 80_000, fee_usd: 70, full_discount: 10, instalments: 4 });
  });

  it('refuses each bad value in the catalogue words and changes nothing, and nothing once the cohort started', async () => {
    const url = cohortSettingsPath(current);
    const before = await fees();
    const cases: Array<[object, string, string]> = [
      [{ fee_ngn: -1 }, 'fee_ngn', FEE_MESSAGES.feeNgn],
      [{ fee_ngn: 60_000.5 }, 'fee_ngn', FEE_MESSAGES.feeNgn],
      [{ fee_ngn: 'lots' }, 'fee_ngn', FEE_MESSAGES.feeNgn],
      [{ fee_usd: '-5' }, 'fee_usd', FEE_MESSAGES.feeUsd],
      [{ full_discount: 101 }, 'full_discount', FEE_MESSAGES.fullDiscount],
      [{ full_discount: -1 }, 'full_discount', FEE_MESSAGES.fullDiscount],
      [{ instalments: 0 }, 'instalments', FEE_MESSAGES.instalments],
      [{ instalments: 13 }, 'instalments', FEE_MESSAGES.instalments],
    ];
    for (const [change, field, message] of cases) {
      refusedWith(await as(team.admin).post(url, { ...good, ...change }), field, message);
      refusedWith(
        await as(team.admin).post(cohortSettingsPaths.cohorts, {
          ...good,
          name: 'Cohort 14',
          start_date: '2027-03-10',
          application_deadline: '2027-03-03',
          ...change,
        }),
        field,
        message,
      );
    }
    expect(await fees()).toEqual(before);
    expect(await auditOf('cohort_change')).toEqual([]);
    expect(await auditOf('cohort_create')).toEqual([]);

    // Once the cohort has started, its fees change no more than its other settings.
    clock.now = new Date('2026-12-10T08:00:00Z');
    const admin = await staffSignIn(t, ADMIN);
    const started = await as(admin).post(url, { ...good, fee_ngn: 80_000 });
    expect(started.statusCode).toBe(409);
    expect(json(started).message).toBe(COHORT_MESSAGES.started);
    expect(await fees()).toEqual(before);
  });

  it('a new visitor is told the fee of the cohort new applications go to', async () => {
    const created = await as(team.admin).post(cohortSettingsPaths.cohorts, {
      name: `Cohort ${current + 1}`,
      start_date: '2026-12-20',
      application_deadline: '2026-12-03',
      seats: 40,
      fee_ngn: 80_000,
    });
    expect(created.statusCode).toBe(201);
    // Left out, the other fields keep the cohort before's.
    expect((await fees()).at(-1)).toEqual({
      number: current + 1,
      fee_ngn: 80_000,
      fee_usd: 50,
      full_discount: 15,
      instalments: 2,
    });
    expect((await as(team.admin).post(cohortIntakePath(current), { action: 'pause' })).statusCode).toBe(200);
    const [applying] = json<{ data: CohortInfo[] }>(
      await t.app.inject({ method: 'GET', url: paths.currentCohort }),
    ).data;
    expect(applying).toMatchObject({
      number: current + 1,
      fees: { fee_ngn: 80_000, fee_usd: 50, full_discount: 15, instalments: 2 },
    });
  });

  it("an order is priced from the applicant's cohort's table; a choice made before a change keeps its price", async () => {
    const ada = await accepted(ADA);
    // Ada chooses to pay in full at the table of now: N60,000 less 15%.
    const chose = await ada.post(paths.misc, {
      email: ADA,
      misc: { column_name: 'Financial Info', payment_option: OPTION_FULL_PAYMENT },
    });
    expect(chose.statusCode, chose.body).toBe(200);
    await accepted(BOLA);

    const url = cohortSettingsPath(current);
    const change = { ...good, fee_ngn: 80_000, full_discount: 10, instalments: 4 };
    expect((await as(team.admin).post(url, change)).statusCode).toBe(200);

    // Ada's choice keeps its price: her cards and her checkout read the table she chose under.
    expect((await ada.saved()).fees).toEqual({
      fee_ngn: 60_000,
      fee_usd: 50,
      full_discount: 15,
      instalments: 2,
      aid_ceiling: 30,
    });
    expect(await order(ADA, OPTION_FULL_PAYMENT)).toMatchObject({ amount: 51_000, currency: 'NGN' });
    // Bola had chosen nothing: he is priced from the cohort's table now, N80,000 less 10%, in 4 instalments.
    expect(await order(BOLA, OPTION_FULL_PAYMENT)).toMatchObject({ amount: 72_000, currency: 'NGN' });
    const bolaPlan = await asApplicant(BOLA, () => ({ t, cookie: cookies[BOLA]! })).post(paths.paymentStart, {
      email: BOLA,
      option: OPTION_INSTALMENTS,
      country: 'Nigeria',
    });
    // The 2-instalment plan is not this table's: refused, in the server's words.
    expect(bolaPlan.statusCode).toBe(400);
    // His first payment was his choice: a later change leaves his table as it is now.
    expect((await as(team.admin).post(url, { ...change, fee_ngn: 90_000 })).statusCode).toBe(200);
    expect(await order(BOLA, 'Pay in 4 instalments')).toMatchObject({ amount: 80_000, currency: 'NGN' });
  });
});
