/**
 * Issue 56, item 10: the seeded applications read true (scripts/seed.ts). Nigerian applicants have Nigerian names
 * and cities (faker's en_NG locale), a paid fee was paid by an option that charges one (never "Paid" beside
 * "I'm Not Ready To Make Payment"), and financial aid or "Not ready" have no payment at all, failed or otherwise.
 */
import { faker, fakerEN_NG } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { kindOf } from '../../machines/rules/payments';
import { seed } from '../../scripts/seed';
import { databases, useTestApp } from './support';

const NOW = new Date('2026-12-06T09:00:00Z');
const listed = (values: unknown): string[] =>
  (Array.isArray(values) ? values : Object.values(values as Record<string, unknown>).flat()) as string[];
const NG_FIRST = new Set(listed(fakerEN_NG.definitions.person!.first_name));
const NG_LAST = new Set(listed(fakerEN_NG.definitions.person!.last_name));
const NG_CITIES = new Set(listed(fakerEN_NG.definitions.location!.city_name));
/** One listed surname, or two joined by a hyphen (some listed ones hold a hyphen themselves). */
const nigerianSurname = (name: string): boolean => {
  const parts = name.split('-');
  return parts.some(
    (_, i) =>
      NG_LAST.has(parts.slice(0, i + 1).join('-')) &&
      (i === parts.length - 1 || NG_LAST.has(parts.slice(i + 1).join('-'))),
  );
};

describe.each(databases)('the seeded applications on $name', (database) => {
  const t = useTestApp(database);

  it('read true: Nigerian names and cities, and payments that agree with the choice', async () => {
    faker.seed(11);
    expect(await seed(t.db, 600, t.storageDir, NOW)).toBe(600);

    const people = (
      await t.db.query<{ firstname: string; lastname: string; city: string; country: string }>(
        'SELECT firstname, lastname, city, country FROM applications',
      )
    ).rows;
    const nigerians = people.filter((p) => p.country === 'Nigeria');
    expect(nigerians.length).toBeGreaterThan(people.length / 2);
    for (const p of nigerians) {
      expect({ firstname: p.firstname, nigerian: NG_FIRST.has(p.firstname) }).toEqual({
        firstname: p.firstname,
        nigerian: true,
      });
      expect({ lastname: p.lastname, nigerian: nigerianSurname(p.lastname) }).toEqual({
        lastname: p.lastname,
        nigerian: true,
      });
      expect({ city: p.city, nigerian: NG_CITIES.has(p.city) }).toEqual({ city: p.city, nigerian: true });
    }

    const choices = (
      await t.db.query<{ review_status: string | null; payment_option: string; payments: string[] }>(
        `SELECT a.review_status, a.payment_option,
           COALESCE(array_agg(p.status) FILTER (WHERE p.id IS NOT NULL), '{}') AS payments
         FROM applications a LEFT JOIN payments p ON p.application_id = a.id
         WHERE a.review_status IN ('paid', 'payment_chosen') GROUP BY a.id`,
      )
    ).rows;
    const paid = choices.filter((c) => c.review_status === 'paid');
    const uncharged = choices.filter((c) =>
      ['notReady', 'financialAid'].includes(kindOf(c.payment_option) ?? ''),
    );
    expect(paid.length).toBeGreaterThan(0);
    expect(uncharged.length).toBeGreaterThan(0);
    // "Paid" only beside an option that charges, with its paid payment.
    for (const c of paid) {
      expect(['full', 'instalments']).toContain(kindOf(c.payment_option));
      expect(c.payments).toContain('paid');
    }
    // "Not ready" and financial aid charge nothing: no payment, so no "Failed" one.
    for (const c of uncharged) expect(c).toMatchObject({ review_status: 'payment_chosen', payments: [] });
  });
});
