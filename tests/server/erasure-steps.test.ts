/**
 * A step is its spec (docs/architecture.md, "A step is its file and its state"), on the server: with a throwaway step
 * added to the list (tests/support/petsStep.ts, its answers in a `pets` column and its first save time in
 * `pets_saved_at`, as its migration would add them before writing the step-times trigger again), the applicant saves a pet's name through the step's own route;
 * the OpenAPI document lists that route and the answer in the saved application, the staff page shows it, the export
 * holds it and when it was given, and after the erasure no row holds it. Nothing of the server names the step.
 */
import '../support/petsStepMocks';
import { afterAll, describe, expect, it } from 'vitest';
import { PETS_SAVE } from '../support/petsStep';

const { paths } = await import('../../machines/rules/contract');
const { privacyPaths } = await import('../../machines/rules/privacy');
const { staffPaths } = await import('../../machines/rules/staff/paths');
const { eligibility } = await import('../support/answers');
const { unzip } = await import('../support/unzip');
const { databases, json, releaseDatabases, staffSignIn, testApp, verifiedApplicant } =
  await import('./support');

// Its own project, without the server files' set-up (it must mock the step list before anything imports it).
afterAll(releaseDatabases);

const EMAIL = 'pet.owner@example.com';
const ADMIN = 'admin@example.com';
const PET = 'Bingoqz the tortoise';
const SAVED_AT = new Date('2026-11-24T09:30:00Z');

type Schema = { properties?: Record<string, Schema>; $ref?: string };
type Document = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>
  >;
};

describe.each(databases)('a new step’s answers on $name', (database) => {
  it('are in the OpenAPI document, the staff page and the export, and gone after the erasure', async () => {
    let now = new Date('2026-11-23T10:00:00Z');
    const t = await testApp(database, {
      config: { apiDocs: true, staffEmails: [ADMIN], now: () => now },
      // Every answer the app gives must be one the document lists, field by field.
      checkDocumentedAnswers: true,
    });
    try {
      // The step's migration: its columns, and the step-times trigger written again over them.
      await t.db.query('ALTER TABLE applications ADD COLUMN IF NOT EXISTS pets jsonb');
      await t.db.query('ALTER TABLE applications ADD COLUMN IF NOT EXISTS pets_saved_at timestamptz');
      await t.db.query('SELECT applications_step_times_build()');

      // The document lists the step's save route and its answers in the saved application.
      const document = t.app.swagger() as unknown as Document;
      // The step's save route answers as employment's does (the one handler over the steps' saves).
      expect(document.paths[PETS_SAVE]?.post?.responses).toEqual(
        document.paths[paths.employment].post.responses,
      );
      const lookup = document.paths[paths.lookup.pattern.replace(/:(\w+)/g, '{$1}')]?.get;
      expect(JSON.stringify(lookup?.responses['200'].content?.['application/json'].schema)).toContain(
        '"pets":{"type":"object","additionalProperties":false,"properties":{"pet_name":{"type":"string"}}',
      );

      const cookie = await verifiedApplicant(t, EMAIL);
      const post = (url: string, payload: object) =>
        t.app.inject({ method: 'POST', url, payload, headers: { cookie } });
      expect(
        (await post(paths.eligibility, { email: EMAIL, eligible: 'eligible', eligibility: eligibility() }))
          .statusCode,
      ).toBe(200);
      now = SAVED_AT;
      const saved = await post(PETS_SAVE, { email: EMAIL, pets: { pet_name: PET } });
      expect([saved.statusCode, json(saved).message]).toEqual([200, 'Pets saved']);

      // The staff page's answers hold it.
      const { id } = (await t.db.query<{ id: number }>('SELECT id FROM applications')).rows[0];
      const staff = await staffSignIn(t, ADMIN);
      const page = await t.app.inject({
        method: 'GET',
        url: staffPaths.application.replace(':id', String(id)),
        headers: { cookie: staff },
      });
      expect(page.statusCode).toBe(200);
      expect(json<{ data: { answers: { pets: unknown } } }>(page).data.answers.pets).toEqual({
        pet_name: PET,
      });

      // The export holds it, and when it was given (the step-times trigger set its `pets_saved_at`).
      const zip = await t.app.inject({ method: 'GET', url: privacyPaths.download, headers: { cookie } });
      const data = JSON.parse(unzip(zip.rawPayload).get('your-data.json')!.toString());
      expect(data.answers.pets).toEqual({ pet_name: PET });
      expect(data.timeline).toContainEqual({
        at: SAVED_AT.toISOString(),
        what: 'Answered the pets questions',
      });

      expect((await post(privacyPaths.erase, { confirm: true })).statusCode).toBe(200);
      const { rows } = await t.db.query<{ n: number | string }>(
        `SELECT count(*) AS n FROM applications WHERE pets IS NOT NULL OR strpos(email, 'pet.owner') > 0`,
      );
      expect(Number(rows[0].n)).toBe(0);
      // No stored answer to a repeated request names the pet either.
      const stored = await t.db.query(`SELECT 1 FROM idempotency WHERE strpos(body::text, $1) > 0`, [PET]);
      expect(stored.rows).toEqual([]);
    } finally {
      await t.db.query(
        'ALTER TABLE applications DROP COLUMN IF EXISTS pets, DROP COLUMN IF EXISTS pets_saved_at',
      );
      await t.db.query('SELECT applications_step_times_build()');
      await t.close();
    }
  });
});
