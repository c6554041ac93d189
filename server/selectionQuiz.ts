/**
 * The selection video and its quiz, versioned (decision 245): each published version is kept as it was (a trigger
 * refuses a change, migration 39), an applicant keeps the version they started, a new one gets the newest. Version 1
 * is written the first time it is read, from the configured addresses (SELECTION_VIDEO_*) and the first quiz
 * (machines/rules/quiz.ts), so nothing changed for anyone when versions came.
 */
import { sql } from 'kysely';
import { firstQuizQuestions } from '../machines/rules/quiz';
import type {
  QuizQuestionSetting,
  SelectionQuizSettings,
  SelectionQuizVersion,
} from '../machines/rules/selectionQuiz';
import type { Queryable } from './db/index';
import { first, qb, run } from './db/query';

/** The browser's defaults (src/config.ts) where no SELECTION_VIDEO_* is configured. */
const SHIPPED = {
  video_url: '/media/selection-video.mp4',
  poster_url: '/media/selection-video.jpg',
  captions_url: '/media/selection-video.vtt',
};

/** Version 1: the configured addresses (an empty poster stays empty) and the first quiz. */
export function firstVersion(appConfig: Readonly<Record<string, string | number>>): SelectionQuizSettings {
  const given = (key: string, shipped: string) => (key in appConfig ? String(appConfig[key]) : shipped);
  return {
    video_url: given('selectionVideoUrl', SHIPPED.video_url) || SHIPPED.video_url,
    poster_url: given('selectionVideoPoster', SHIPPED.poster_url),
    captions_url: given('selectionVideoCaptions', SHIPPED.captions_url),
    questions: firstQuizQuestions(),
  };
}

const versionColumns = [
  'v.version',
  'v.video_url',
  'v.poster_url',
  'v.captions_url',
  'v.questions',
  'v.published_at',
  's.email as published_by',
] as const;

type VersionRow = {
  version: number;
  video_url: string;
  poster_url: string;
  captions_url: string;
  questions: unknown;
  published_at: Date | string;
  published_by: string | null;
};

const toVersion = (row: VersionRow): SelectionQuizVersion => ({
  version: row.version,
  video_url: row.video_url,
  poster_url: row.poster_url,
  captions_url: row.captions_url,
  // jsonb comes back parsed from both engines; text only from a driver that does not parse it.
  questions: (typeof row.questions === 'string'
    ? JSON.parse(row.questions)
    : row.questions) as QuizQuestionSetting[],
  published_at: new Date(row.published_at).toISOString(),
  published_by: row.published_by,
});

const versions = () =>
  qb
    .selectFrom('selection_quiz_versions as v')
    .leftJoin('staff as s', 's.id', 'v.published_by')
    .select(versionColumns);

/** Writes version 1 when there is no version yet (two processes at once: one writes it, the other finds it). */
async function seedFirst(db: Queryable, appConfig: Readonly<Record<string, string | number>>, now: Date) {
  const v1 = firstVersion(appConfig);
  await run(
    db,
    qb
      .insertInto('selection_quiz_versions')
      .values({
        version: 1,
        video_url: v1.video_url,
        poster_url: v1.poster_url,
        captions_url: v1.captions_url,
        questions: JSON.stringify(v1.questions),
        published_by: null,
        published_at: now,
      })
      .onConflict((oc) => oc.column('version').doNothing()),
  );
}

/** The newest published version: what a new applicant gets. */
export async function currentVersion(
  db: Queryable,
  appConfig: Readonly<Record<string, string | number>>,
  now: Date,
): Promise<SelectionQuizVersion> {
  const newest = () => first(db, versions().orderBy('v.version', 'desc').limit(1));
  const row = (await newest()) ?? (await seedFirst(db, appConfig, now), await newest());
  return toVersion(row!);
}

/** Every version, newest first, without its questions: the back office's history. */
export async function versionHistory(
  db: Queryable,
): Promise<Pick<SelectionQuizVersion, 'version' | 'published_at' | 'published_by'>[]> {
  const rows = await run(
    db,
    qb
      .selectFrom('selection_quiz_versions as v')
      .leftJoin('staff as s', 's.id', 'v.published_by')
      .select(['v.version', 'v.published_at', 's.email as published_by'])
      .orderBy('v.version', 'desc'),
  );
  return rows.map((r) => ({
    version: r.version,
    published_at: new Date(r.published_at).toISOString(),
    published_by: r.published_by,
  }));
}

/**
 * The version this application started: the one recorded, else the newest, recorded now in the same statement (so
 * two first reads at once record one version). It stays theirs when a newer one is published.
 */
export async function applicantVersion(
  db: Queryable,
  applicationId: number,
  appConfig: Readonly<Record<string, string | number>>,
  now: Date,
): Promise<SelectionQuizVersion> {
  await currentVersion(db, appConfig, now);
  const [mine] = await run(
    db,
    qb
      .updateTable('applications')
      .set({
        quiz_version: sql<number>`COALESCE(quiz_version, (SELECT max(version) FROM selection_quiz_versions))`,
      })
      .where('id', '=', applicationId)
      .returning('quiz_version'),
  );
  const row = await first(db, versions().where('v.version', '=', mine!.quiz_version!));
  return toVersion(row!);
}

/** Publishes the next version; the lock makes two publishes at once number two versions, never one twice. */
export async function publishVersion(
  tx: Queryable,
  staffId: number,
  settings: SelectionQuizSettings,
  now: Date,
): Promise<number> {
  await run(tx, qb.selectNoFrom(sql<string>`pg_advisory_xact_lock(4242039)`.as('locked')));
  const [row] = await run(
    tx,
    qb
      .insertInto('selection_quiz_versions')
      .values({
        version: sql<number>`(SELECT COALESCE(max(version), 0) + 1 FROM selection_quiz_versions)`,
        video_url: settings.video_url,
        poster_url: settings.poster_url,
        captions_url: settings.captions_url,
        questions: JSON.stringify(settings.questions),
        published_by: staffId,
        published_at: now,
      })
      .returning('version'),
  );
  return row!.version;
}
