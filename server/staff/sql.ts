/**
 * Kysely as a typed query builder only: it compiles to SQL and parameters, and the project's own `Db` runs them, so
 * both engines (PGlite and PostgreSQL) see the same statements and no second connection is opened
 * (docs/decisions/060-the-staff-queue.md).
 */
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type Compilable,
  type Generated,
} from 'kysely';
import type { Queryable } from '../db/index';

export interface ApplicationsTable {
  id: Generated<number>;
  email: string;
  firstname: string;
  middlename: string;
  lastname: string;
  gender: string;
  country: string;
  city: string;
  phone: string;
  whatsapp_phone: string;
  referred_by: string;
  referral_source: string;
  referral_detail: string;
  privacy_notice_version: string | null;
  privacy_consented_at: Date | null;
  applied_cohort_id: number | null;
  cohort_id: number | null;
  email_verified_at: Date | null;
  eligibility: Record<string, string> | null;
  eligibility_status: string;
  employment: Record<string, string | number> | null;
  other: Record<string, string> | null;
  video: { isVideoEnded?: boolean } | null;
  payment_option: string;
  cv_sent_by_email: boolean;
  review_status: string | null;
  submitted_at: Date | null;
  created_at: Date;
  updated_at: Date;
  eligibility_saved_at: Date | null;
  employment_saved_at: Date | null;
  video_watched_at: Date | null;
  payment_chosen_at: Date | null;
  reminder_date: Date | null;
  reminder_sent_at: Date | null;
}

export interface StaffDatabase {
  applications: ApplicationsTable;
  cvs: { application_id: number; stored_name: string; original_name: string; kind: string; size: number };
  payments: {
    id: Generated<number>;
    application_id: number;
    reference: string;
    option: string;
    amount_minor: number;
    currency: string;
    mode: string;
    status: string;
    provider_reference: string | null;
    created_at: Date;
    paid_at: Date | null;
  };
  cohorts: { id: number; number: number; name: string; seats: number };
  funnel_beacons: { cohort_id: number; step: string; day: string; hits: number };
  validation_refusals: { cohort_id: number; route: string; field: string; message: string; hits: number };
  outbox: {
    id: Generated<number>;
    to_address: string;
    subject: string;
    /** When the row was queued. */
    sent_at: Date;
    delivered_at: Date | null;
    attempts: number;
  };
}

export const qb = new Kysely<StaffDatabase>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/** Runs a built query through the project's database. */
export async function run<T>(db: Queryable, query: Compilable<T>): Promise<T[]> {
  const compiled = query.compile();
  return (await db.query<T>(compiled.sql, [...compiled.parameters])).rows;
}
