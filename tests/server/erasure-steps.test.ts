/**
 * What an erasure clears and what an export lists loop over the step specs (machines/steps/, decision 149): with a
 * throwaway step added (tests/support/petsStep.ts, its answers in a `pets` column of their own), the applicant saves
 * a pet's name through the step's own route, finds it in their export, and after the erasure no row holds it.
 */
import { describe, expect, it, vi } from 'vitest';
import { PETS_SAVE } from '../support/petsStep';

vi.mock('../../machines/steps', async (importOriginal) => {
  const { withPetsStep } = await import('../support/petsStep');
  return withPetsStep(await importOriginal());
});
vi.mock('../../machines/stepStates', async (importOriginal) => {
  const { withPetsState } = await import('../support/petsStep');
  return withPetsState(await importOriginal());
});

const { paths } = await import('../../machines/rules/contract');
const { privacyPaths } = await import('../../machines/rules/privacy');
const { eligibility } = await import('../support/answers');
const { unzip } = await import('../support/unzip');
const { databases, json, testApp, verifiedApplicant } = await import('./support');

const EMAIL = 'pet.owner@example.com';
const PET = 'Bingoqz the tortoise';

describe.each(databases)('a new step’s answers on $name', (database) => {
  it('are in the export and gone after the erasure', async () => {
    const t = await testApp(database);
    try {
      // The step's column, as its migration would add it.
      await t.db.query('ALTER TABLE applications ADD COLUMN IF NOT EXISTS pets jsonb');
      const cookie = await verifiedApplicant(t, EMAIL);
      const post = (url: string, payload: object) =>
        t.app.inject({ method: 'POST', url, payload, headers: { cookie } });
      expect(
        (await post(paths.eligibility, { email: EMAIL, eligible: 'eligible', eligibility: eligibility() }))
          .statusCode,
      ).toBe(200);
      const saved = await post(PETS_SAVE, { email: EMAIL, pets: { pet_name: PET } });
      expect([saved.statusCode, json(saved).message]).toEqual([200, 'Pets saved']);

      const zip = await t.app.inject({ method: 'GET', url: privacyPaths.download, headers: { cookie } });
      const data = JSON.parse(unzip(zip.rawPayload).get('your-data.json')!.toString());
      expect(data.answers.pets).toEqual({ pet_name: PET });

      expect((await post(privacyPaths.erase, { confirm: true })).statusCode).toBe(200);
      const { rows } = await t.db.query<{ n: number | string }>(
        `SELECT count(*) AS n FROM applications WHERE pets IS NOT NULL OR strpos(email, 'pet.owner') > 0`,
      );
      expect(Number(rows[0].n)).toBe(0);
      // No stored answer to a repeated request names the pet either.
      const stored = await t.db.query(`SELECT 1 FROM idempotency WHERE strpos(body::text, $1) > 0`, [PET]);
      expect(stored.rows).toEqual([]);
    } finally {
      await t.db.query('ALTER TABLE applications DROP COLUMN IF EXISTS pets');
      await t.close();
    }
  });
});
