/**
 * The selection video and its quiz, versioned (decision 245): every team member sees the version now published; an
 * admin publishes the next; a reviewer's publish is refused with 403 and changes nothing; each bad value is refused
 * in the catalogue's words and changes nothing; a publish is an audit entry with before → after. An applicant keeps
 * the version they started when a newer one is published; a new applicant gets the newest; the funnel counts by
 * version.
 */
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { paths } from '../../machines/rules/contract';
import { QUIZ_MESSAGES as M } from '../../machines/rules/messages';
import { SELECTION_QUIZ } from '../../machines/rules/quiz';
import type { AuditEntry } from '../../machines/rules/reports';
import {
  quizRight,
  selectionQuizPaths,
  type SelectionQuizSettings,
  type SelectionQuizVersion,
} from '../../machines/rules/selectionQuiz';
import { staffPaths } from '../../machines/rules/staff/paths';
import { staffQueuePaths } from '../../machines/rules/staff/queue';
import { type StaffFunnel } from '../../machines/rules/staff/funnel';
import { VIDEO_POSTER_PLACEHOLDER } from '../../machines/rules/pages';
import { currentVersion, publishVersion } from '../../server/selectionQuiz';
import {
  CLIENT_PAGES,
  databases,
  useLeadAndAma,
  json,
  STAFF,
  START,
  useClientApp,
  useClock,
  verifiedApplicant,
} from './support';

const { lead: ADMIN } = STAFF;

interface Settings {
  current: SelectionQuizVersion;
  history: { version: number; published_at: string; published_by: string | null }[];
}

describe.each(databases)('the selection video and quiz, versioned, on $name', (database) => {
  const clock = useClock();
  const { t, team, as } = useLeadAndAma(database, clock);

  const settings = async (cookie = team.admin) => {
    const res = await as(cookie).get(selectionQuizPaths.settings);
    expect(res.statusCode).toBe(200);
    return json<{ data: Settings }>(res).data;
  };
  const stored = async () =>
    (await t.db.query('SELECT version, video_url, questions FROM selection_quiz_versions ORDER BY version'))
      .rows;
  const auditOf = async () => {
    const res = await as(team.admin).get(`${staffPaths.audit}?action=selection_quiz_publish`);
    return json<{ data: AuditEntry[] }>(res).data;
  };
  /** The quiz an applicant's video page asks for, with their session (or none). */
  const quizOf = async (cookie?: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: paths.selectionQuiz,
      headers: cookie ? { cookie } : {},
    });
    expect(res.statusCode).toBe(200);
    return json<{ data: Omit<SelectionQuizVersion, 'published_by'> }>(res).data;
  };
  const version2 = (v1: SelectionQuizSettings): SelectionQuizSettings => ({
    poster_url: v1.poster_url,
    captions_url: v1.captions_url,
    video_url: 'https://media.example.org/selection-2.mp4',
    questions: [
      {
        text: 'How long is the bootcamp?',
        choices: [
          { label: 'Twelve weeks', correct: true },
          { label: 'One weekend', correct: false },
        ],
      },
      v1.questions[1]!,
    ],
  });
  const refusedWith = (res: LightMyRequestResponse, field: string, message: string) => {
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ message, data: { error: { [field]: [message] } } });
  };

  it('version 1 is the quiz and video applicants had, and every team member sees it', async () => {
    const { current, history } = await settings(team.ama);
    expect(current).toMatchObject({
      version: 1,
      video_url: '/media/selection-video.mp4',
      poster_url: '/media/selection-video.jpg',
      captions_url: '/media/selection-video.vtt',
      published_by: null,
    });
    expect(current.questions.map((q) => q.text)).toEqual([
      SELECTION_QUIZ.question1,
      SELECTION_QUIZ.question2,
    ]);
    expect(quizRight(current, SELECTION_QUIZ.answers)).toBe(true);
    expect(history.map((h) => h.version)).toEqual([1]);
  });

  it('an admin publishes version 2, an audit entry says what changed; a reviewer is refused and changes nothing', async () => {
    const v1 = (await settings()).current;
    const refused = await as(team.ama).post(selectionQuizPaths.settings, version2(v1));
    expect(refused.statusCode).toBe(403);
    expect(await stored()).toHaveLength(1);

    const res = await as(team.admin).post(selectionQuizPaths.settings, version2(v1));
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(M.published(2));
    const { current, history } = await settings(team.ama);
    expect(current).toMatchObject({ version: 2, published_by: ADMIN, ...version2(v1) });
    expect(history.map((h) => [h.version, h.published_by])).toEqual([
      [2, ADMIN],
      [1, null],
    ]);

    const [entry] = await auditOf();
    expect(entry!.staff).toBe(ADMIN);
    expect(entry!.detail).toMatchObject({
      version: 2,
      from_version: 1,
      video_url: '/media/selection-video.mp4 → https://media.example.org/selection-2.mp4',
    });
    expect(String(entry!.detail.question_1)).toMatch(
      /^The Employment Bootcamp is: \[.*\] → How long is the bootcamp\? \[A \(right\): Twelve weeks; B: One weekend\]$/,
    );
    expect(entry!.detail).not.toHaveProperty('question_2');
  });

  it('refuses each bad value in the catalogue’s words and changes nothing', async () => {
    const v1 = (await settings()).current;
    const before = await stored();
    const noRight = {
      ...v1,
      questions: [{ text: 'Which?', choices: [{ label: 'One', correct: false }, { label: 'Two' }] }],
    };
    refusedWith(
      await as(team.admin).post(selectionQuizPaths.settings, noRight),
      'questions.0.correct',
      M.noRightAnswer(1),
    );
    const oneChoice = { ...v1, questions: [{ text: 'Which?', choices: [{ label: 'One', correct: true }] }] };
    refusedWith(
      await as(team.admin).post(selectionQuizPaths.settings, oneChoice),
      'questions.0.choices',
      M.tooFewChoices(1, 2),
    );
    const empty = { ...v1, questions: [{ ...v1.questions[0]!, text: ' ' }] };
    refusedWith(
      await as(team.admin).post(selectionQuizPaths.settings, empty),
      'questions.0.text',
      M.questionText(1),
    );
    refusedWith(
      await as(team.admin).post(selectionQuizPaths.settings, {
        ...v1,
        video_url: 'http://media.example.org/v.mp4',
      }),
      'video_url',
      M.videoUrl,
    );
    refusedWith(await as(team.admin).post(selectionQuizPaths.settings, v1), 'questions', M.unchanged(1));
    expect(await stored()).toEqual(before);
    expect(await auditOf()).toEqual([]);
  });

  it('an applicant who started on version 1 keeps it after version 2 is published; a new applicant gets version 2', async () => {
    const early = await verifiedApplicant(t, 'early@example.com');
    const started = await quizOf(early);
    expect(started.version).toBe(1);

    const v1 = (await settings()).current;
    expect((await as(team.admin).post(selectionQuizPaths.settings, version2(v1))).statusCode).toBe(200);

    // Mid-quiz: the same version, shown and scored as it was.
    const again = await quizOf(early);
    expect(again).toEqual(started);
    expect(quizRight(again, SELECTION_QUIZ.answers)).toBe(true);
    expect(quizRight(again, { 1: 'A', 2: 'C' })).toBe(false);

    const late = await verifiedApplicant(t, 'late@example.com');
    const theirs = await quizOf(late);
    expect(theirs.version).toBe(2);
    expect(theirs.video_url).toBe('https://media.example.org/selection-2.mp4');
    expect(theirs.questions[0]!.text).toBe('How long is the bootcamp?');
    expect(quizRight(theirs, { 1: 'A', 2: 'C' })).toBe(true);
    expect(quizRight(theirs, SELECTION_QUIZ.answers)).toBe(false);
    // The applicant is not told who published it.
    expect(theirs).not.toHaveProperty('published_by');

    // Signed out (decision 243): anyone may watch the newest, and nothing is recorded for anyone.
    expect((await quizOf()).version).toBe(2);
    const recorded = await t.db.query('SELECT email, quiz_version FROM applications ORDER BY email');
    expect(recorded.rows).toEqual([
      { email: 'early@example.com', quiz_version: 1 },
      { email: 'late@example.com', quiz_version: 2 },
    ]);
  });

  it('the funnel counts the video and quiz by the version each applicant started', async () => {
    const early = await verifiedApplicant(t, 'early@example.com');
    await quizOf(early);
    await verifiedApplicant(t, 'never@example.com');
    const v1 = (await settings()).current;
    await as(team.admin).post(selectionQuizPaths.settings, version2(v1));
    for (const email of ['late1@example.com', 'late2@example.com'])
      await quizOf(await verifiedApplicant(t, email));
    await t.db.query(
      `UPDATE applications SET submitted_at = $1, cohort_id = applied_cohort_id,
         video = '{"videoProgress":100,"isVideoEnded":true,"attemptCounter":1}'
       WHERE email IN ('early@example.com', 'late1@example.com')`,
      [clock.now],
    );
    const { rows } = await t.db.query<{ number: number }>(
      'SELECT c.number FROM cohorts c JOIN applications a ON a.applied_cohort_id = c.id LIMIT 1',
    );
    const res = await as(team.ama).get(`${staffQueuePaths.funnel}?cohort=${rows[0]!.number}`);
    expect(res.statusCode).toBe(200);
    expect(json<{ data: StaffFunnel }>(res).data.quizVersions).toEqual([
      { version: 1, started: 1, watched: 1 },
      { version: 2, started: 2, watched: 1 },
    ]);
  });
});

