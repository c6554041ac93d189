/**
 * What every route module gets from the app (server/app.ts builds it). Kept apart from the app so that routes and
 * the app that registers them do not import each other.
 */
import type { Config } from './config';
import type { CohortCache } from './db/cohorts';
import type { SettingsCache } from './db/programmeSettings';
import type { Db } from './db/index';
import type { LandingWordsCache } from './db/landingWords';
import type { LandingPages } from './landingPage';
import type { RateCounters } from './db/rateCounters';
import type { Mailer } from './mail/index';
import type { CvStorage } from './storage/index';

export interface Context {
  db: Db;
  mailer: Mailer;
  config: Config;
  storage: CvStorage;
  secureCookies: boolean;
  /** The cohort open now, kept in memory for a short while (get-current and create need no query for it). */
  cohorts: CohortCache;
  /** The bank details and support address set in the back office, kept for a short while (decision 247). */
  settings: SettingsCache;
  /** The landing page's published words, kept in memory as the cohort is (decision 246). */
  landingWords: LandingWordsCache;
  /** `/` and its preview with a draft's words, when the app serves the built client. */
  landing?: LandingPages;
  /** The request limits' counts, in the database so that every process shares them (server/limits.ts). */
  counters: RateCounters;
  /** How long a CV upload may take (server/timeouts.ts): the most an upload slot is held. */
  uploadMs: number;
  /** The erasure tombstones' key: configured, or kept in the database (server/privacy/key.ts). Never logged. */
  erasureKey: string;
}
