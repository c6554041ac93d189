/**
 * The selection video and its quiz in the back office (docs/api.md "The selection video and quiz", decision 245):
 * every team member sees the current version and the history; an admin publishes the next version. The check is
 * machines/rules/selectionQuiz.ts, the same the screen's form runs; a refused version changes nothing, a published one
 * is an audit entry with what changed, before → after.
 */
import type { FastifyInstance } from 'fastify';
import { QUIZ_MESSAGES as M } from '../../machines/rules/messages';
import {
  checkSelectionQuiz,
  sameSettings,
  selectionQuizChanges,
  selectionQuizPaths,
} from '../../machines/rules/selectionQuiz';
import type { Context } from '../context';
import { invalid, refuse } from '../http';
import { bool, closed, envelope, int, text } from '../routes/answers';
import { object, str } from '../routes/schemas';
import { currentVersion, publishVersion, versionHistory } from '../selectionQuiz';
import type { StaffGuard } from './staffGuard';
import { staffSchema, withRefusals } from './routeSchema';
import { audit } from './store';

const question = closed({
  text,
  choices: { type: 'array', items: closed({ label: text, correct: bool }) },
});
const versionAnswer = closed({
  version: int,
  video_url: text,
  poster_url: text,
  captions_url: text,
  questions: { type: 'array', items: question },
  published_at: text,
  published_by: { type: ['string', 'null'] },
});
const settingsAnswer = closed({
  current: versionAnswer,
  history: {
    type: 'array',
    items: closed({ version: int, published_at: text, published_by: { type: ['string', 'null'] } }),
  },
});
// Types and sizes only: what is missing or wrong is said by the rule, in the catalogue's words.
const settingsBody = object(
  {
    video_url: str(),
    poster_url: str(),
    captions_url: str(),
    questions: { type: 'array', maxItems: 50 },
  },
  [],
);

export function selectionQuizRoutes(app: FastifyInstance, ctx: Context, staff: StaffGuard): void {
  const { db, config } = ctx;
  const appConfig = config.appConfig;

  const settings = async () => ({
    current: await currentVersion(db, appConfig, config.now()),
    history: await versionHistory(db),
  });

  app.get(
    selectionQuizPaths.settings,
    staffSchema(
      'The selection video and quiz now published (its addresses, questions, choices and right answers) and every version',
      withRefusals(envelope('Selection video', settingsAnswer), false),
    ),
    async (request) => {
      await staff(request);
      return { message: 'Selection video', data: await settings() };
    },
  );

  app.post<{ Body: Record<string, unknown> }>(
    selectionQuizPaths.settings,
    staffSchema(
      'Publish the next version of the selection video and quiz (admins): applicants who started keep theirs',
      withRefusals(envelope('Published', settingsAnswer), true, 400),
      { body: settingsBody },
    ),
    async (request) => {
      const admin = await staff(request, 'admin');
      const { value, issues } = checkSelectionQuiz(request.body ?? {});
      if (issues.length) throw refuse(issues);
      const version = await db.transaction(async (tx) => {
        const now = config.now();
        const before = await currentVersion(tx, appConfig, now);
        if (sameSettings(before, value)) throw invalid({ questions: [M.unchanged(before.version)] });
        const published = await publishVersion(tx, admin.id, value, now);
        await audit(tx, admin.id, 'selection_quiz_publish', now, null, {
          version: published,
          from_version: before.version,
          ...selectionQuizChanges(before, value),
        });
        return published;
      });
      return { message: M.published(version), data: await settings() };
    },
  );
}