describe('the selection video page opens with the newest version’s poster and addresses (decisions 224, 245)', () => {
  const { t, url } = useClientApp({
    ...CLIENT_PAGES,
    'video.html': `<!doctype html><title>Video</title><meta name="app-config" content="{}" /><video poster="${VIDEO_POSTER_PLACEHOLDER}"></video>`,
  });
  const configOf = (html: string) =>
    JSON.parse(
      /<meta name="app-config" content="([^"]*)"/
        .exec(html)![1]!
        .replaceAll('&quot;', '"')
        .replaceAll('&amp;', '&'),
    ) as Record<string, unknown>;

  it('fills version 1, then the version published after it', async () => {
    const page = () => fetch(url('/apply/selection-video')).then((res) => res.text());
    const first = await page();
    expect(first).toContain('<video poster="/media/selection-video.jpg">');
    expect(configOf(first)).toMatchObject({ selectionVideoUrl: '/media/selection-video.mp4' });

    const { rows } = await t.db.query<{ id: number }>(
      "INSERT INTO staff (email, role, created_at) VALUES ('lead@bootcamp.example', 'admin', now()) RETURNING id",
    );
    const v1 = await currentVersion(t.db, {}, START);
    await t.db.transaction((tx) =>
      publishVersion(
        tx,
        rows[0]!.id,
        { ...v1, poster_url: 'https://media.example.org/poster-2.jpg', video_url: '/media/v2.mp4' },
        START,
      ),
    );
    const second = await page();
    expect(second).toContain('<video poster="https://media.example.org/poster-2.jpg">');
    expect(configOf(second)).toMatchObject({
      selectionVideoUrl: '/media/v2.mp4',
      selectionVideoPoster: 'https://media.example.org/poster-2.jpg',
    });
  });
});
