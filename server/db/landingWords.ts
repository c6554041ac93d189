/**
 * The landing page's words in the database (decision 246): every publish a new version, the newest served; one
 * draft an admin previews. Each process keeps the published words for COHORT_CACHE_MS, as it keeps the cohort open
 * now (decision 235): the process that publishes forgets at once, the others read again within that time.
 */
import { BUILT_LANDING_WORDS, type LandingWords } from '../../machines/rules/landingWords';
import { COHORT_CACHE_MS } from './cohorts';
import type { Db, Queryable } from './index';
import { first, qb, run } from './query';

export interface PublishedWords {
  version: number;
  words: LandingWords;
  published_at: Date;
  published_by: number | null;
}

const published = qb
  .selectFrom('landing_words')
  .select(['version', 'words', 'published_at', 'published_by'])
  .orderBy('version', 'desc')
  .limit(1);

const read = (row: { words: string }) => JSON.parse(row.words) as LandingWords;

/**
 * The newest published words (migration 40 published the first); with `lock`, held for the rest of `tx`. A table
 * emptied (the tests' fresh tables) is version 0, the build's words.
 */
export async function publishedWords(db: Queryable, lock = false): Promise<PublishedWords> {
  const row = await first(db, lock ? published.forUpdate() : published);
  if (!row) return { version: 0, words: BUILT_LANDING_WORDS, published_at: new Date(0), published_by: null };
  return { ...row, words: read(row) };
}

/** The draft saved for preview, if any. */
export async function draftWords(db: Queryable): Promise<LandingWords | null> {
  const row = await first(db, qb.selectFrom('landing_words_draft').select('words').where('id', '=', 1));
  return row ? read(row) : null;
}

export async function saveDraft(
  db: Queryable,
  words: LandingWords,
  staffId: number,
  now: Date,
): Promise<void> {
  const values = { words: JSON.stringify(words), saved_by: staffId, saved_at: now };
  await run(
    db,
    qb
      .insertInto('landing_words_draft')
      .values({ id: 1, ...values })
      .onConflict((oc) => oc.column('id').doUpdateSet(values)),
  );
}

/** A new version, the one served from now on; the draft is done with. */
export async function publishWords(
  tx: Queryable,
  words: LandingWords,
  staffId: number,
  now: Date,
): Promise<number> {
  const [row] = await run(
    tx,
    qb
      .insertInto('landing_words')
      .values({ words: JSON.stringify(words), published_by: staffId, published_at: now })
      .returning('version'),
  );
  await run(tx, qb.deleteFrom('landing_words_draft'));
  return row!.version;
}

export interface LandingWordsCache {
  /** The published words, from memory when read less than `ttlMs` ago. */
  published(): Promise<PublishedWords>;
  /** Drops what is kept (after a publish through this process). */
  forget(): void;
}

export function landingWordsCache(db: Db, ttlMs = COHORT_CACHE_MS): LandingWordsCache {
  let cached: { until: number; value: Promise<PublishedWords> } | undefined;
  return {
    published: () => {
      const now = Date.now();
      if (cached && now < cached.until) return cached.value;
      const entry = { until: now + ttlMs, value: publishedWords(db) };
      cached = entry;
      // A failed read is not kept: the next request asks again.
      entry.value.catch(() => {
        if (cached === entry) cached = undefined;
      });
      return entry.value;
    },
    forget: () => void (cached = undefined),
  };
}
